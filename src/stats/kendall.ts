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
  const rx = scratch('rx', i32, n).subarray(0, n);
  const ry = scratch('ry', i32, n).subarray(0, n);
  const kx = denseRanks(x, rx);
  const ky = denseRanks(y, ry);
  return kendallTauBRanks(rx, ry, kx, ky);
}


/**
 * Scratch typed arrays reused across calls: a typed array of a few KB lives off the JS heap,
 * and allocating (and later finalising) a dozen per call cost more than the counting itself at
 * n = 1e3. Only sizes up to POOL_MAX are kept, so a 1e6 call does not pin 100 MB.
 */
const POOL_MAX = 1 << 16;
const pool = new Map<string, Int32Array | Uint32Array | Float64Array>();
function scratch<T extends Int32Array | Uint32Array | Float64Array>(name: string, make: (n: number) => T, n: number): T {
  if (n > POOL_MAX) return make(n);
  let a = pool.get(name) as T | undefined;
  if (!a || a.length < n) pool.set(name, (a = make(Math.max(n, 1024))));
  return a;
}
const i32 = (n: number) => new Int32Array(n);
const u32 = (n: number) => new Uint32Array(n);
const f64 = (n: number) => new Float64Array(n);

/**
 * Writes the dense rank (0-based: equal values share a rank, ranks have no gaps) of each value
 * into `out`; returns the number of distinct values. `-0` and `0` are one value, as in numpy.
 * Integers in a narrow range are ranked by counting; other values by the native typed-array
 * sort and a binary search (n < 1280) or an LSD radix sort on the IEEE bits (O(n)).
 */
export function denseRanks(values: ArrayLike<number>, out: Int32Array): number {
  const n = values.length;
  const f = scratch('f', f64, n);
  let min = Infinity;
  let max = -Infinity;
  let integers = true;
  for (let i = 0; i < n; i++) {
    const v = values[i]! + 0; // -0 + 0 is +0
    f[i] = v;
    if (v < min) min = v;
    if (v > max) max = v;
    if (integers && !Number.isInteger(v)) integers = false;
  }
  if (n === 0) return 0;
  // integers in a range of at most 4n (ratings, counts): ranks by counting, O(n + range)
  if (integers && max - min <= 4 * n + 256) return countingRanks(f, n, min, max - min + 1, out);
  // small inputs: the native sort and a binary search cost less than the radix passes; measured
  // (Node 20, random doubles): 200 vs 280 µs a call at n = 1000, 580 vs 330 at n = 2000
  if (n < 1280) return sortedRanks(f, n, out);
  return radixRanks(f, n, out);
}

function countingRanks(f: Float64Array, n: number, min: number, range: number, out: Int32Array): number {
  const rankOf = scratch('rankOf', i32, range).fill(0, 0, range);
  for (let i = 0; i < n; i++) rankOf[f[i]! - min] = 1;
  let u = 0;
  for (let k = 0; k < range; k++) if (rankOf[k] === 1) rankOf[k] = ++u;
  for (let i = 0; i < n; i++) out[i] = rankOf[f[i]! - min]! - 1;
  return u;
}

function sortedRanks(f: Float64Array, n: number, out: Int32Array): number {
  const sorted = scratch('sorted', f64, n).subarray(0, n);
  sorted.set(f.subarray(0, n));
  sorted.sort();
  let u = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[u - 1]) sorted[u++] = sorted[i]!;
  for (let i = 0; i < n; i++) {
    const v = f[i]!;
    let lo = 0;
    let hi = u - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
  }
  return u;
}

