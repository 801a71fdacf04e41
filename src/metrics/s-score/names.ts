import { FINDING_NAMES } from '../../clinical/vocabulary.js';

/**
 * Disease names and severity levels mapped to one canonical form (issue 4, item 2), so that
 * `effusion`, `Pleural Effusions` and `pleural fluid` are one disease for P_pos, P_neg and the
 * name match of D_i. The term lists come from the clinical core's lexicon (lexicon.ts in this
 * folder); the functions here are pure so they can be tested with any term list.
 */

/** Matching key: lowercase; `_`, `-` and `/` as spaces; apostrophes and edge punctuation dropped; spaces collapsed. */
export function nameKey(raw: string): string {
  return raw
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[_\-/]+/g, ' ')
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface NameIndex {
  /** The canonical name of a raw name and whether the vocabulary knows it. */
  resolve(raw: string): { name: string; known: boolean };
}

export interface TermSource {
  name: string;
  terms: readonly string[];
}

/**
 * An index from every term (and the canonical name itself) to its canonical name.
 * `abbreviations` maps a short form to an expansion that is itself a term (`ptx` ->
 * `pneumothorax`). A name not in the index is tried without a plural `s`/`es`, then kept as its
 * key (an unknown disease is compared as written, lowercased).
 */
export function buildNameIndex(findings: readonly TermSource[], abbreviations: ReadonlyMap<string, string> = new Map()): NameIndex {
  const byKey = new Map<string, string>();
  for (const f of findings) {
    byKey.set(nameKey(f.name), f.name);
    for (const t of f.terms) if (!byKey.has(nameKey(t))) byKey.set(nameKey(t), f.name);
  }
  for (const [abbr, expansion] of abbreviations) {
    const target = byKey.get(nameKey(expansion));
    if (target !== undefined && !byKey.has(nameKey(abbr))) byKey.set(nameKey(abbr), target);
  }
  const cache = new Map<string, { name: string; known: boolean }>();
  return {
    resolve(raw) {
      let hit = cache.get(raw);
      if (hit) return hit;
      const key = nameKey(raw);
      const found = byKey.get(key) ?? (key.endsWith('es') ? byKey.get(key.slice(0, -2)) : undefined) ?? (key.endsWith('s') ? byKey.get(key.slice(0, -1)) : undefined);
      hit = found === undefined ? { name: key, known: false } : { name: found, known: true };
      if (cache.size < 10_000) cache.set(raw, hit);
      return hit;
    },
  };
}

/** Names compared as text only (option `names: text`): the key, never canonical. */
export const TEXT_NAMES: NameIndex = {
  resolve: (raw) => ({ name: nameKey(raw), known: (FINDING_NAMES as readonly string[]).includes(nameKey(raw)) }),
};

export type SeverityWords = ReadonlyMap<string, 'mild' | 'moderate' | 'severe'>;

/** CONVENTIONS.md rule 16, used when the lexicon's severity map is not given. */
export const DEFAULT_SEVERITY: SeverityWords = new Map([
  ...['trace', 'tiny', 'minimal', 'small', 'mild', 'slight', 'minimally', 'mildly', 'slightly'].map((w) => [w, 'mild'] as const),
  ...['moderate', 'moderately', 'medium'].map((w) => [w, 'moderate'] as const),
  ...['large', 'severe', 'marked', 'extensive', 'massive', 'substantial', 'big', 'severely', 'markedly'].map((w) => [w, 'severe'] as const),
]);

const RANK = { mild: 1, moderate: 2, severe: 3 } as const;

/** Case and spaces normalized: `Mild ` -> `mild`. */
export const levelText = (level: string): string => level.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().replace(/\s*[.;,:!]+$/, '');

/**
 * The normalized severity of a level (`small` -> `mild`, `small to moderate` -> `moderate`: a
 * range takes its higher end, CONVENTIONS.md rule 16); a level with no severity word is compared
 * as normalized text.
 */
export function severityOf(level: string, words: SeverityWords = DEFAULT_SEVERITY): string {
  const text = levelText(level);
  let best: 'mild' | 'moderate' | 'severe' | undefined;
  for (const token of text.split(/[^\p{L}]+/u)) {
    const s = words.get(token);
    if (s && (!best || RANK[s] > RANK[best])) best = s;
  }
  return best ?? text;
}
