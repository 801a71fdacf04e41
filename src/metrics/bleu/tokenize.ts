/** Options of {@link tokenizeReport}. */
export interface TokenizeOptions {
  /** Lowercase the text first (default true). */
  lowercase?: boolean;
}

/**
 * One token: a number with optional decimal parts; a multiplication sign between numbers;
 * a word that starts with a letter and may contain digits and inner hyphens or apostrophes;
 * or any other single non-space character.
 */
const TOKEN = new RegExp(
  [
    String.raw`\p{N}+(?:\.\p{N}+)*`,
    String.raw`(?<=\p{N}\s*)[xX×](?=\s*\p{N})`,
    String.raw`[\p{L}\p{M}][\p{L}\p{M}\p{N}]*(?:[-'’][\p{L}\p{M}\p{N}]+)*`,
    String.raw`[^\s\p{L}\p{M}\p{N}]`,
  ].join('|'),
  'giu',
);

/**
 * Splits radiology report text into tokens for n-gram metrics (BLEU, ROUGE-L).
 *
 * Report-generation papers score lowercased, word-tokenized text (in practice nltk's
 * `word_tokenize` after `.lower()`); this tokenizer follows the same conventions, Unicode-aware
 * and without nltk's English-specific rules:
 * - text is NFC-normalized and, by default, lowercased;
 * - punctuation and symbols are separate tokens, one character each (`"effusion."` gives
 *   `effusion`, `.`; `"..."` gives three `.` tokens);
 * - decimals stay one token (`2.5`), and a sentence-final period is not part of a number (`2.`
 *   gives `2`, `.`);
 * - numbers are split from attached units and from `x`/`×` between numbers, so `4cm` and
 *   `4 cm` tokenize alike and `2x3cm` gives `2`, `x`, `3`, `cm`;
 * - words start with a letter and keep inner digits, hyphens and apostrophes: `left-sided`,
 *   `t2-weighted`, `l4-l5`, `covid-19` and `patient's` are one token each; a token that starts
 *   with a digit ends at the hyphen (`19-year-old` gives `19`, `-`, `year-old`).
 *
 * @returns the tokens in order; an empty array for blank text.
 */
export function tokenizeReport(text: string, options: TokenizeOptions = {}): string[] {
  let normalized = text.normalize('NFC');
  if (options.lowercase ?? true) normalized = normalized.toLowerCase();
  return normalized.match(TOKEN) ?? [];
}
