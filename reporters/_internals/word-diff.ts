/** The clinical difference between two report texts, as `removed -> added` word pairs. */
import type { ChalkInstance } from 'chalk';
import { diffWords } from 'diff';

const EMPTY = '∅';

function show(parts: string[]): string {
  const text = parts.join('').replace(/\s+/g, ' ').trim();
  return text === '' ? EMPTY : text;
}

/** The changes as `[removed, added]` pairs, `∅` for nothing. */
export function wordDiffPairs(from: string, to: string): [string, string][] {
  const pairs: [string, string][] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const pending = (): boolean => removed.length > 0 || added.length > 0;
  const flush = (): void => {
    if (pending()) pairs.push([show(removed), show(added)]);
    removed = [];
    added = [];
  };
  for (const change of diffWords(from, to)) {
    if (change.removed) removed.push(change.value);
    else if (change.added) added.push(change.value);
    else if (pending() && change.value.trim() === '') {
      // whitespace between two edits belongs to one change: keep them together
      removed.push(change.value);
      added.push(change.value);
    } else flush();
  }
  flush();
  return pairs;
}

/**
 * `Moderate left pleural effusion.` vs `Moderate right pleural effusion.` gives
 * `left -> right`; several changes are joined with `; `; a dropped sentence reads
 * `Mild cardiomegaly. -> ∅`. Identical texts give `(same text)`.
 */
export function wordDiff(from: string, to: string, c?: ChalkInstance): string {
  const pairs = wordDiffPairs(from, to);
  if (pairs.length === 0) return '(same text)';
  return pairs.map(([a, b]) => (c ? `${c.red(a)} -> ${c.green(b)}` : `${a} -> ${b}`)).join('; ');
}
