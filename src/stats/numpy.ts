/**
 * numpy's float64 summation, reproduced exactly: `np.add.reduce` on a contiguous array runs
 * `pairwise_sum_DOUBLE` (numpy/_core/src/umath/loops_utils.h.src): below 8 elements a plain
 * loop; up to 128 (PW_BLOCKSIZE) eight unrolled accumulators combined as
 * ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)) then the remainder; above, a split at n/2 rounded down
 * to a multiple of 8. `np.mean` divides that sum by n.
 */
const PW_BLOCKSIZE = 128;

function pairwise(a: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let res = -0; // numpy 2 reduces from the identity -0.0 (0.0 + x would differ only for -0.0)
    for (let i = 0; i < n; i++) res += a[start + i]!;
    return res;
  }
  if (n <= PW_BLOCKSIZE) {
    const r = new Float64Array(8);
    for (let j = 0; j < 8; j++) r[j] = a[start + j]!;
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) r[j]! += a[start + i + j]!;
    }
    let res = (r[0]! + r[1]! + (r[2]! + r[3]!)) + (r[4]! + r[5]! + (r[6]! + r[7]!));
    for (; i < n; i++) res += a[start + i]!;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwise(a, start, n2) + pairwise(a, start + n2, n - n2);
}

/** `np.sum(values)` for float64 values (pairwise summation). */
export function numpySum(values: ArrayLike<number>): number {
  return pairwise(values, 0, values.length);
}

/** `np.mean(values)`; NaN for an empty input, as numpy. */
export function numpyMean(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  return numpySum(values) / values.length;
}
