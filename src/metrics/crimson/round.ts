/**
 * Python's `round(x, ndigits)` for floats: the decimal value nearest to the EXACT binary value
 * of `x`, ties to even, converted back to the nearest double. `Math.round(x * 1e4) / 1e4` and
 * `x.toFixed(4)` both get ties wrong (0.03125 -> 0.0313; Python gives 0.0312), and the
 * multiplication can itself round. The sign is kept, so small negatives give -0 as in Python.
 */
export function pyRound(x: number, ndigits = 4): number {
  if (!Number.isFinite(x) || x === 0) return x;
  if (!Number.isInteger(ndigits) || ndigits < 0 || ndigits > 22) throw new RangeError(`pyRound: ndigits must be an integer in 0..22, got ${ndigits}`);
  if (ndigits <= 15) {
    const fast = roundFast(x, ndigits);
    if (fast !== undefined) return fast;
  }
  return roundExact(x, ndigits);
}

const SPLITTER = 134217729; // 2^27 + 1, Dekker's split

/**
 * The same rounding without BigInt for the common range: |x| * 10^ndigits as an exact
 * double pair p + e (Dekker's two-product), the fraction p - floor(p) compared with 1/2 with
 * the sign of (p - floor(p) - 1/2) + e, which floating addition gets exactly. Undefined where
 * the pair could be inexact (tiny or huge values); the BigInt path handles those.
 */
function roundFast(x: number, ndigits: number): number | undefined {
  const a = Math.abs(x);
  const scale = 10 ** ndigits; // exact up to 1e22
  const p = a * scale;
  if (!(a > 1e-280 && p < 2 ** 52)) return undefined;
  const e = twoProductError(a, scale, p);
  const f = Math.floor(p);
  const d = p - f - 0.5 + e; // p - f is exact; (p - f) - 0.5 is exact; one rounding keeps the sign
  // an exact tie (d === 0) goes to the even neighbour; an integer p always rounds to itself
  const q = d > 0 || (d === 0 && f % 2 === 1) ? f + 1 : f;
  const magnitude = q / scale;
  return x < 0 ? -magnitude : magnitude;
}

/** The exact error of the product p = fl(a * b): a * b = p + e (no overflow or underflow). */
function twoProductError(a: number, b: number, p: number): number {
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

/** The BigInt path: exact for every finite double. Exported for tests. */
export function roundExact(x: number, ndigits: number): number {
  const { mantissa, exponent } = decompose(Math.abs(x));
  // |x| = mantissa * 2^exponent exactly; scaled = |x| * 10^ndigits = num / den exactly.
  const scale = 10n ** BigInt(ndigits);
  if (exponent >= 0) return x; // an integer already: nothing after the point
  const num = mantissa * scale;
  const den = 1n << BigInt(-exponent);
  let q = num / den;
  const twiceRem = (num % den) * 2n;
  if (twiceRem > den || (twiceRem === den && q % 2n === 1n)) q += 1n;
  // q / 10^ndigits as the nearest double, as Python's decimal-string-to-float step does: when q
  // is exact as a double (and 10^ndigits is, up to 1e22), one IEEE division rounds the exact
  // quotient once; otherwise parse the decimal string, which is correctly rounded too.
  const magnitude = q <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(q) / Number(scale) : Number(`${q}e-${ndigits}`);
  return x < 0 ? -magnitude : magnitude;
}

/** A positive finite double as mantissa * 2^exponent, exactly (mantissa a BigInt). */
function decompose(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  const frac = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased === 0) return { mantissa: frac, exponent: -1074 }; // subnormal
  return { mantissa: frac | (1n << 52n), exponent: biased - 1075 };
}
