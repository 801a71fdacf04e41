/**
 * Edit distance (optimal string alignment: insertions, deletions, substitutions and swaps of
 * two neighbours, each costing 1), for "did you mean" hints on typed names.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The known name closest to `word` (case-insensitive), if it is close enough to be a typo:
 * at most 2 edits, and fewer than a third of the longer name. Ties go to the first listed.
 */
export function closest(word: string, known: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = editDistance(w, name.toLowerCase());
    const limit = Math.min(2, Math.floor(Math.max(w.length, name.length) / 3));
    if (d <= limit && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** `; did you mean X?` when a known name is close, else ''. */
export function didYouMean(word: string, known: Iterable<string>): string {
  const hit = closest(word, known);
  return hit ? `did you mean ${hit}?` : '';
}
