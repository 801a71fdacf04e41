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

/** Char classes of ASCII for the scanner: 1 letter or digit, 2 skipped (white space, `-`, `'`, `` ` ``), 0 a mark of its own. */
const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII[c] = /[A-Za-z0-9]/.test(ch) ? 1 : /[\s\-'`]/.test(ch) ? 2 : 0;
}

let lastText: string | undefined;
let lastAscii = false;

/** Whether `text` is all ASCII (remembered for the last text: a report's sentences share it). */
function isAscii(text: string): boolean {
  if (text !== lastText) {
    lastText = text;
    lastAscii = !/[^\x00-\x7f]/.test(text);
  }
  return lastAscii;
}

/**
 * {@link TOKEN} by hand for all-ASCII text (no match array per token): the same tokens, the
 * same stop at a token that runs past `to`.
 */
function tokenizeAscii(text: string, from: number, to: number): Token[] {
  const out: Token[] = [];
  const n = text.length;
  for (let i = from; i < to; ) {
    const c = text.charCodeAt(i);
    const kind = ASCII[c]!;
    if (kind === 2) {
      i++;
      continue;
    }
    let e = i + 1;
    let upper = c >= 65 && c <= 90;
    if (kind === 1) {
      let d = i;
      while (d < n && text.charCodeAt(d) >= 48 && text.charCodeAt(d) <= 57) d++;
      if (d > i && d + 1 < n && text.charCodeAt(d) === 46 && text.charCodeAt(d + 1) >= 48 && text.charCodeAt(d + 1) <= 57) {
        for (e = d + 2; e < n && text.charCodeAt(e) >= 48 && text.charCodeAt(e) <= 57; e++);
      } else {
        for (e = i; e < n && ASCII[text.charCodeAt(e)] === 1; e++) {
          const x = text.charCodeAt(e);
          if (x >= 65 && x <= 90) upper = true;
        }
      }
    }
    if (e > to) break;
    const t = text.slice(i, e);
    out.push({ t: upper ? t.toLowerCase() : t, s: i, e });
    i = e;
  }
  return out;
}

/** Tokens of `text` between `from` and `to`. */
export function tokenize(text: string, from = 0, to = text.length): Token[] {
  return isAscii(text) ? tokenizeAscii(text, from, to) : tokenizeByRegex(text, from, to);
}

/** The tokenizer's definition (`TOKEN`), for any text; the ASCII scanner must give the same tokens. */
export function tokenizeByRegex(text: string, from = 0, to = text.length): Token[] {
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
