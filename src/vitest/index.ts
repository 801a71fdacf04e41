/**
 * `metric-suite/vitest`: matchers for metric authors' own vitest suites. Importing this module
 * registers them with `expect.extend` (or call `installMetricMatchers(expect)` yourself):
 *
 *   import 'metric-suite/vitest';
 *   await expect(metric).toRank('Left effusion.', ['Left effusion.', 'Right effusion.']);
 *   await expect(metric).toScoreBetween(reference, candidate, 0.8, 1);
 *   await expect(metric).toSatisfyLaw('negation-sensitive', { numRuns: 50 });
 *
 * `metric` is a metric object (the contract of src/metrics/contract.ts, e.g. from `defineMetric`)
 * or a metric id: a built-in (`'bleu'`) or one from the project's config (`'my-metric'`, any
 * kind: module, Python command, http). The matchers are async: always `await` them.
 */
import { afterAll, expect } from 'vitest';
import type { Report } from '../metrics/contract.js';
import { checkLaw, checkRank, checkScoreBetween, type LawOptions, type MetricLike, type RankOptions } from './matchers.js';
import { closeMetrics } from './resolve.js';

export { closeMetrics, metricById } from './resolve.js';
export { checkLaw, checkRank, checkScoreBetween, registeredOf, resolveMetric, type LawOptions, type MatcherResult, type MetricLike, type RankOptions } from './matchers.js';

/** The matchers metric-suite adds to vitest's `expect` (each returns a promise: await it). */
export interface MetricMatchers<R = unknown> {
  /** `candidates` are ordered best first; each must beat the next by more than the tolerance (default: the metric's tieTolerance). */
  toRank(reference: Report, candidates: Report[], options?: RankOptions): Promise<R>;
  /** The candidate's score lies in [min, max]. */
  toScoreBetween(reference: Report, candidate: Report, min: number, max: number): Promise<R>;
  /** The metamorphic law (src/laws, e.g. `negation-sensitive`) holds; a failure shows the shrunk counterexample. */
  toSatisfyLaw(lawId: string, options?: LawOptions): Promise<R>;
}

declare global {
  // vitest's `Assertion` maps the members of chai's global `Chai.Assertion` onto itself, so a
  // method declared here is a method of `expect(x)`, whichever copy of vitest the test file
  // resolves. (A `declare module 'vitest'` augmentation binds to the copy resolved from this
  // file's real path: after a folder install, the package folder's own, not the project's.)
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Chai {
    interface Assertion extends MetricMatchers<void> {}
  }
}

interface State {
  isNot: boolean;
}

/** The matcher implementations, for `expect.extend`. */
export const metricMatchers = {
  async toRank(this: State, received: MetricLike, reference: Report, candidates: Report[], options?: RankOptions) {
    return checkRank(received, reference, candidates, options, this.isNot);
  },
  async toScoreBetween(this: State, received: MetricLike, reference: Report, candidate: Report, min: number, max: number) {
    return checkScoreBetween(received, reference, candidate, min, max, this.isNot);
  },
  async toSatisfyLaw(this: State, received: MetricLike, lawId: string, options?: LawOptions) {
    return checkLaw(received, lawId, options, this.isNot);
  },
};

/** Registers the matchers with an `expect` (vitest's by default); importing this module already did. */
export function installMetricMatchers(target: { extend(matchers: Record<string, unknown>): void } = expect): void {
  target.extend(metricMatchers);
}

installMetricMatchers();

// Metrics created by id (Python workers, sessions) close after each test file that imported this.
try {
  afterAll(closeMetrics);
} catch {
  /* imported outside a test file's collection (a plain script): nothing to hook */
}
