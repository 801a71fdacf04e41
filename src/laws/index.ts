/**
 * Metamorphic clinical laws (DESIGN §3, §5): property-based invariants checked with fast-check
 * against any registered metric, shrinking a failure to the smallest clinical edit. One file per
 * law; `evaluateLaw` scores through the runner's scheduler (./_internals/evaluate.ts says how).
 */
import { bounded } from './bounded.js';
import { deterministic } from './deterministic.js';
import { falseFindingPenalized } from './false-finding-penalized.js';
import { identityMax } from './identity-max.js';
import { lateralitySensitive } from './laterality-sensitive.js';
import { missingFindingPenalized } from './missing-finding-penalized.js';
import { negationSensitive } from './negation-sensitive.js';
import { normalEquivalence } from './normal-equivalence.js';
import { sentenceOrderInvariant } from './sentence-order-invariant.js';
import { severitySensitive } from './severity-sensitive.js';
import { significanceOrdered } from './significance-ordered.js';
import { symmetric } from './symmetric.js';
import { synonymInvariant } from './synonym-invariant.js';
import type { Law } from './_internals/types.js';
import { whitespaceInvariant } from './whitespace-invariant.js';

export type { Law, LawInstance, LawMetric, Probe, ProbeScores } from './_internals/types.js';
export { evaluateLaw, type EvaluateOptions, type LawCounterexample, type LawEvaluation } from './_internals/evaluate.js';
export { defaultSeed, scaledNumRuns, type RunSizing } from './_internals/runs.js';

/** Every law, by id, in the order reports list them. */
export const LAWS: Readonly<Record<string, Law>> = Object.fromEntries(
  [
    bounded,
    deterministic,
    identityMax,
    symmetric,
    whitespaceInvariant,
    sentenceOrderInvariant,
    synonymInvariant,
    falseFindingPenalized,
    missingFindingPenalized,
    negationSensitive,
    lateralitySensitive,
    severitySensitive,
    significanceOrdered,
    normalEquivalence,
  ].map((law) => [law.id, law]),
);

/** Law ids, in registry order. */
export const lawIds = (): string[] => Object.keys(LAWS);

/** The law with this id, or undefined. */
export function getLaw(id: string): Law | undefined {
  return Object.hasOwn(LAWS, id) ? LAWS[id] : undefined;
}
