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
import { pearson } from './correlation.js';
import { denseRanks, kendallTauBRanks } from './kendall.js';

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
  const sample = new Array<T>(units.length);
  return bootstrapIndices(units.length, (picks) => {
    for (let i = 0; i < picks.length; i++) sample[i] = units[picks[i]!]!;
    return statistic(sample);
  }, options);
}

/** Draw tables kept for reuse: a run bootstraps many statistics over the same cases and seed. */
const drawCache = new Map<string, Int32Array>();
const DRAW_CACHE_ENTRIES = 8;
const DRAW_CACHE_LIMIT = 1 << 22;

/**
 * The unit indices of every resample, back to back (`resamples` x `n`), as mulberry32(seed)
 * draws them; the same table for the same (n, resamples, seed), so it is computed once per
 * suite rather than once per statistic and metric.
 */
function draws(n: number, resamples: number, seed: number): Int32Array {
  const key = `${n}/${resamples}/${seed}`;
  const hit = drawCache.get(key);
  if (hit) return hit;
  const rand = mulberry32(seed);
  const all = new Int32Array(n * resamples);
  for (let k = 0; k < all.length; k++) all[k] = Math.floor(rand() * n);
  if (all.length <= DRAW_CACHE_LIMIT) {
    if (drawCache.size >= DRAW_CACHE_ENTRIES) drawCache.delete(drawCache.keys().next().value!);
    drawCache.set(key, all);
  }
  return all;
}

/**
 * The same bootstrap with the statistic given the resample as unit indices (the draws, and so
 * the interval, are those of {@link bootstrapCI} for the same seed): a statistic that prepared
 * its data once (ranks, arrays) only gathers per resample. `picks` is shared with later calls:
 * read it, never write it.
 */
export function bootstrapIndices(n: number, statistic: (picks: Int32Array) => number, options: BootstrapOptions = {}): BootstrapInterval {
  const resamples = options.resamples ?? 1000;
  const seed = options.seed ?? 0;
  const confidence = options.confidence ?? 0.95;
  if (!(confidence > 0 && confidence < 1)) throw new Error(`bootstrapCI: confidence must be in (0, 1), got ${confidence}`);
  const values: number[] = [];
  if (n > 0) {
    const all = draws(n, resamples, seed);
    for (let b = 0; b < resamples; b++) {
      const v = statistic(all.subarray(b * n, (b + 1) * n));
      if (Number.isFinite(v)) values.push(v);
    }
  }
  values.sort((a, b) => a - b);
  const alpha = (1 - confidence) / 2;
  return { low: quantileSorted(values, alpha), high: quantileSorted(values, 1 - alpha), confidence, resamples, valid: values.length, seed };
}

/** Points (x, y) of one resampling unit (a case): they are drawn together. */
export interface PointCluster {
  x: readonly number[];
  y: readonly number[];
}

/**
 * Percentile bootstrap CI of Kendall's tau-b over clusters of points resampled whole, equal to
 * `bootstrapCI(clusters, (s) => kendallTauB(s.flatMap(c => c.x), s.flatMap(c => c.y)))` bit for
 * bit, but both sides are ranked once: tau-b depends only on the order of the values, so the
 * ranks of the full data serve every resample, which only gathers them (no sort per resample).
 */
export function bootstrapTauB(clusters: readonly PointCluster[], options: BootstrapOptions = {}): BootstrapInterval {
  const starts: number[] = [0];
  const xs: number[] = [];
  const ys: number[] = [];
  const hasNaN: boolean[] = [];
  for (const c of clusters) {
    if (c.x.length !== c.y.length) throw new Error(`bootstrapTauB: a cluster has ${c.x.length} x and ${c.y.length} y values`);
    let nan = false;
    for (let i = 0; i < c.x.length; i++) {
      if (Number.isNaN(c.x[i]) || Number.isNaN(c.y[i])) nan = true;
      xs.push(c.x[i]!);
      ys.push(c.y[i]!);
    }
    hasNaN.push(nan);
    starts.push(xs.length);
  }
  const total = xs.length;
  const rx = new Int32Array(total);
  const ry = new Int32Array(total);
  const kx = denseRanks(xs, rx);
  const ky = denseRanks(ys, ry);
  let sx = new Int32Array(0);
  let sy = new Int32Array(0);
  return bootstrapIndices(clusters.length, (picks) => {
    let m = 0;
    for (let i = 0; i < picks.length; i++) {
      const c = picks[i]!;
      if (hasNaN[c]) return Number.NaN; // kendallTauB is NaN on any NaN
      m += starts[c + 1]! - starts[c]!;
    }
    if (sx.length < m) [sx, sy] = [new Int32Array(m * 2), new Int32Array(m * 2)];
    let k = 0;
    for (let i = 0; i < picks.length; i++) {
      const c = picks[i]!;
      for (let j = starts[c]!; j < starts[c + 1]!; j++, k++) {
        sx[k] = rx[j]!;
        sy[k] = ry[j]!;
      }
    }
    return kendallTauBRanks(sx.subarray(0, m), sy.subarray(0, m), kx, ky);
  }, options);
}

