/**
 * Kendall's tau-b, as `scipy.stats.kendalltau(x, y)` (default variant 'b', METRICS §7):
 * tau_b = (concordant - discordant) / sqrt(tot - xtie) / sqrt(tot - ytie), where tot = n(n-1)/2
 * and xtie/ytie count pairs tied in x/y (joint ties counted in both). The pair counts are exact
 * integers, and the final division order is scipy's, so the result is bit-identical.
 * NaN, as scipy, when the input is empty, has a NaN, or either side is constant.
 *
 * One code path for every n (Knight's algorithm, as scipy): both sides become dense integer
 * ranks (a radix sort), a counting sort orders the pairs by (x, y), and the
 * discordant pairs are the strict inversions of y in that order, counted with a Fenwick tree.
 */
export function kendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): number {
  if (x.length !== y.length) {
    throw new Error(`kendallTauB: x and y must have the same length (${x.length} vs ${y.length})`);
  }
  const n = x.length;
  if (n === 0) return Number.NaN;
  for (let i = 0; i < n; i++) if (Number.isNaN(x[i]) || Number.isNaN(y[i])) return Number.NaN;
  const rx = new Int32Array(n);
  const ry = new Int32Array(n);
  const kx = denseRanks(x, rx);
  const ky = denseRanks(y, ry);
  return kendallTauBRanks(rx, ry, kx, ky);
}

/**
 * Writes the dense rank (0-based: equal values share a rank, ranks have no gaps) of each value
 * into `out`; returns the number of distinct values. `-0` and `0` are one value, as in numpy.
 * An LSD radix sort on the IEEE bits (8 bits a pass, passes where every value has the same
 * byte skipped, so small integers take two or three passes): O(n) for any n, no comparator.
 */
export function denseRanks(values: ArrayLike<number>, out: Int32Array): number {
  const n = values.length;
  const f = new Float64Array(n);
  for (let i = 0; i < n; i++) f[i] = values[i]! + 0; // -0 + 0 is +0
  const bits = new Uint32Array(f.buffer);
  let hi = new Uint32Array(n);
  let lo = new Uint32Array(n);
  let idx = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    // order-preserving unsigned key: flip every bit of a negative, the sign bit of a positive
    const h = bits[2 * i + 1]!;
    const l = bits[2 * i]!;
    const negative = h >>> 31 === 1;
    hi[i] = negative ? ~h >>> 0 : (h | 0x80000000) >>> 0;
    lo[i] = negative ? ~l >>> 0 : l;
    idx[i] = i;
  }
  let hi2 = new Uint32Array(n);
  let lo2 = new Uint32Array(n);
  let idx2 = new Int32Array(n);
  // all eight byte histograms in one pass
  const counts = new Int32Array(8 * 256);
  for (let i = 0; i < n; i++) {
    const l = lo[i]!;
    const h = hi[i]!;
    counts[l & 255]!++;
    counts[256 + ((l >>> 8) & 255)]!++;
    counts[512 + ((l >>> 16) & 255)]!++;
    counts[768 + (l >>> 24)]!++;
    counts[1024 + (h & 255)]!++;
    counts[1280 + ((h >>> 8) & 255)]!++;
    counts[1536 + ((h >>> 16) & 255)]!++;
    counts[1792 + (h >>> 24)]!++;
  }
  for (let pass = 0; pass < 8; pass++) {
    const word = pass < 4 ? lo : hi;
    const shift = (pass % 4) * 8;
    const base = pass * 256;
    if (counts[base + ((word[0]! >>> shift) & 255)] === n) continue; // one byte value: the order stands
    let sum = 0;
    for (let b = base; b < base + 256; b++) {
      const c = counts[b]!;
      counts[b] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const at = counts[base + ((word[i]! >>> shift) & 255)]!++;
      hi2[at] = hi[i]!;
      lo2[at] = lo[i]!;
      idx2[at] = idx[i]!;
    }
    [hi, hi2, lo, lo2, idx, idx2] = [hi2, hi, lo2, lo, idx2, idx];
  }
  let rank = -1;
  for (let j = 0; j < n; j++) {
    if (j === 0 || hi[j] !== hi[j - 1] || lo[j] !== lo[j - 1]) rank++;
    out[idx[j]!] = rank;
  }
  return rank + 1;
}

/** Pairs among `count` items: c (c - 1) / 2. */
const pairsOf = (c: number): number => (c * (c - 1)) / 2;

/**
 * tau-b from dense ranks (x ranks in 0..kx-1, y ranks in 0..ky-1), without sorting: the
 * bootstrap ranks its data once and calls this per resample. Exact integer counts throughout.
 */
export function kendallTauBRanks(rx: Int32Array, ry: Int32Array, kx: number, ky: number): number {
  const n = rx.length;
  if (n === 0) return Number.NaN;
  // counting sort by y, then a stable counting sort by x: the order (x, y)
  const cy = new Int32Array(ky + 1);
  for (let i = 0; i < n; i++) cy[ry[i]! + 1]!++;
  let ytie = 0;
  for (let k = 1; k <= ky; k++) {
    ytie += pairsOf(cy[k]!);
    cy[k]! += cy[k - 1]!;
  }
  const byY = new Int32Array(n);
  for (let i = 0; i < n; i++) byY[cy[ry[i]!]!++] = i;
  const cx = new Int32Array(kx + 1);
  for (let i = 0; i < n; i++) cx[rx[i]! + 1]!++;
  let xtie = 0;
  for (let k = 1; k <= kx; k++) {
    xtie += pairsOf(cx[k]!);
    cx[k]! += cx[k - 1]!;
  }
  const ys = new Int32Array(n);
  const xs = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const i = byY[j]!;
    const at = cx[rx[i]!]!++;
    ys[at] = ry[i]!;
    xs[at] = rx[i]!;
  }
  // joint ties: runs of equal (x, y) in that order
  let ntie = 0;
  let run = 1;
  for (let i = 1; i < n; i++) {
    if (xs[i] === xs[i - 1] && ys[i] === ys[i - 1]) run++;
    else {
      ntie += pairsOf(run);
      run = 1;
    }
  }
  ntie += pairsOf(run);
  // discordant pairs = strict inversions of ys (equal y never counts; equal x is ordered by y)
  const tree = new Int32Array(ky + 1);
  let dis = 0;
  for (let i = 0; i < n; i++) {
    const r = ys[i]! + 1;
    let notAbove = 0; // earlier items with y <= this one
    for (let k = r; k > 0; k -= k & -k) notAbove += tree[k]!;
    dis += i - notAbove;
    for (let k = r; k <= ky; k += k & -k) tree[k]!++;
  }
  const tot = pairsOf(n);
  if (xtie === tot || ytie === tot) return Number.NaN;
  const conMinusDis = tot - xtie - ytie + ntie - 2 * dis;
  const tau = conMinusDis / Math.sqrt(tot - xtie) / Math.sqrt(tot - ytie);
  return Math.min(1, Math.max(-1, tau));
}
