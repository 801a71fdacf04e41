/**
 * Just enough of Python's numeric tower (int, fractions.Fraction, float) to replay nltk's BLEU
 * smoothing step by step. nltk mixes the three freely and the result type decides the rounding:
 * int / int and Fraction -> float are correctly rounded, Fraction arithmetic is exact, and any
 * operation with a float converts the other operand to float first. Mirroring that is what keeps
 * the scores within 1e-12 of nltk's.
 * @internal
 */
export type PyNum =
  | { kind: 'int'; value: bigint }
  | { kind: 'frac'; num: bigint; den: bigint }
  | { kind: 'float'; value: number };

export const pyInt = (value: number | bigint): PyNum => ({ kind: 'int', value: BigInt(value) });
export const pyFloat = (value: number): PyNum => ({ kind: 'float', value });

function gcd(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** `Fraction(num, den)`, kept reduced with a positive denominator (values only; see PyPrecision). */
export function pyFrac(num: number | bigint, den: number | bigint): PyNum {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('ZeroDivisionError: Fraction(x, 0)');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { kind: 'frac', num: n / g, den: d / g };
}

const bitLength = (x: bigint): number => (x === 0n ? 0 : x.toString(2).length);

/** n / d rounded to the nearest double, ties to even (Python's int / int and float(Fraction)). */
export function ratioToFloat(n: bigint, d: bigint): number {
  if (d === 0n) throw new RangeError('ZeroDivisionError: division by zero');
  if (d < 0n) [n, d] = [-n, -d];
  const negative = n < 0n;
  const a = negative ? -n : n;
  const LIMIT = 1n << 53n;
  let result: number;
  if (a < LIMIT && d < LIMIT) {
    result = Number(a) / Number(d); // both exact, one IEEE rounding
  } else if (a === 0n) {
    result = 0;
  } else {
    // q = floor(a * 2^shift / d) has 55 or 56 bits; round it to 53 with the remainder as sticky bit.
    const shift = 55 - (bitLength(a) - bitLength(d));
    const num = shift >= 0 ? a << BigInt(shift) : a;
    const den = shift >= 0 ? d : d << BigInt(-shift);
    let q = num / den;
    const sticky = num % den !== 0n;
    const extra = bitLength(q) - 53;
    const low = q & ((1n << BigInt(extra)) - 1n);
    const half = 1n << BigInt(extra - 1);
    q >>= BigInt(extra);
    if (low > half || (low === half && (sticky || (q & 1n) === 1n))) q += 1n;
    const exponent = extra - shift;
    const halfExp = Math.trunc(exponent / 2);
    result = Number(q) * 2 ** halfExp * 2 ** (exponent - halfExp);
  }
  return negative ? -result : result;
}

/** Python's `float(x)`. */
export function toFloat(x: PyNum): number {
  switch (x.kind) {
    case 'float':
      return x.value;
    case 'int':
      return Number(x.value); // correctly rounded, like Python's int -> float
    case 'frac':
      return ratioToFloat(x.num, x.den);
  }
}

const asFrac = (x: PyNum): { num: bigint; den: bigint } =>
  x.kind === 'frac' ? x : x.kind === 'int' ? { num: x.value, den: 1n } : (() => { throw new Error('float is not rational'); })();

/** Python's `a + b`. */
export function add(a: PyNum, b: PyNum): PyNum {
  if (a.kind === 'float' || b.kind === 'float') return pyFloat(toFloat(a) + toFloat(b));
  if (a.kind === 'int' && b.kind === 'int') return pyInt(a.value + b.value);
  const x = asFrac(a);
  const y = asFrac(b);
  return pyFrac(x.num * y.den + y.num * x.den, x.den * y.den);
}

/** Python's `a * b`. */
export function mul(a: PyNum, b: PyNum): PyNum {
  if (a.kind === 'float' || b.kind === 'float') return pyFloat(toFloat(a) * toFloat(b));
  if (a.kind === 'int' && b.kind === 'int') return pyInt(a.value * b.value);
  const x = asFrac(a);
  const y = asFrac(b);
  return pyFrac(x.num * y.num, x.den * y.den);
}

/** Python's `a / b` (true division; raises on a zero divisor like Python does). */
export function div(a: PyNum, b: PyNum): PyNum {
  if (a.kind === 'float' || b.kind === 'float') {
    const divisor = toFloat(b);
    if (divisor === 0) throw new RangeError('ZeroDivisionError: float division by zero');
    return pyFloat(toFloat(a) / divisor);
  }
  if (a.kind === 'int' && b.kind === 'int') return pyFloat(ratioToFloat(a.value, b.value));
  const x = asFrac(a);
  const y = asFrac(b);
  return pyFrac(x.num * y.den, x.den * y.num);
}

/** Python's `a ** 2`. */
export function square(a: PyNum): PyNum {
  return a.kind === 'float' ? pyFloat(a.value * a.value) : mul(a, a);
}

/** The sign of a value: -1, 0 or 1. */
export function sign(a: PyNum): number {
  if (a.kind === 'float') return Math.sign(a.value);
  const n = a.kind === 'int' ? a.value : a.num;
  return n > 0n ? 1 : n < 0n ? -1 : 0;
}
