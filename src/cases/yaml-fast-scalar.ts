/**
 * Scalars and one-line flow collections for the fast YAML path (yaml-fast.ts). Every function
 * returns FALLBACK for anything it does not read exactly as the `yaml` package's core schema
 * does; the caller then parses the whole file with `yaml`.
 */

/** Returned for any construct the fast path leaves to the full parser. */
export const FALLBACK: unique symbol = Symbol('fallback');
export type Fallback = typeof FALLBACK;

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT = /^[-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
const EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
// forms resolved to something else than a string, but not by the rules above (left to yaml)
const OTHER = /^(?:0o[0-7]+|0x[0-9a-fA-F]+|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

/** A plain scalar's value under the core schema, as `yaml` resolves it. */
export function plainValue(s: string): unknown {
  const c = s.charCodeAt(0);
  // only these can start a non-string plain scalar
  if (!(c === 0x7e || c === 0x6e || c === 0x4e || c === 0x74 || c === 0x54 || c === 0x66 || c === 0x46 || c === 0x2b || c === 0x2d || c === 0x2e || (c >= 0x30 && c <= 0x39))) return s;
  if (NULL.test(s)) return null;
  if (BOOL.test(s)) return s.charCodeAt(0) === 0x74 || s.charCodeAt(0) === 0x54;
  if (INT.test(s)) {
    const digits = s.replace(/^[-+]/, '').length;
    return digits <= 15 ? parseInt(s, 10) : FALLBACK;
  }
  if (FLOAT.test(s) || EXP.test(s)) return parseFloat(s);
  if (OTHER.test(s)) return FALLBACK;
  return s;
}

/** Characters that may not start a plain scalar (or start something the fast path leaves to yaml). */
const INDICATOR = new Set([...',[]{}#&*!|>\'"%@`?:']);

/** Whether a block-context plain scalar (already trimmed, comment removed) is one the fast path may take. */
export function plainOk(s: string): boolean {
  if (s.length === 0) return true;
  const first = s[0]!;
  if (INDICATOR.has(first)) return false;
  if (first === '-' && (s.length === 1 || s[1] === ' ')) return false;
  // `a: b` would be a mapping, a trailing colon a key
  return !s.includes(': ') && !s.endsWith(':') && !s.startsWith('---') && !s.startsWith('...');
}

/** A quoted scalar starting at `s[i]`; returns the value and the index after the closing quote. */
export function quoted(s: string, i: number): { value: string; end: number } | Fallback {
  const q = s[i];
  if (q === "'") {
    let out = '';
    let from = i + 1;
    for (let j = from; j < s.length; j++) {
      if (s[j] !== "'") continue;
      if (s[j + 1] === "'") {
        out += `${s.slice(from, j)}'`;
        j++;
        from = j + 1;
        continue;
      }
      return { value: out + s.slice(from, j), end: j + 1 };
    }
    return FALLBACK; // runs onto the next line
  }
  let out = '';
  let from = i + 1;
  for (let j = i + 1; j < s.length; j++) {
    const ch = s[j];
    if (ch === '"') return { value: out + s.slice(from, j), end: j + 1 };
    if (ch !== '\\') continue;
    const esc = ESCAPES[s[j + 1] ?? ''];
    if (esc === undefined) return FALLBACK;
    out += s.slice(from, j) + esc;
    j++;
    from = j + 1;
  }
  return FALLBACK;
}

const ESCAPES: Record<string, string> = { '\\': '\\', '"': '"', n: '\n', t: '\t', '/': '/' };

/** Where a value on one line ends: only blanks, or blanks and a comment, may follow. */
export function restIsEmpty(s: string, i: number): boolean {
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '#') return s[i - 1] === ' ';
    if (c !== ' ') return false;
  }
  return true;
}

const MAX_FLOW_DEPTH = 16;

/** A one-line flow collection at `s[i]` (`[` or `{`); FALLBACK for anything beyond plain, quoted and nested flow items. */
export function flow(s: string, i: number, depth = 0): { value: unknown; end: number } | Fallback {
  if (depth > MAX_FLOW_DEPTH) return FALLBACK;
  const open = s[i];
  const close = open === '[' ? ']' : '}';
  const list: unknown[] = [];
  const map: Record<string, unknown> = {};
  const keys = new Set<string>();
  i = skipSpaces(s, i + 1);
  if (s[i] === close) return { value: open === '[' ? list : map, end: i + 1 };
  for (;;) {
    if (open === '{') {
      const key = flowItem(s, i, depth, true);
      if (key === FALLBACK || typeof key.value !== 'string' || key.value === '__proto__' || keys.has(key.value)) return FALLBACK;
      i = skipSpaces(s, key.end);
      if (s[i] !== ':' || s[i + 1] !== ' ') return FALLBACK;
      const value = flowItem(s, skipSpaces(s, i + 1), depth, false);
      if (value === FALLBACK) return FALLBACK;
      keys.add(key.value);
      map[key.value] = value.value;
      i = value.end;
    } else {
      const item = flowItem(s, i, depth, false);
      if (item === FALLBACK) return FALLBACK;
      list.push(item.value);
      i = item.end;
    }
    i = skipSpaces(s, i);
    if (s[i] === close) return { value: open === '[' ? list : map, end: i + 1 };
    if (s[i] !== ',') return FALLBACK;
    i = skipSpaces(s, i + 1);
    if (s[i] === close || s[i] === ',') return FALLBACK; // trailing or empty entries: left to yaml
  }
}

function flowItem(s: string, i: number, depth: number, key: boolean): { value: unknown; end: number } | Fallback {
  const c = s[i];
  if (c === '[' || c === '{') return key ? FALLBACK : flow(s, i, depth + 1);
  if (c === '"' || c === "'") return key ? FALLBACK : quoted(s, i);
  if (c === undefined || INDICATOR.has(c) || (c === '-' && s[i + 1] === ' ')) return FALLBACK;
  let j = i;
  for (; j < s.length; j++) {
    const ch = s[j];
    if (ch === ',' || ch === '[' || ch === ']' || ch === '{' || ch === '}') break;
    if (ch === ':' && (s[j + 1] === ' ' || s[j + 1] === ',' || s[j + 1] === ']' || s[j + 1] === '}' || j + 1 === s.length)) break;
    if (ch === '#' && s[j - 1] === ' ') return FALLBACK;
  }
  const text = s.slice(i, j).trimEnd();
  if (text.length === 0) return FALLBACK;
  // a `a: b` pair inside a list is a single-pair mapping: left to yaml
  if (!key && s[j] === ':') return FALLBACK;
  const value = plainValue(text);
  if (value === FALLBACK || (key && typeof value !== 'string')) return FALLBACK;
  return { value, end: j };
}

function skipSpaces(s: string, i: number): number {
  while (s[i] === ' ') i++;
  return i;
}
