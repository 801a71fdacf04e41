/**
 * `json.loads(text, object_pairs_hook=first_wins)` as CPython's C decoder does it: the same
 * accepted language (NaN, Infinity, no control characters in strings), the FIRST value of a
 * duplicated key, and the same error positions, because upstream's quote repair searches for
 * the offending quote near the position of the parse error.
 */

/** A parse error at a position, as Python's JSONDecodeError. */
export class PyJsonError extends Error {
  override readonly name = 'JSONDecodeError';
  constructor(
    readonly msg: string,
    readonly pos: number,
  ) {
    super(`${msg}: char ${pos}`);
  }
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

class Stop {
  constructor(readonly pos: number) {}
}

function skip(s: string, i: number): number {
  while (i < s.length && WS.has(s[i]!)) i++;
  return i;
}

function scanString(s: string, begin: number): [string, number] {
  // begin: index just after the opening quote
  let out = '';
  let i = begin;
  for (;;) {
    if (i >= s.length) throw new PyJsonError('Unterminated string starting at', begin - 1);
    const c = s[i]!;
    if (c === '"') return [out, i + 1];
    if (c === '\\') {
      if (i + 1 >= s.length) throw new PyJsonError('Unterminated string starting at', begin - 1);
      const e = s[i + 1]!;
      if (e !== 'u') {
        const v = ESCAPES[e];
        if (v === undefined) throw new PyJsonError('Invalid \\escape', i);
        out += v;
        i += 2;
        continue;
      }
      const hex = s.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new PyJsonError('Invalid \\uXXXX escape', i + 1);
      out += String.fromCharCode(parseInt(hex, 16));
      i += 6;
      continue;
    }
    if (c < ' ') throw new PyJsonError('Invalid control character at', i);
    out += c;
    i++;
  }
}

/** A JSON object with first-wins keys and no prototype (a key "__proto__" is just a key). */
function newObject(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

function scanOnce(s: string, i: number): [unknown, number] {
  const c = s[i];
  if (c === undefined) throw new Stop(i);
  if (c === '"') return scanString(s, i + 1);
  if (c === '{') return scanObject(s, i + 1);
  if (c === '[') return scanArray(s, i + 1);
  if (c === 'n' && s.startsWith('null', i)) return [null, i + 4];
  if (c === 't' && s.startsWith('true', i)) return [true, i + 4];
  if (c === 'f' && s.startsWith('false', i)) return [false, i + 5];
  NUMBER.lastIndex = i;
  const m = NUMBER.exec(s);
  if (m) return [Number(m[0]), i + m[0].length];
  if (c === 'N' && s.startsWith('NaN', i)) return [NaN, i + 3];
  if (c === 'I' && s.startsWith('Infinity', i)) return [Infinity, i + 8];
  if (c === '-' && s.startsWith('-Infinity', i)) return [-Infinity, i + 9];
  throw new Stop(i);
}

function value(s: string, i: number): [unknown, number] {
  try {
    return scanOnce(s, i);
  } catch (e) {
    if (e instanceof Stop) throw new PyJsonError('Expecting value', e.pos);
    throw e;
  }
}

function scanObject(s: string, i: number): [unknown, number] {
  const obj = newObject();
  i = skip(s, i);
  if (s[i] === '}') return [obj, i + 1];
  for (;;) {
    if (s[i] !== '"') throw new PyJsonError('Expecting property name enclosed in double quotes', i);
    const [key, afterKey] = scanString(s, i + 1);
    i = skip(s, afterKey);
    if (s[i] !== ':') throw new PyJsonError("Expecting ':' delimiter", i);
    i = skip(s, i + 1);
    const [v, next] = value(s, i);
    if (!Object.hasOwn(obj, key)) obj[key] = v;
    i = skip(s, next);
    if (s[i] === '}') return [obj, i + 1];
    if (s[i] !== ',') throw new PyJsonError("Expecting ',' delimiter", i);
    i = skip(s, i + 1);
  }
}

function scanArray(s: string, i: number): [unknown, number] {
  const arr: unknown[] = [];
  i = skip(s, i);
  if (s[i] === ']') return [arr, i + 1];
  for (;;) {
    const [v, next] = value(s, i);
    arr.push(v);
    i = skip(s, next);
    if (s[i] === ']') return [arr, i + 1];
    if (s[i] !== ',') throw new PyJsonError("Expecting ',' delimiter", i);
    i = skip(s, i + 1);
  }
}

/** Parses like `json.loads` with first-wins duplicate keys; throws PyJsonError. */
export function pyJsonLoads(s: string): unknown {
  if (s.startsWith('\ufeff')) throw new PyJsonError('Unexpected UTF-8 BOM (decode using utf-8-sig)', 0);
  const [v, end] = value(s, skip(s, 0));
  const after = skip(s, end);
  if (after !== s.length) throw new PyJsonError('Extra data', after);
  return v;
}
