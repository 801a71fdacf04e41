/**
 * Paired approximate randomization (METRICS §7; RadEval's system comparison), deterministic for a seed.
 *
 * Definition: two systems A and B (two metrics, or two versions of one) give outputs `a[i]`,
 * `b[i]` on the same n cases. The observed difference is `d_obs = statistic(a) - statistic(b)`,
 * where `statistic` is the corpus metric (default: the mean, numpy's `np.mean`). Each of
 * `trials` trials (default 10,000) swaps each pair's two outputs independently with
 * probability 1/2 (one mulberry32 draw per pair, in case order: swap when the draw is < 0.5;
 * generator seeded with `seed`, default 0) and recomputes `d = statistic(a') - statistic(b')`.
 *
 *   p = (number of trials with |d| >= |d_obs|) / trials
 *
 * exactly that: no +1 smoothing, no tolerance on the comparison (so identical systems, where
 * every d is 0, give p = 1, and p can be 0). As trials grow, p tends to the exact permutation
 * p-value, (number of the 2^n swap patterns with |d| >= |d_obs|) / 2^n.
 */
import { mulberry32 } from './bootstrap.js';
import { numpyMean } from './numpy.js';

export interface RandomizationOptions<T = number> {
  /** Number of trials (default 10,000). */
  trials?: number;
  /** PRNG seed (default 0). */
  seed?: number;
  /** The corpus statistic of one system's outputs (default: the mean, for numbers only). */
  statistic?: (outputs: T[]) => number;
}

export interface RandomizationResult {
  /** statistic(a) - statistic(b). */
  observed: number;
  /** count / trials. */
  p: number;
  /** Trials with |d| >= |observed|. */
  count: number;
  trials: number;
  seed: number;
}

/** Paired approximate randomization test of statistic(a) - statistic(b) over paired outputs (see the module comment). */
export function pairedRandomization(a: readonly number[], b: readonly number[], options?: RandomizationOptions<number>): RandomizationResult;
export function pairedRandomization<T>(
  a: readonly T[],
  b: readonly T[],
  options: RandomizationOptions<T> & { statistic: (outputs: T[]) => number },
): RandomizationResult;
export function pairedRandomization<T>(a: readonly T[], b: readonly T[], options: RandomizationOptions<T> = {}): RandomizationResult {
  const trials = options.trials ?? 10_000;
  const seed = options.seed ?? 0;
  if (!Array.isArray(a) || !Array.isArray(b)) throw new TypeError('pairedRandomization: a and b must be arrays');
  if (a.length !== b.length) throw new Error(`pairedRandomization: a and b must have the same length (paired outputs), got ${a.length} and ${b.length}`);
  if (a.length === 0) throw new Error('pairedRandomization: needs at least one pair');
  if (!Number.isInteger(trials) || trials < 1) throw new Error(`pairedRandomization: trials must be a positive integer, got ${trials}`);
  if (!Number.isFinite(seed)) throw new Error(`pairedRandomization: seed must be a finite number, got ${seed}`);
  let statistic = options.statistic;
  if (statistic === undefined) {
    for (const x of [...a, ...b]) {
      if (typeof x !== 'number' || !Number.isFinite(x)) {
        throw new Error(`pairedRandomization: the default statistic (mean) needs finite numbers, got ${String(x)}; pass options.statistic for other outputs`);
      }
    }
    statistic = numpyMean as unknown as (outputs: T[]) => number;
  } else if (typeof statistic !== 'function') {
    throw new TypeError('pairedRandomization: options.statistic must be a function');
  }
  const n = a.length;
  const observed = statistic([...a]) - statistic([...b]);
  if (!Number.isFinite(observed)) throw new Error(`pairedRandomization: the observed difference is not finite (${observed})`);
  const target = Math.abs(observed);
  const rand = mulberry32(seed);
  const x = new Array<T>(n);
  const y = new Array<T>(n);
  let count = 0;
  for (let t = 0; t < trials; t++) {
    for (let i = 0; i < n; i++) {
      if (rand() < 0.5) {
        x[i] = b[i]!;
        y[i] = a[i]!;
      } else {
        x[i] = a[i]!;
        y[i] = b[i]!;
      }
    }
    // copies, so a statistic that sorts or mutates its input cannot disturb the next trial
    const d = statistic(x.slice()) - statistic(y.slice());
    if (Math.abs(d) >= target) count++;
  }
  return { observed, p: count / trials, count, trials, seed };
}
