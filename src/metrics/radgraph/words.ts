/**
 * RadGraph pre-processing (METRICS §2.3): whitespace collapsed, then words and punctuation
 * runs split with Python's `\w+|[^\w\s]+` (Unicode: `\w` is letters, digits and underscore).
 */
export interface Word {
  text: string;
  /** Character offsets [start, end) in the ORIGINAL text. */
  start: number;
  end: number;
}

const WORD_RE = /[\p{L}\p{N}_]+|[^\p{L}\p{N}_\s]+/gu;

/** The report's words with their offsets (collapsing whitespace does not change the split). */
export function splitWords(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(WORD_RE)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The words only. */
export function wordsOf(text: string): string[] {
  return splitWords(text).map((w) => w.text);
}