/** LSD radix sort on the IEEE bits: 11 bits a pass, passes where every value has the same digit skipped. */
function radixRanks(f: Float64Array, n: number, out: Int32Array): number {
  const bits = new Uint32Array(f.buffer, 0, 2 * n);
  let hi = scratch('hi', u32, n);
  let lo = scratch('lo', u32, n);
  let idx = scratch('idx', i32, n);
  for (let i = 0; i < n; i++) {
    // order-preserving unsigned key: flip every bit of a negative, the sign bit of a positive
    const h = bits[2 * i + 1]!;
    const l = bits[2 * i]!;
    const negative = h >>> 31 === 1;
    hi[i] = negative ? ~h >>> 0 : (h | 0x80000000) >>> 0;
    lo[i] = negative ? ~l >>> 0 : l;
    idx[i] = i;
  }
  let hi2 = scratch('hi2', u32, n);
  let lo2 = scratch('lo2', u32, n);
  let idx2 = scratch('idx2', i32, n);
  // six 11-bit digits (11 + 11 + 10 per 32-bit word), all histograms in one pass
  const counts = scratch('counts', i32, 6 * 2048).fill(0, 0, 6 * 2048);
  for (let i = 0; i < n; i++) {
    const l = lo[i]!;
    const h = hi[i]!;
    counts[l & 2047]!++;
    counts[2048 + ((l >>> 11) & 2047)]!++;
    counts[4096 + (l >>> 22)]!++;
    counts[6144 + (h & 2047)]!++;
    counts[8192 + ((h >>> 11) & 2047)]!++;
    counts[10240 + (h >>> 22)]!++;
  }
  for (let pass = 0; pass < 6; pass++) {
    const word = pass < 3 ? lo : hi;
    const shift = (pass % 3) * 11;
    const base = pass * 2048;
    if (counts[base + ((word[0]! >>> shift) & 2047)] === n) continue; // one digit value: the order stands
    let sum = 0;
    for (let b = base; b < base + 2048; b++) {
      const c = counts[b]!;
      counts[b] = sum;
      sum += c;
    }
    scatter(n, word, shift, counts, base, hi, lo, idx, hi2, lo2, idx2);
    const th = hi;
    hi = hi2;
    hi2 = th;
    const tl = lo;
    lo = lo2;
    lo2 = tl;
    const ti = idx;
    idx = idx2;
    idx2 = ti;
  }
  let rank = -1;
  for (let j = 0; j < n; j++) {
    if (j === 0 || hi[j] !== hi[j - 1] || lo[j] !== lo[j - 1]) rank++;
    out[idx[j]!] = rank;
  }
  return rank + 1;
}

/** One radix pass: moves the keys and indices into `counts`' order of the 11-bit digit at `shift`. */
function scatter(n: number, word: Uint32Array, shift: number, counts: Int32Array, base: number, hi: Uint32Array, lo: Uint32Array, idx: Int32Array, hi2: Uint32Array, lo2: Uint32Array, idx2: Int32Array): void {
  for (let i = 0; i < n; i++) {
    const at = counts[base + ((word[i]! >>> shift) & 2047)]!++;
    hi2[at] = hi[i]!;
    lo2[at] = lo[i]!;
    idx2[at] = idx[i]!;
  }
}

/**
 * tau-b counting by the groups of the side with few values (g: ranks 0..kg-1): elements of a
 * group against a running histogram of the other side (o) over the earlier groups. A pair is
 * discordant when the later group (larger g) has the smaller o; ties in g never count.
 */
