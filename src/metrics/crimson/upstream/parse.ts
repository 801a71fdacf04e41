/**
 * Reading a judge reply the way upstream CRIMSON does (CRIMSON/utils.py `parse_json_response`,
 * re-implemented from its documented steps): a few text repairs, then parse attempts in
 * order, each only when the previous failed. Markdown fences and prose around the JSON are
 * NOT removed (upstream does not), so such a reply fails here exactly as it fails there.
 */
import { PyJsonError, pyJsonLoads } from './pyjson.js';

// A bare string in object position after a comma (`,"pred_old",` / `,"pred_old"}`).
const ORPHAN_AFTER_COMMA = /,\s*"[^"]*"\s*(?=\s*[,}])(?!\s*:)/g;
// A bare string as an object's first item (`{"orphan","key":...`).
const ORPHAN_AT_START = /(?<=\{)\s*"[^"]*"\s*,\s*(?=")/g;
// An array that starts like an object (`["":["R1"]`).
const ARRAY_OBJECT_HYBRID = /\[""\s*:\s*\[/g;
// A key that lost its opening quote, in a structural position only.
const MISSING_OPEN_QUOTE = /([\]}"0-9]\s*,\s*|{\s*)([a-zA-Z_][a-zA-Z0-9_]*")/g;
// A backslash that starts no valid JSON escape.
const INVALID_ESCAPE = /\\(?!["\\/bfnrtu])/g;

export interface UpstreamParse {
  value: unknown;
  /** Which step succeeded: `raw`, `orphan-keys`, `escapes`, `quotes`. */
  step: 'raw' | 'orphan-keys' | 'escapes' | 'quotes';
}

/** Is the quote at i a JSON delimiter rather than prose inside a string? */
function structuralQuote(t: string, i: number): boolean {
  const before = i > 0 ? t[i - 1]! : '';
  const after = i + 1 < t.length ? t[i + 1]! : '';
  if (before === ':' || before === '[' || before === '{') return true;
  if (after === ':' || after === ']' || after === '}') return true;
  const digit = (c: string) => c.length === 1 && c >= '0' && c <= '9';
  if (before === ',') {
    const pre = i >= 2 ? t[i - 2]! : '';
    return pre === '"' || pre === ']' || pre === '}' || digit(pre);
  }
  if (after === ',') {
    const post = i + 2 < t.length ? t[i + 2]! : '';
    return post === '"' || post === '[' || post === '{' || digit(post);
  }
  return false;
}

/** Escapes, one at a time, the prose quote just before each parse error (at most 50). */
function fixUnescapedQuotes(text: string, maxAttempts = 50): unknown {
  let t = text;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    try {
      return pyJsonLoads(t);
    } catch (e) {
      if (!(e instanceof PyJsonError)) throw e;
      const start = Math.max(0, e.pos - 5);
      let found = false;
      for (let i = e.pos; i >= start; i--) {
        if (i < t.length && t[i] === '"' && (i === 0 || t[i - 1] !== '\\')) {
          if (structuralQuote(t, i)) continue;
          t = `${t.slice(0, i)}\\"${t.slice(i + 1)}`;
          found = true;
          break;
        }
      }
      if (!found) throw e;
    }
  }
  throw new PyJsonError('Max quote-fix attempts reached', 0);
}

function attempt(t: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: pyJsonLoads(t) };
  } catch (e) {
    if (e instanceof PyJsonError) return { ok: false };
    throw e;
  }
}

/**
 * Parses a reply as upstream does; throws an Error (upstream's ValueError) when no step
 * yields JSON. A non-object JSON value is returned as is: the caller decides.
 */
export function parseUpstreamReply(response: string): UpstreamParse {
  let r = response
    .replaceAll('\u201c', '\\"')
    .replaceAll('\u201d', '\\"')
    .replaceAll('\u2018', "\\'")
    .replaceAll('\u2019', "\\'");
  r = r.replace(ARRAY_OBJECT_HYBRID, '[');
  r = r.replace(MISSING_OPEN_QUOTE, '$1"$2');
  const raw = attempt(r);
  if (raw.ok) return { value: raw.value, step: 'raw' };
  const deorphaned = attempt(r.replace(ORPHAN_AFTER_COMMA, '').replace(ORPHAN_AT_START, ''));
  if (deorphaned.ok) return { value: deorphaned.value, step: 'orphan-keys' };
  const escapedText = r.replace(INVALID_ESCAPE, '\\\\');
  const escaped = attempt(escapedText);
  if (escaped.ok) return { value: escaped.value, step: 'escapes' };
  for (const t of [r, escapedText]) {
    try {
      return { value: fixUnescapedQuotes(t), step: 'quotes' };
    } catch (e) {
      if (!(e instanceof PyJsonError)) throw e;
    }
  }
  throw new Error(`Failed to parse model response as JSON (${r.length} chars)`);
}
