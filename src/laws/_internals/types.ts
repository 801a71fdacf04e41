/** The shapes every law shares: what a law is, what one generated sample of it holds. */
import type fc from 'fast-check';
import type { ClinicalEdit } from '../../clinical/perturb/types.js';
import type { InputKind, MetricDeclaration } from '../../metrics/contract.js';

/** One request a law scores: `label` names it in checks, counterexamples and reports. */
export interface Probe {
  label: string;
  reference: string;
  candidate: string;
  /** Scored a second time, in a separate call that bypasses the cache (the `deterministic` law). */
  repeat?: boolean;
}

/**
 * One generated sample of a law: the probes to score, and what a reader needs to see when it
 * fails (the reference, each candidate text, the clinical edit between them).
 */
export interface LawInstance {
  reference: string;
  candidates: Record<string, string>;
  probes: Probe[];
  edit?: ClinicalEdit | ClinicalEdit[];
}

/** The scores of an instance's probes (by label) and the errors of those that failed. */
export interface ProbeScores {
  scores: Record<string, number>;
  errors: Record<string, string>;
}

/** What a check knows of the metric: the declaration fields laws read. */
export type LawMetric = Pick<MetricDeclaration, 'id' | 'direction' | 'range' | 'tieTolerance' | 'deterministic' | 'inputs' | 'symmetric'>;

/**
 * A metamorphic law. Its fast-check property is `arbitrary()` (samples, each a set of probes)
 * plus `check` (one sample's verdict from its scores); `evaluateLaw` (./evaluate.ts) builds the
 * `fc.asyncProperty` and scores through the runner's scheduler.
 */
export interface Law {
  id: string;
  /** One sentence a clinician can read: what must hold, and why. */
  description: string;
  /** Input kinds the law generates; a metric taking none of them is skipped. */
  inputs: InputKind[];
  /** Why the law does not apply to this metric (e.g. `symmetric` for undeclared ones), else undefined. */
  appliesTo(metric: LawMetric): string | undefined;
  defaultNumRuns: number;
  arbitrary(): fc.Arbitrary<LawInstance>;
  /** Undefined when the law holds for this sample, else why not, with the numbers. */
  check(instance: LawInstance, scored: ProbeScores, metric: LawMetric): string | undefined;
  /** Error outcomes are law failures (the `bounded` law) rather than error verdicts. */
  errorsAreFailures?: boolean;
}

/**
 * Scores requests for a law (the runner passes its scheduler; see src/runner/law-scorer.ts).
 * `cached: false` must compute afresh (the `deterministic` law's repeats).
 */
export type LawScorer = ((
  reg: import('../../metrics/registry.js').RegisteredMetric,
  requests: import('../../metrics/contract.js').ScoreRequest[],
  cached: boolean,
) => Promise<import('../../metrics/contract.js').ScoreOutcome[]>) & { memo?: LawMemo };

/**
 * A store of whole law evaluations for deterministic metrics, keyed by everything that decides
 * one (law, metric configuration, runs, seed, path, the package's code): a warm re-run of the
 * same seed skips generating, rendering and extracting again. The runner's scorer carries one
 * on its disk cache (src/runner/law-scorer.ts); without it every law runs.
 */
export interface LawMemo {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}
