/**
 * Word tokens with character offsets. Letters and digits form words (a decimal number is one
 * word); hyphens, dashes and apostrophes are dropped so that `ground-glass` and `ground glass`,
 * `left-sided` and `left sided` read the same; any other mark is a token of its own.
 */

/** A token: lowercased text and its span [s, e) in the source. */
export interface Token {
  t: string;
  s: number;
  e: number;
}

const TOKEN = /\d+\.\d+|[\p{L}\p{N}]+|[^\s\p{L}\p{N}\p{Pd}'’‘`´\u00ad]/gu;

/** Tokens of `text` between `from` and `to`. */
export function tokenize(text: string, from = 0, to = text.length): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = from;
  for (let m = TOKEN.exec(text); m !== null && m.index < to; m = TOKEN.exec(text)) {
    const e = m.index + m[0].length;
    if (e > to) break;
    out.push({ t: m[0].toLowerCase(), s: m.index, e });
  }
  return out;
}

/** A phrase as the matcher keys it: its tokens joined by single spaces. */
export function phraseKey(phrase: string): string {
  return tokenize(phrase).map((t) => t.t).join(' ');
}
