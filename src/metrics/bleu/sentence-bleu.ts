import { fsum } from './_internals/fsum.js';
import { matchCounts, type ClippedPrecision } from './_internals/ngrams.js';
import { sign, toFloat } from './_internals/pynum.js';
import { FLOAT_MIN, smooth, type SmoothingMethod } from './_internals/smoothing.js';

export type { SmoothingMethod } from './_internals/smoothing.js';

/** Options of {@link sentenceBleu}; the names follow nltk's `sentence_bleu` arguments. */
export interface SentenceBleuOptions {
  /** One weight per n-gram order, any length (default BLEU-4: `[0.25, 0.25, 0.25, 0.25]`). */
  weights?: readonly number[];
  /** nltk `SmoothingFunction` method number; 0 (default) is none. */
  smoothing?: SmoothingMethod;
  /**
   * nltk's `auto_reweigh`: when the hypothesis has fewer than 4 tokens and `weights` is left at
   * its default, use uniform weights over the hypothesis length instead. nltk tests
   * `weights == (0.25, 0.25, 0.25, 0.25)` against a tuple, so weights passed as a Python list
   * are never re-weighted; a JS array is the list here, so explicit weights never are either
   * (this is how the parity vectors were generated: every row passes its weights as a list).
   */
  autoReweigh?: boolean;
}

const DEFAULT_WEIGHTS: readonly number[] = [0.25, 0.25, 0.25, 0.25];

/** The value nltk's smoothing methods 0-2 give one order (always positive). */
function simpleSmoothed(method: 0 | 1 | 2, numerator: number, denominator: number, order: number): number {
  if (method === 2) return order === 0 ? numerator / denominator : (numerator + 1) / (denominator + 1);
  if (numerator !== 0) return numerator / denominator;
  return method === 0 ? FLOAT_MIN : 0.1 / denominator;
}

/** exp(1 - r/c) for a hypothesis shorter than the closest reference, 1 otherwise, 0 if empty. */
function brevityPenalty(closestRefLen: number, hypLen: number): number {
  if (hypLen > closestRefLen) return 1;
  if (hypLen === 0) return 0;
  return Math.exp(1 - closestRefLen / hypLen);
}

/**
 * Sentence-level BLEU with the exact semantics of nltk's `sentence_bleu` (nltk 3.8-3.10):
 * modified n-gram precisions with counts clipped by the largest count in any reference, the
 * brevity penalty against the closest reference length (ties to the shorter), 0 when no
 * unigram matches, and otherwise `BP * exp(fsum(w_n * log p_n))` over the positive precisions
 * after smoothing. Without smoothing a zero precision becomes the smallest normal double, so an
 * exact 3-token match scores about 1e-77 under BLEU-4. Scores agree with nltk to ~1e-15
 * relative (the only differences are `log`/`exp` ulps). Methods 5 and 7 (and rarely 6) can
 * exceed 1, as in nltk.
 *
 * @param references tokenized references (at least one).
 * @param hypothesis the tokenized hypothesis.
 * @throws RangeError without references, for an unknown smoothing method, or where nltk raises
 *   (method 6 with fewer than 3 orders or a zero trigram precision).
 */
export function sentenceBleu(references: string[][], hypothesis: string[], options: SentenceBleuOptions = {}): number {
  const weights = options.weights ?? DEFAULT_WEIGHTS;
  const smoothing = options.smoothing ?? 0;
  if (!Number.isInteger(smoothing) || smoothing < 0 || smoothing > 7) {
    throw new RangeError(`unknown smoothing method ${String(smoothing)} (expected 0-7)`);
  }
  if (references.length === 0) throw new RangeError('sentenceBleu needs at least one reference');

  const counts = matchCounts(references, hypothesis, weights.length);
  const hypLen = hypothesis.length;
  let closest = references[0]!.length;
  for (const r of references) {
    const d = Math.abs(r.length - hypLen);
    const bestD = Math.abs(closest - hypLen);
    if (d < bestD || (d === bestD && r.length < closest)) closest = r.length;
  }
  const bp = brevityPenalty(closest, hypLen);

  if (weights.length === 0 || counts[0] === 0) return 0;

  let w: readonly number[] = weights;
  if (options.autoReweigh && options.weights === undefined && hypLen < 4) {
    w = new Array<number>(hypLen).fill(1 / hypLen);
  }
  const orders = Math.min(w.length, weights.length);
  const terms: number[] = [];
  if (smoothing <= 2) {
    // Methods 0-2 give nltk a Fraction or a float per order; float(Fraction(a, b)) is the
    // correctly rounded a / b, which is what one IEEE division of the (exact) integers gives.
    for (let i = 0; i < orders; i++) {
      const p = simpleSmoothed(smoothing as 0 | 1 | 2, counts[i]!, Math.max(1, hypLen - i), i);
      terms.push(w[i]! * Math.log(p));
    }
  } else {
    const precisions: ClippedPrecision[] = Array.from(counts.subarray(0, weights.length), (numerator, i) => ({ numerator, denominator: Math.max(1, hypLen - i) }));
    const fivegram = (): ClippedPrecision => ({ numerator: matchCounts(references, hypothesis, 5)[4]!, denominator: Math.max(1, hypLen - 4) });
    const p_n = smooth(smoothing, precisions, { hypLen, fivegram });
    for (let i = 0; i < orders; i++) {
      if (sign(p_n[i]!) > 0) terms.push(w[i]! * Math.log(toFloat(p_n[i]!)));
    }
  }
  return bp * Math.exp(fsum(terms));
}