function grouped(rg: Int32Array, ro: Int32Array, kg: number, ko: number): { gtie: number; otie: number; ntie: number; dis: number } {
  const n = rg.length;
  const start = scratch('gStart', i32, kg + 1).fill(0, 0, kg + 1);
  for (let i = 0; i < n; i++) start[rg[i]! + 1]!++;
  let gtie = 0;
  for (let k = 1; k <= kg; k++) {
    gtie += pairsOf(start[k]!);
    start[k]! += start[k - 1]!;
  }
  const order = scratch('gOrder', i32, n);
  const fill = scratch('gFill', i32, kg).fill(0, 0, kg);
  for (let i = 0; i < n; i++) {
    const g = rg[i]!;
    order[start[g]! + fill[g]!++] = i;
  }
  const totalO = scratch('gTotalO', i32, ko).fill(0, 0, ko);
  const leq = scratch('gLeq', i32, ko).fill(0, 0, ko); // earlier groups' elements with o <= v
  const hist = scratch('gHist', i32, ko).fill(0, 0, ko);
  let dis = 0;
  let ntie = 0;
  let earlier = 0;
  for (let g = 0; g < kg; g++) {
    const from = start[g]!;
    const to = start[g + 1]!;
    if (from === to) continue;
    for (let j = from; j < to; j++) {
      const v = ro[order[j]!]!;
      dis += earlier - leq[v]!;
      hist[v]!++;
      totalO[v]!++;
    }
    let running = 0;
    for (let v = 0; v < ko; v++) {
      running += hist[v]!;
      leq[v]! += running;
    }
    for (let j = from; j < to; j++) {
      const v = ro[order[j]!]!;
      const c = hist[v]!;
      if (c === 0) continue;
      ntie += pairsOf(c);
      hist[v] = 0;
    }
    earlier += to - from;
  }
  let otie = 0;
  for (let v = 0; v < ko; v++) otie += pairsOf(totalO[v]!);
  return { gtie, otie, ntie, dis };
}

/** scipy's final arithmetic: (tot - xtie - ytie + ntie - 2 dis) / sqrt(tot - xtie) / sqrt(tot - ytie), clipped to [-1, 1]. */
function tauFromCounts(n: number, xtie: number, ytie: number, ntie: number, dis: number): number {
  const tot = pairsOf(n);
  if (xtie === tot || ytie === tot) return Number.NaN;
  const conMinusDis = tot - xtie - ytie + ntie - 2 * dis;
  const tau = conMinusDis / Math.sqrt(tot - xtie) / Math.sqrt(tot - ytie);
  return Math.min(1, Math.max(-1, tau));
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
  // One side with few distinct values (ratings): count by groups of it, O(n + kx * ky).
  if (Math.min(kx, ky) * Math.max(kx, ky) <= 4 * n + 4096) {
    if (kx <= ky) {
      const c = grouped(rx, ry, kx, ky);
      return tauFromCounts(n, c.gtie, c.otie, c.ntie, c.dis);
    }
    const c = grouped(ry, rx, ky, kx); // discordance is symmetric; the ties keep their sides
    return tauFromCounts(n, c.otie, c.gtie, c.ntie, c.dis);
  }
  // counting sort by y, then a stable counting sort by x: the order (x, y)
  const cy = scratch('cy', i32, ky + 1).fill(0, 0, ky + 1);
  for (let i = 0; i < n; i++) cy[ry[i]! + 1]!++;
  let ytie = 0;
  for (let k = 1; k <= ky; k++) {
    ytie += pairsOf(cy[k]!);
    cy[k]! += cy[k - 1]!;
  }
  const byY = scratch('byY', i32, n);
  for (let i = 0; i < n; i++) byY[cy[ry[i]!]!++] = i;
  const cx = scratch('cx', i32, kx + 1).fill(0, 0, kx + 1);
  for (let i = 0; i < n; i++) cx[rx[i]! + 1]!++;
  let xtie = 0;
  for (let k = 1; k <= kx; k++) {
    xtie += pairsOf(cx[k]!);
    cx[k]! += cx[k - 1]!;
  }
  const ys = scratch('ys', i32, n);
  const xs = scratch('xs', i32, n);
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
  const tree = scratch('tree', i32, ky + 1).fill(0, 0, ky + 1);
  let dis = 0;
  for (let i = 0; i < n; i++) {
    const r = ys[i]! + 1;
    let notAbove = 0; // earlier items with y <= this one
    for (let k = r; k > 0; k -= k & -k) notAbove += tree[k]!;
    dis += i - notAbove;
    for (let k = r; k <= ky; k += k & -k) tree[k]!++;
  }
  return tauFromCounts(n, xtie, ytie, ntie, dis);
}
