/**
 * n-gram counting for BLEU. Tokens are interned to small integers so an n-gram key is the ids
 * joined by commas: unambiguous whatever characters the tokens contain.
 * @internal
 */

/** Maps each distinct token to an integer id, shared by the references and the hypothesis. */
export function interner(): (tokens: readonly string[]) => number[] {
  const ids = new Map<string, number>();
  return (tokens) =>
    tokens.map((t) => {
      let id = ids.get(t);
      if (id === undefined) ids.set(t, (id = ids.size));
      return id;
    });
}

/** Counts of the n-grams of a sequence (empty when it is shorter than n), like `Counter(ngrams(s, n))`. */
export function ngramCounts(ids: readonly number[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= ids.length; i++) {
    const key = ids.slice(i, i + n).join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * nltk's `modified_precision` as the unreduced pair nltk keeps in its Fraction: the numerator
 * is the hypothesis n-gram counts clipped by the largest count in any one reference, the
 * denominator the number of hypothesis n-grams, at least 1.
 */
export interface ClippedPrecision {
  numerator: number;
  denominator: number;
}

/** Modified n-gram precision of a hypothesis against references (token ids). */
export function modifiedPrecision(references: readonly (readonly number[])[], hypothesis: readonly number[], n: number): ClippedPrecision {
  const counts = ngramCounts(hypothesis, n);
  const maxCounts = new Map<string, number>();
  for (const reference of references) {
    const refCounts = ngramCounts(reference, n);
    for (const ngram of counts.keys()) {
      maxCounts.set(ngram, Math.max(maxCounts.get(ngram) ?? 0, refCounts.get(ngram) ?? 0));
    }
  }
  let numerator = 0;
  let total = 0;
  for (const [ngram, count] of counts) {
    numerator += Math.min(count, maxCounts.get(ngram) ?? 0);
    total += count;
  }
  return { numerator, denominator: Math.max(1, total) };
}
