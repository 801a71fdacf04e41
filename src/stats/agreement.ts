/**
 * Agreement of a metric with human preferences (METRICS §1.4), on candidate pairs.
 *
 * A preference is a sign: +1 (the first item is better), -1 (the second is), 0 (tie).
 * - Metric side: sign of the score difference, 0 when |difference| <= tolerance.
 * - Rater side: sign of the rating difference (higher rating = better).
 * Pairwise accuracy, for pairs where both signs are known:
 * - with ties: correct when the two signs are equal (a tied rating needs a metric tie);
 *   denominator: every pair.
 * - without ties: pairs with a tied rating are left out; a metric tie on the rest is wrong;
 *   denominator: pairs the rater did not tie.
 * Majority: the sign most raters gave (strict plurality among raters who rated both items);
 * no majority (e.g. +1, 0, -1, or a 1-1 split) leaves the pair out of the majority statistics.
 */

/** Sign of a difference with a tie tolerance: 0 when |d| <= tolerance. */
export function preferenceSign(d: number, tolerance = 0): -1 | 0 | 1 {
  if (Math.abs(d) <= tolerance) return 0;
  return d > 0 ? 1 : -1;
}

export interface PairwiseAccuracy {
  /** Pairs compared (both signs known). */
  pairs: number;
  /** Pairs whose signs are equal. */
  correct: number;
  /** correct / pairs; null when there is no pair. */
  withTies: number | null;
  /** Pairs with an untied reference sign. */
  untiedPairs: number;
  /** Of those, pairs where the predicted sign equals it (a predicted tie is wrong). */
  correctUntied: number;
  /** correctUntied / untiedPairs; null when there is no untied pair. */
  withoutTies: number | null;
}

/**
 * Accuracy of predicted signs against reference signs (same length; `undefined` entries,
 * on either side, leave the pair out).
 */
export function pairwiseAccuracy(predicted: readonly (number | undefined)[], reference: readonly (number | undefined)[]): PairwiseAccuracy {
  if (predicted.length !== reference.length) throw new Error(`pairwiseAccuracy: lengths differ (${predicted.length} vs ${reference.length})`);
  let pairs = 0;
  let correct = 0;
  let untiedPairs = 0;
  let correctUntied = 0;
  for (let i = 0; i < predicted.length; i++) {
    const p = predicted[i];
    const r = reference[i];
    if (p === undefined || r === undefined) continue;
    const ps = Math.sign(p);
    const rs = Math.sign(r);
    pairs++;
    if (ps === rs) correct++;
    if (rs !== 0) {
      untiedPairs++;
      if (ps === rs) correctUntied++;
    }
  }
  return {
    pairs,
    correct,
    withTies: pairs ? correct / pairs : null,
    untiedPairs,
    correctUntied,
    withoutTies: untiedPairs ? correctUntied / untiedPairs : null,
  };
}

/** The strict-plurality sign of raters' signs; undefined when there are no signs or the lead is shared. */
export function majoritySign(signs: readonly number[]): -1 | 0 | 1 | undefined {
  const counts = new Map<number, number>();
  for (const s of signs) counts.set(Math.sign(s), (counts.get(Math.sign(s)) ?? 0) + 1);
  let best: number | undefined;
  let bestCount = 0;
  let tied = false;
  for (const [s, n] of counts) {
    if (n > bestCount) {
      best = s;
      bestCount = n;
      tied = false;
    } else if (n === bestCount) tied = true;
  }
  return best === undefined || tied ? undefined : (best as -1 | 0 | 1);
}

export interface SignAgreement {
  /** Pairs both raters rated. */
  pairs: number;
  /** Share of those with the same sign; null when none. */
  withTies: number | null;
  /** Pairs neither rater tied. */
  untiedPairs: number;
  /** Share of those with the same sign; null when none. */
  withoutTies: number | null;
}

/** Symmetric agreement between two raters' signs (`undefined` leaves a pair out). */
export function signAgreement(a: readonly (number | undefined)[], b: readonly (number | undefined)[]): SignAgreement {
  if (a.length !== b.length) throw new Error(`signAgreement: lengths differ (${a.length} vs ${b.length})`);
  let pairs = 0;
  let same = 0;
  let untiedPairs = 0;
  let sameUntied = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) continue;
    pairs++;
    if (Math.sign(x) === Math.sign(y)) same++;
    if (x !== 0 && y !== 0) {
      untiedPairs++;
      if (Math.sign(x) === Math.sign(y)) sameUntied++;
    }
  }
  return { pairs, withTies: pairs ? same / pairs : null, untiedPairs, withoutTies: untiedPairs ? sameUntied / untiedPairs : null };
}
