/**
 * The laws phase of a run (DESIGN §5): which laws run for which metric of a suite, with which
 * runs, seed and path, and their verdicts as LawResults. The runner plans with `planSuiteLaws` and calls `runLaw` per law × metric after
 * the suite's cases.
 */
import type { RegisteredMetric } from '../metrics/registry.js';
import type { Problem } from '../cases/problem.js';
import { didYouMean } from '../cases/lint/suggest.js';
import type { LawResult } from '../runner/results.js';
import type { LawSelection, Suite } from '../suite/schema.js';
import { evaluateLaw, type LawEvaluation } from './_internals/evaluate.js';
import { stableStringify } from '../util/stable-json.js';
import { defaultSeed, scaledNumRuns } from './_internals/runs.js';
import { getLaw, lawIds } from './index.js';
import type { LawScorer } from './_internals/types.js';

/** Command-line overrides of the suites' law options. */
export interface LawOverrides {
  /** Only these law ids (`--law`, repeatable). */
  laws?: string[];
  /** `--seed`: every law's seed. */
  seed?: number;
  /** `--law-path`: replay this counterexample path. */
  lawPath?: string;
  /** `--num-runs`: exactly this many runs, not scaled by cost. */
  numRuns?: number;
}

/** A law selection with its defaults filled in. */
export interface PlannedLaw {
  law: string;
  options: Exclude<LawSelection, string>;
  /** The suite's metrics this selection applies to. */
  metrics: string[];
}

/** The suite's law selections after `--law`; unknown law ids and metrics are problems. */
export function planSuiteLaws(suite: Suite, overrides: LawOverrides): { laws: PlannedLaw[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const at = { file: suite.file, line: 1, column: 1 };
  const laws: PlannedLaw[] = [];
  for (const sel of suite.laws ?? []) {
    const options = typeof sel === 'string' ? { law: sel } : sel;
    if (!getLaw(options.law)) {
      problems.push({ ...at, message: `suite "${suite.name}": unknown law "${options.law}" (${didYouMean(options.law, lawIds()) || `laws: ${lawIds().join(', ')}`})` });
      continue;
    }
    if (overrides.laws?.length && !overrides.laws.includes(options.law)) continue;
    // The suite file's own metric list (`--metric` narrows suite.metrics, not what the file may name).
    const declared = Object.keys(suite.metricAt).length > 0 ? Object.keys(suite.metricAt) : suite.metrics;
    const unknown = (options.metrics ?? []).filter((m) => !declared.includes(m));
    const expectedUnknown = Object.keys(options.expected ?? {}).filter((m) => !declared.includes(m));
    for (const m of [...new Set([...unknown, ...expectedUnknown])]) {
      problems.push({ ...at, message: `suite "${suite.name}": law "${options.law}" names metric "${m}", which is not among the suite's metrics` });
    }
    laws.push({ law: options.law, options, metrics: (options.metrics ?? suite.metrics).filter((m) => suite.metrics.includes(m)) });
  }
  return { laws, problems };
}

export interface LawRunContext {
  suite: string;
  /** The runner's scheduler (src/runner/law-scorer.ts). */
  score: LawScorer;
  overrides: LawOverrides;
  informational: boolean;
}

/** Runs one planned law against one metric; never throws. */
export async function runLaw(planned: PlannedLaw, reg: RegisteredMetric, ctx: LawRunContext): Promise<LawResult> {
  const law = getLaw(planned.law)!;
  const o = planned.options;
  const cost = reg.metric.cost ?? 1;
  const numRuns = ctx.overrides.numRuns ?? scaledNumRuns({ numRuns: o.numRuns ?? law.defaultNumRuns, cost, ...(o.scaleByCost === undefined ? {} : { scaleByCost: o.scaleByCost }), ...(o.minRuns === undefined ? {} : { minRuns: o.minRuns }) });
  const seed = ctx.overrides.seed ?? o.seed ?? defaultSeed(law.id);
  const base: LawResult = {
    law: law.id,
    metric: reg.id,
    verdict: 'skip',
    numRuns,
    seed,
    suite: ctx.suite,
    description: law.description,
    ...(o.expected?.[reg.id] === 'fail' ? { expected: 'fail' as const } : {}),
    ...(ctx.informational ? { informational: true } : {}),
  };
  let notApplicable: string | undefined;
  try {
    notApplicable = law.appliesTo(reg.metric);
  } catch (e) {
    return { ...base, verdict: 'error', reason: `the law could not decide whether it applies: ${(e as Error)?.message ?? String(e)}` };
  }
  if (notApplicable) return { ...base, reason: `not applicable: ${notApplicable}` };
  const shrink = o.shrink ?? cost < 100;
  // A deterministic local metric gives the same evaluation for the same law, runs, seed and path:
  // reuse a stored one (errors are never stored, so they are retried).
  const memo = reg.metric.deterministic && !reg.metric.remote ? ctx.score.memo : undefined;
  const key = memo && stableStringify({ law: law.id, metric: reg.id, version: reg.metric.version, config: reg.configHash, numRuns, seed, path: ctx.overrides.lawPath ?? null, shrink });
  const stored = key ? asEvaluation(memo!.get(key)) : undefined;
  const r = stored ?? await evaluateLaw(law, reg, {
    numRuns,
    seed,
    ...(ctx.overrides.lawPath ? { path: ctx.overrides.lawPath } : {}),
    shrink,
    score: ctx.score,
  });
  if (key && !stored && r.verdict !== 'error') memo!.set(key, r);
  return {
    ...base,
    verdict: r.verdict,
    seed: r.seed,
    ...(r.path !== undefined ? { path: r.path } : {}),
    ...(r.shrinks !== undefined ? { shrinks: r.shrinks } : {}),
    ...(r.counterexample ? { counterexample: r.counterexample } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
  };
}

/** A stored evaluation, if it has the shape of one (a hand-edited entry is a miss). */
function asEvaluation(v: unknown): LawEvaluation | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const e = v as LawEvaluation;
  return (e.verdict === 'pass' || e.verdict === 'fail') && typeof e.numRuns === 'number' && typeof e.seed === 'number' ? e : undefined;
}

/** A skip result for a metric that could not be created here. */
export function unavailableLaw(planned: PlannedLaw, metric: string, reason: string, suite: string): LawResult {
  const law = getLaw(planned.law)!;
  return { law: law.id, metric, verdict: 'skip', numRuns: 0, seed: planned.options.seed ?? defaultSeed(law.id), suite, reason: `${metric} unavailable: ${reason}` };
}
