import { fsum } from './_internals/fsum.js';
import { interner, modifiedPrecision } from './_internals/ngrams.js';
import { sign, toFloat } from './_internals/pynum.js';
import { smooth, type SmoothingMethod } from './_internals/smoothing.js';

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

/** The reference length closest to the hypothesis length, the shorter one on ties. */
function closestRefLength(refLengths: readonly number[], hypLen: number): number {
  let best = refLengths[0]!;
  for (const len of refLengths) {
    const d = Math.abs(len - hypLen);
    const bestD = Math.abs(best - hypLen);
    if (d < bestD || (d === bestD && len < best)) best = len;
  }
  return best;
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

  const intern = interner();
  const refs = references.map(intern);
  const hyp = intern(hypothesis);
  const precisions = weights.map((_, i) => modifiedPrecision(refs, hyp, i + 1));
  const hypLen = hyp.length;
  const bp = brevityPenalty(closestRefLength(refs.map((r) => r.length), hypLen), hypLen);

  if (precisions.length === 0 || precisions[0]!.numerator === 0) return 0;

  const p_n = smooth(smoothing, precisions, { references: refs, hypothesis: hyp, hypLen });
  let w: readonly number[] = weights;
  if (options.autoReweigh && options.weights === undefined && hypLen < 4) {
    w = new Array<number>(hypLen).fill(1 / hypLen);
  }
  const terms: number[] = [];
  for (let i = 0; i < Math.min(w.length, p_n.length); i++) {
    if (sign(p_n[i]!) > 0) terms.push(w[i]! * Math.log(toFloat(p_n[i]!)));
  }
  return bp * Math.exp(fsum(terms));
}
