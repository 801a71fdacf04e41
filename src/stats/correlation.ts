/**
 * Pearson and Spearman correlation, as `scipy.stats.pearsonr` and `scipy.stats.spearmanr`
 * (statistic only). Used for corpus-level agreement between a metric's per-report scores and
 * the mean human rating (S-RRG-Bench and CSEval validations).
 *
 * - pearson: centre both samples on their means, scale each by its Euclidean norm, take the
 *   dot product, clip to [-1, 1] (scipy's order of operations). NaN when n < 2 or a side is
 *   constant (scipy warns and returns NaN).
 * - spearman: Pearson on the average ranks (`scipy.stats.rankdata`, method 'average').
 * Sums are sequential; numpy sums pairwise, so results agree with scipy to ~1e-15, not
 * always to the last bit (the fixtures test a 1e-12 tolerance).
 */

/** `scipy.stats.rankdata(values)` (method 'average'): 1-based ranks, ties get their mean rank. */
export function rankAverage(values: readonly number[]): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a]! - values[b]! || a - b);
  const ranks = new Float64Array(n);
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && values[order[j + 1]!] === values[order[i]!]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]!] = rank;
    i = j + 1;
  }
  return ranks;
}

function mean(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s / xs.length;
}

/** Pearson's r (`scipy.stats.pearsonr(x, y).statistic`). */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number {
  if (x.length !== y.length) throw new Error(`pearson: x and y must have the same length (${x.length} vs ${y.length})`);
  const n = x.length;
  if (n < 2) return Number.NaN;
  const mx = mean(x);
  const my = mean(y);
  let nx = 0;
  let ny = 0;
  for (let i = 0; i < n; i++) {
    nx += (x[i]! - mx) ** 2;
    ny += (y[i]! - my) ** 2;
  }
  nx = Math.sqrt(nx);
  ny = Math.sqrt(ny);
  if (nx === 0 || ny === 0 || !Number.isFinite(nx + ny)) return Number.NaN;
  let r = 0;
  for (let i = 0; i < n; i++) r += ((x[i]! - mx) / nx) * ((y[i]! - my) / ny);
  return Math.max(-1, Math.min(1, r));
}

/** Spearman's rho (`scipy.stats.spearmanr(x, y).statistic`). NaN when a value is NaN. */
export function spearman(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) throw new Error(`spearman: x and y must have the same length (${x.length} vs ${y.length})`);
  if (x.some(Number.isNaN) || y.some(Number.isNaN)) return Number.NaN;
  return pearson(rankAverage(x), rankAverage(y));
}
