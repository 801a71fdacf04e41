/**
 * nltk's `SmoothingFunction` methods 0-7 (Chen & Cherry 2014) with nltk's defaults
 * (epsilon 0.1, alpha 5, k 5), replayed with Python's number semantics (see pynum.ts).
 * @internal
 */
import type { ClippedPrecision } from './ngrams.js';
import { add, div, mul, pyFloat, pyFrac, pyInt, ratioToFloat, sign, square, type PyNum } from './pynum.js';

/** Smoothing method numbers, as in nltk's `SmoothingFunction().methodN`; 0 is no smoothing. */
export type SmoothingMethod = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

const EPSILON = 0.1;
const ALPHA = 5;
const K = 5;
/** Python's `sys.float_info.min`, which nltk's method0 puts in place of a zero precision. */
export const FLOAT_MIN = 2.2250738585072014e-308;

/** What the methods see besides the precisions: the hypothesis length and the 5-gram precision. */
export interface SmoothingInput {
  hypLen: number;
  /** The modified 5-gram precision (method 5 and 7 average it in whatever the weights). */
  fivegram: () => ClippedPrecision;
}

const value = (p: ClippedPrecision): PyNum => pyFrac(p.numerator, p.denominator);

function method3(p: readonly ClippedPrecision[]): PyNum[] {
  let incvnt = 1;
  return p.map((p_i) => {
    if (p_i.numerator !== 0) return value(p_i);
    return pyFloat(ratioToFloat(1n, 2n ** BigInt(incvnt++) * BigInt(p_i.denominator)));
  });
}

function method4(p: readonly ClippedPrecision[], hypLen: number): PyNum[] {
  let incvnt = 1;
  return p.map((p_i) => {
    if (p_i.numerator !== 0 || hypLen <= 1) return value(p_i);
    const numerator = 1 / ((2 ** incvnt++ * K) / Math.log(hypLen));
    return pyFloat(numerator / p_i.denominator);
  });
}

/** Averages the n-1, n and n+1 precisions; the n+1 of the last order is always the 5-gram one. */
function method5(p_n: PyNum[], input: SmoothingInput): PyNum[] {
  const plus1 = [...p_n, value(input.fivegram())];
  let previous = add(p_n[0]!, pyInt(1));
  for (let i = 0; i < p_n.length; i++) {
    p_n[i] = div(add(add(previous, p_n[i]!), plus1[i + 1]!), pyInt(3));
    previous = p_n[i]!;
  }
  return p_n;
}

function method6(p: readonly ClippedPrecision[], input: SmoothingInput): PyNum[] {
  const p_n = p.map(value);
  if (p_n.length < 3) throw new RangeError('smoothing method 6 needs weights for at least 3 n-gram orders');
  if (sign(p_n[2]!) === 0) throw new RangeError('smoothing method 6 requires non-zero trigram precision (nltk asserts it)');
  for (let i = 2; i < p_n.length; i++) {
    // Never 0 in practice: p_1 > 0 and the asserted p_3 > 0 imply p_2 > 0, and later values stay > 0.
    const pi0 = sign(p_n[i - 2]!) === 0 ? pyInt(0) : div(square(p_n[i - 1]!), p_n[i - 2]!);
    const matches = pyInt(p[i]!.numerator);
    const ngramsInHyp = Math.max(0, input.hypLen - i);
    p_n[i] = div(add(matches, mul(pyInt(ALPHA), pi0)), pyInt(ngramsInHyp + ALPHA));
  }
  return p_n;
}

/** Applies a smoothing method to the clipped precisions of orders 1..N, returning the values nltk logs. */
export function smooth(method: SmoothingMethod, p: readonly ClippedPrecision[], input: SmoothingInput): PyNum[] {
  switch (method) {
    case 0:
      return p.map((p_i) => (p_i.numerator !== 0 ? value(p_i) : pyFloat(FLOAT_MIN)));
    case 1:
      return p.map((p_i) => (p_i.numerator !== 0 ? value(p_i) : pyFloat((p_i.numerator + EPSILON) / p_i.denominator)));
    case 2:
      return p.map((p_i, i) => (i === 0 ? value(p_i) : pyFrac(p_i.numerator + 1, p_i.denominator + 1)));
    case 3:
      return method3(p);
    case 4:
      return method4(p, input.hypLen);
    case 5:
      return method5(p.map(value), input);
    case 6:
      return method6(p, input);
    case 7:
      return method5(method4(p, input.hypLen), input);
  }
}
