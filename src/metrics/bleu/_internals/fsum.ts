/**
 * Python's `math.fsum`: the correctly rounded sum of doubles (Shewchuk's algorithm with the
 * partials and the final half-even correction of CPython's `math_fsum`). nltk sums the weighted
 * log precisions with it, so a naive left-to-right sum could differ in the last bits.
 * @internal
 */
export function fsum(values: Iterable<number>): number {
  const partials: number[] = [];
  let plain = 0;
  let special = false;
  for (const value of values) {
    plain += value;
    if (!Number.isFinite(value)) special = true;
    if (special) continue;
    let x = value;
    let i = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j]!;
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    if (x !== 0) {
      if (!Number.isFinite(x)) special = true; // intermediate overflow; fall back below
      partials.push(x);
    }
  }
  if (special) return plain; // infinities and NaN: the plain sum has the IEEE answer
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n]!;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n]!;
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  // Make half-even rounding work across multiple partials.
  if (n > 0 && ((lo < 0 && partials[n - 1]! < 0) || (lo > 0 && partials[n - 1]! > 0))) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi;
}
