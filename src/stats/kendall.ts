/**
 * Kendall's tau-b, as `scipy.stats.kendalltau(x, y)` (default variant 'b', METRICS §7):
 * tau_b = (concordant - discordant) / sqrt(tot - xtie) / sqrt(tot - ytie), where tot = n(n-1)/2
 * and xtie/ytie count pairs tied in x/y (joint ties counted in both). The pair counts are exact
 * integers, and the final division order is scipy's, so the result is bit-identical.
 * NaN, as scipy, when the input is empty, has a NaN, or either side is constant.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) {
    throw new Error(`kendallTauB: x and y must have the same length (${x.length} vs ${y.length})`);
  }
  const n = x.length;
  if (n === 0) return Number.NaN;
  for (let i = 0; i < n; i++) if (Number.isNaN(x[i]) || Number.isNaN(y[i])) return Number.NaN;
  const tot = (n * (n - 1)) / 2;
  let xtie = 0;
  let ytie = 0;
  let ntie = 0;
  let dis = 0;
  if (n <= 2000) {
    for (let i = 0; i < n; i++) {
      const xi = x[i]!;
      const yi = y[i]!;
      for (let j = i + 1; j < n; j++) {
        const dx = xi - x[j]!;
        const dy = yi - y[j]!;
        const tx = xi === x[j];
        const ty = yi === y[j];
        if (tx) xtie++;
        if (ty) ytie++;
        if (tx && ty) ntie++;
        if (!tx && !ty && (dx > 0) !== (dy > 0)) dis++;
      }
    }
  } else {
    ({ xtie, ytie, ntie, dis } = countsFast(x, y));
  }
  if (xtie === tot || ytie === tot) return Number.NaN;
  const conMinusDis = tot - xtie - ytie + ntie - 2 * dis;
  const tau = conMinusDis / Math.sqrt(tot - xtie) / Math.sqrt(tot - ytie);
  return Math.min(1, Math.max(-1, tau));
}

/** O(n log n) pair counts (sort by x then y, count discordant pairs by merge sort on y). */
function countsFast(x: readonly number[], y: readonly number[]): { xtie: number; ytie: number; ntie: number; dis: number } {
  const n = x.length;
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => x[a]! - x[b]! || y[a]! - y[b]!);
  const xs = idx.map((i) => x[i]!);
  const ys = idx.map((i) => y[i]!);
  const tiePairs = (runs: number[]): number => runs.reduce((s, c) => s + (c * (c - 1)) / 2, 0);
  const runsOf = (eq: (i: number) => boolean): number[] => {
    const runs: number[] = [];
    let c = 1;
    for (let i = 1; i < n; i++) {
      if (eq(i)) c++;
      else {
        runs.push(c);
        c = 1;
      }
    }
    runs.push(c);
    return runs;
  };
  const xtie = tiePairs(runsOf((i) => xs[i] === xs[i - 1]));
  const ntie = tiePairs(runsOf((i) => xs[i] === xs[i - 1] && ys[i] === ys[i - 1]));
  const ySorted = [...y].sort((a, b) => a - b);
  const ytie = tiePairs(runsOf((i) => ySorted[i] === ySorted[i - 1]));
  // discordant pairs = strict inversions of ys (ties in y never count; ties in x are ordered by y).
  let dis = 0;
  const buf = new Array<number>(n);
  const sortCount = (lo: number, hi: number): void => {
    if (hi - lo < 2) return;
    const mid = (lo + hi) >> 1;
    sortCount(lo, mid);
    sortCount(mid, hi);
    let i = lo;
    let j = mid;
    let k = lo;
    while (i < mid && j < hi) {
      if (ys[j]! < ys[i]!) {
        dis += mid - i;
        buf[k++] = ys[j++]!;
      } else buf[k++] = ys[i++]!;
    }
    while (i < mid) buf[k++] = ys[i++]!;
    while (j < hi) buf[k++] = ys[j++]!;
    for (let t = lo; t < hi; t++) ys[t] = buf[t]!;
  };
  sortCount(0, n);
  return { xtie, ytie, ntie, dis };
}
