/**
 * Tolerant reading of misspelt lexicon words. Dictated and hand-typed reports misspell long
 * clinical words in a few regular ways: a letter dropped (`subcutanous`), two letters swapped
 * (`plueral`, `pneumothroax`), a letter doubled (`effussion`) and one vowel for another
 * (`atelectesis`). A word the lexicon does not know is read as the one lexicon word it is such a
 * slip of, when exactly one exists.
 *
 * Kept narrow on purpose, so that real words stay themselves: both words have at least
 * {@link MIN_LENGTH} letters ({@link MIN_LENGTH_LOOSE} for a dropped letter or a vowel, the slips
 * that also turn one English word into another: `nothing`/`notching`, `literal`/`lateral`) and
 * the same first letter, only letters a-z; a dropped last letter is not put back (`finding` is
 * not `findings`), and no other edit (a consonant for another, an inserted letter that is not a
 * double) is tried: `confusion` does not become `contusion`, `plural` does not become `pleural`.
 * Results are memoised per word.
 */

/** The shortest word (both the written and the lexicon one) that is corrected. */
export const MIN_LENGTH = 7;
/** The shortest written word for the slips that also join real words (a dropped letter, a vowel). */
export const MIN_LENGTH_LOOSE = 8;

const VOWELS = 'aeiou';
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const WORD = /^[a-z]+$/;
/** Distinct words remembered before the memo starts over (bounds memory on endless input). */
const MEMO_LIMIT = 50_000;

/** Lexicon words that `word` is a single slip of (see the file comment). */
function candidates(word: string, known: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const n = word.length;
  const consider = (w: string): void => {
    if (w.length >= MIN_LENGTH && w[0] === word[0] && known.has(w)) out.add(w);
  };
  const loose = n >= MIN_LENGTH_LOOSE;
  // a letter dropped: put one back after the first letter and before the last
  for (let i = 1; loose && i < n; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    for (const c of LETTERS) consider(head + c + tail);
  }
  // two neighbouring letters swapped (the first letter stays)
  for (let i = 1; i + 1 < n; i++) {
    if (word[i] !== word[i + 1]) consider(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  // a letter doubled by mistake
  for (let i = 1; i < n; i++) {
    if (word[i] === word[i - 1]) consider(word.slice(0, i) + word.slice(i + 1));
  }
  // one vowel written for another
  for (let i = 1; loose && i < n; i++) {
    if (!VOWELS.includes(word[i]!)) continue;
    for (const v of VOWELS) if (v !== word[i]) consider(word.slice(0, i) + v + word.slice(i + 1));
  }
  return out;
}

/**
 * A corrector over the lexicon's words: `correct(word)` gives the lexicon word a misspelt
 * `word` stands for, or undefined (a known word, a word in `keep` (real words one slip away from
 * a lexicon word: language/*.yaml `spellingKeep`), a short one, none or several candidates).
 */
export function makeSpeller(known: ReadonlySet<string>, keep: ReadonlySet<string> = new Set()): (word: string) => string | undefined {
  const memo = new Map<string, string | null>();
  return (word) => {
    if (word.length < MIN_LENGTH || known.has(word) || keep.has(word)) return undefined;
    const hit = memo.get(word);
    if (hit !== undefined) return hit ?? undefined;
    let fix: string | null = null;
    if (WORD.test(word)) {
      const c = candidates(word, known);
      if (c.size === 1) fix = c.values().next().value!;
    }
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(word, fix);
    return fix ?? undefined;
  };
}