/** Points of the clusters back to back, with where each cluster starts and whether it holds a NaN. */
function flatten(clusters: readonly PointCluster[], who: string): { xs: Float64Array; ys: Float64Array; starts: Int32Array; hasNaN: Uint8Array } {
  const starts = new Int32Array(clusters.length + 1);
  for (let c = 0; c < clusters.length; c++) {
    const { x, y } = clusters[c]!;
    if (x.length !== y.length) throw new Error(`${who}: a cluster has ${x.length} x and ${y.length} y values`);
    starts[c + 1] = starts[c]! + x.length;
  }
  const xs = new Float64Array(starts[clusters.length]!);
  const ys = new Float64Array(xs.length);
  const hasNaN = new Uint8Array(clusters.length);
  for (let c = 0; c < clusters.length; c++) {
    const { x, y } = clusters[c]!;
    for (let i = 0, k = starts[c]!; i < x.length; i++, k++) {
      xs[k] = x[i]!;
      ys[k] = y[i]!;
      if (Number.isNaN(xs[k]) || Number.isNaN(ys[k])) hasNaN[c] = 1;
    }
  }
  return { xs, ys, starts, hasNaN };
}

/**
 * Percentile bootstrap CI of Pearson's r or Spearman's rho over clusters of points resampled
 * whole, equal bit for bit to `bootstrapCI(clusters, (s) => stat(s.flatMap(c => c.x),
 * s.flatMap(c => c.y)))`. Nothing is allocated or sorted per resample: Spearman's average
 * ranks within a resample follow from the dense ranks of the full data and how often each
 * point was drawn (a tie group after `before` smaller values, drawn `count` times, has rank
 * `before + (count + 1) / 2`, as rankdata gives), and Pearson then sees the same values in
 * the same order as on the flattened sample.
 */
export function bootstrapCorrelation(clusters: readonly PointCluster[], kind: 'pearson' | 'spearman', options: BootstrapOptions = {}): BootstrapInterval {
  const { xs, ys, starts, hasNaN } = flatten(clusters, 'bootstrapCorrelation');
  const total = xs.length;
  const rx = new Int32Array(total);
  const ry = new Int32Array(total);
  const kx = kind === 'spearman' ? denseRanks(xs, rx) : 0;
  const ky = kind === 'spearman' ? denseRanks(ys, ry) : 0;
  const count = [new Float64Array(kx), new Float64Array(ky)] as const;
  let sx = new Float64Array(0);
  let sy = new Float64Array(0);
  return bootstrapIndices(clusters.length, (picks) => {
    let m = 0;
    for (let i = 0; i < picks.length; i++) {
      const c = picks[i]!;
      if (hasNaN[c]) return Number.NaN; // pearson and spearman are NaN on any NaN
      m += starts[c + 1]! - starts[c]!;
    }
    if (sx.length < m) [sx, sy] = [new Float64Array(m * 2), new Float64Array(m * 2)];
    if (kind === 'pearson') {
      let k = 0;
      for (let i = 0; i < picks.length; i++) {
        const c = picks[i]!;
        for (let j = starts[c]!; j < starts[c + 1]!; j++, k++) {
          sx[k] = xs[j]!;
          sy[k] = ys[j]!;
        }
      }
      return pearson(sx.subarray(0, m), sy.subarray(0, m));
    }
    // how often each dense rank was drawn, then each rank's average position
    const [cx, cy] = count;
    cx.fill(0);
    cy.fill(0);
    for (let i = 0; i < picks.length; i++) {
      const c = picks[i]!;
      for (let j = starts[c]!; j < starts[c + 1]!; j++) {
        cx[rx[j]!]!++;
        cy[ry[j]!]!++;
      }
    }
    averageRanks(cx);
    averageRanks(cy);
    let k = 0;
    for (let i = 0; i < picks.length; i++) {
      const c = picks[i]!;
      for (let j = starts[c]!; j < starts[c + 1]!; j++, k++) {
        sx[k] = cx[rx[j]!]!;
        sy[k] = cy[ry[j]!]!;
      }
    }
    return pearson(sx.subarray(0, m), sy.subarray(0, m));
  }, options);
}

/** Turns counts per dense rank into the 1-based average rank of each (`rankdata`'s 'average'), in place. */
function averageRanks(counts: Float64Array): void {
  let before = 0;
  for (let d = 0; d < counts.length; d++) {
    const c = counts[d]!;
    counts[d] = before + (c + 1) / 2;
    before += c;
  }
}
