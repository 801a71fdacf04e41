/**
 * Percentile bootstrap confidence intervals (METRICS §7), deterministic for a seed.
 *
 * Definition: draw `resamples` samples of the `units` (n draws with replacement, each unit
 * picked with probability 1/n by a mulberry32 generator seeded with `seed`), compute the
 * statistic on each, drop the resamples where it is not finite (e.g. tau-b of a constant
 * sample), and take the `(1 - confidence)/2` and `(1 + confidence)/2` quantiles of the rest
 * with linear interpolation between order statistics (numpy's default `np.percentile`,
 * method 'linear': h = (m - 1) q, x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h])).
 * Defaults: 1000 resamples, seed 0, 95 %. The resampling unit is the caller's choice; the
 * agreement statistics resample whole cases (all candidate pairs of a case together).
 */
import { mulberry32 } from '../util/prng.js';

export { mulberry32 };

/** `np.percentile(values, q * 100)` (linear interpolation) of values already sorted ascending; NaN when empty. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  const m = sorted.length;
  if (m === 0) return Number.NaN;
  const h = (m - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, m - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

export interface BootstrapOptions {
  /** Number of resamples (default 1000). */
  resamples?: number;
  /** PRNG seed (default 0). */
  seed?: number;
  /** Two-sided coverage (default 0.95). */
  confidence?: number;
}

export interface BootstrapInterval {
  low: number;
  high: number;
  confidence: number;
  resamples: number;
  /** Resamples whose statistic was finite (the ones the quantiles use). */
  valid: number;
  seed: number;
}

/** Percentile bootstrap CI of `statistic` over `units` resampled with replacement. NaN bounds when no resample is finite. */
export function bootstrapCI<T>(units: readonly T[], statistic: (sample: T[]) => number, options: BootstrapOptions = {}): BootstrapInterval {
  const resamples = options.resamples ?? 1000;
  const seed = options.seed ?? 0;
  const confidence = options.confidence ?? 0.95;
  if (!(confidence > 0 && confidence < 1)) throw new Error(`bootstrapCI: confidence must be in (0, 1), got ${confidence}`);
  const n = units.length;
  const values: number[] = [];
  if (n > 0) {
    const rand = mulberry32(seed);
    const sample = new Array<T>(n);
    for (let b = 0; b < resamples; b++) {
      for (let i = 0; i < n; i++) sample[i] = units[Math.floor(rand() * n)]!;
      const v = statistic(sample);
      if (Number.isFinite(v)) values.push(v);
    }
  }
  values.sort((a, b) => a - b);
  const alpha = (1 - confidence) / 2;
  return { low: quantileSorted(values, alpha), high: quantileSorted(values, 1 - alpha), confidence, resamples, valid: values.length, seed };
}
