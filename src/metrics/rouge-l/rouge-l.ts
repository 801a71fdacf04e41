/** ROUGE-L precision, recall and F-measure of a candidate against a reference. */
export interface RougeLScore {
  precision: number;
  recall: number;
  f: number;
}

/** Length of the longest common subsequence (two-row dynamic programme, O(n*m) time). */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (a.length < b.length) [a, b] = [b, a]; // rows over the shorter sequence
  let prev = new Array<number>(b.length + 1).fill(0);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      row[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    }
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

/**
 * ROUGE-L (Lin 2004) on token sequences: with L the longest common subsequence,
 * precision = L / |candidate|, recall = L / |reference| and
 * F = ((1 + β²)·P·R) / (R + β²·P). β = 1 (default) is the F1 of Google's `rouge-score`
 * package, `2·P·R / (P + R)`, and is symmetric in its arguments. An empty sequence on
 * either side, or no common token, scores 0 throughout.
 *
 * @param beta weight of recall relative to precision (β > 1 favours recall).
 */
export function rougeL(reference: string[], candidate: string[], beta = 1): RougeLScore {
  if (!(beta > 0) || !Number.isFinite(beta)) throw new RangeError(`beta must be a positive number, got ${beta}`);
  if (reference.length === 0 || candidate.length === 0) return { precision: 0, recall: 0, f: 0 };
  const lcs = lcsLength(reference, candidate);
  const precision = lcs / candidate.length;
  const recall = lcs / reference.length;
  const b2 = beta * beta;
  const denominator = recall + b2 * precision;
  const f = denominator > 0 ? ((1 + b2) * precision * recall) / denominator : 0;
  return { precision, recall, f };
}
