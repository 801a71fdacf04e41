import { FALLBACK, flow, plainOk, plainValue, quoted, restIsEmpty, type Fallback } from './yaml-fast-scalar.js';

/**
 * A fast path for the plain YAML most case files are written in: block mappings and lists
 * indented with spaces, one-line plain, quoted and flow values, comments. `yaml` builds a
 * concrete syntax tree, a document and then the data, which cost most of the run at 100,000
 * cases; this reads the same subset straight into data. It returns undefined for anything
 * else (anchors, aliases, tags, block or multi-line scalars, tabs, duplicate or reserved
 * keys, directives, deep nesting...), and the caller parses the file with `yaml`, so every
 * limit and located error stays the full parser's. test/cases/yaml-fast.test.ts checks that
 * both give the same data and positions on the shipped cases and on fuzzed ones.
 */
export interface FastYaml {
  data: unknown;
  /** 1-based line and column of the nodes at depth <= 2 and of `id` values at depth 3, keyed by `pathKey(path)`. */
  positions: Map<string, { line: number; column: number }>;
}

/** Key of a path in `positions`. */
export const pathKey = (path: readonly (string | number)[]): string => path.join('\u0001');

const MAX_DEPTH = 32;
const POSITION_DEPTH = 3;

interface Line {
  /** Offset of the line's first character in the text. */
  start: number;
  indent: number;
  text: string;
}

class Reader {
  readonly positions = new Map<string, { line: number; column: number }>();
  private i = 0;

  constructor(private readonly lines: (Line | undefined)[]) {}

  /** Index of the next line with content (undefined entries are blank or comment-only). */
  next(): number {
    while (this.i < this.lines.length && this.lines[this.i] === undefined) this.i++;
    return this.i;
  }

  done(): boolean {
    return this.next() >= this.lines.length;
  }

  /** Positions kept: nodes down to depth 2, and `id` keys at depth 3 (a case in a `cases:` list): where cases and ids start. */
  mark(path: readonly (string | number)[], line: number, column: number): void {
    if (path.length < POSITION_DEPTH || (path.length === POSITION_DEPTH && path[POSITION_DEPTH - 1] === 'id')) {
      this.positions.set(pathKey(path), { line: line + 1, column: column + 1 });
    }
  }

  /** A block node whose first content is at `col` of the current line. */
  block(col: number, path: (string | number)[], depth: number): unknown {
    if (depth > MAX_DEPTH) return FALLBACK;
    const n = this.next();
    const line = this.lines[n]!;
    const s = line.text;
    if (s[col] === '-' && (s[col + 1] === ' ' || col + 1 === s.length)) return this.seq(col, path, depth);
    return this.map(col, path, depth);
  }

  private seq(col: number, path: (string | number)[], depth: number): unknown {
    const out: unknown[] = [];
    this.mark(path, this.next(), col);
    while (!this.done()) {
      const n = this.next();
      const line = this.lines[n]!;
      if (line.indent < col) break;
      if (line.indent > col) return FALLBACK;
      const s = line.text;
      // a key at the list's own indent ends a list that is a mapping's value (`key:\n- a\nother: b`)
      if (s[col] !== '-' || (s[col + 1] !== ' ' && col + 1 !== s.length)) break;
      let c = col + 1;
      while (s[c] === ' ') c++;
      const itemPath = child(path, out.length);
      if (c >= s.length || (s[c] === '#' && s[c - 1] === ' ')) {
        // `-` alone: the item is the more-indented block below, or null
        this.i = n + 1;
        const below = this.next();
        const item = below < this.lines.length && this.lines[below]!.indent > col ? this.block(this.lines[below]!.indent, itemPath, depth + 1) : null;
        if (item === FALLBACK) return FALLBACK;
        out.push(item);
        continue;
      }
      if (s[c] === '-' && (s[c + 1] === ' ' || c + 1 === s.length)) return FALLBACK; // `- - a`: left to yaml
      const value = isEntry(s, c) ? this.map(c, itemPath, depth + 1) : this.inline(n, c, itemPath, col);
      if (value === FALLBACK) return FALLBACK;
      out.push(value);
    }
    return out;
  }

  private map(col: number, path: (string | number)[], depth: number): unknown {
    const out: Record<string, unknown> = {};
    const first = this.next();
    this.mark(path, first, col);
    let n = first;
    let c = col;
    for (;;) {
      const s = this.lines[n]!.text;
      const colon = keyEnd(s, c);
      if (colon < 0) return FALLBACK;
      const key = s.slice(c, colon); // a KEY, by keyEnd
      if (key === '__proto__' || Object.hasOwn(out, key) || typeof plainValue(key) !== 'string') return FALLBACK;
      const keyPath = child(path, key);
      let v = colon + 1;
      while (s[v] === ' ') v++;
      let value: unknown;
      if (v >= s.length || (s[v] === '#' && s[v - 1] === ' ')) {
        this.i = n + 1;
        const below = this.next();
        const next = below < this.lines.length ? this.lines[below]! : undefined;
        // the value is the block below: more indented, or a list at the key's own indent
        if (next && (next.indent > col || (next.indent === col && next.text[col] === '-' && (next.text[col + 1] === ' ' || next.text.length === col + 1)))) {
          value = this.block(next.indent, keyPath, depth + 1);
        } else value = null;
      } else value = this.inline(n, v, keyPath, col);
      if (value === FALLBACK) return FALLBACK;
      out[key] = value;
      if (this.done()) break;
      n = this.next();
      const line = this.lines[n]!;
      if (line.indent < col) break;
      if (line.indent > col) return FALLBACK;
      c = col;
    }
    return out;
  }

  /**
   * A value on line `n` from column `c` to the end of the line, in a mapping or list at column
   * `owner`: a more-indented line after it would continue a plain scalar (left to yaml).
   */
  private inline(n: number, c: number, path: (string | number)[], owner: number): unknown {
    const s = this.lines[n]!.text;
    this.mark(path, n, c);
    let value: unknown;
    const ch = s[c];
    if (ch === '[' || ch === '{' || ch === '"' || ch === "'") {
      const r = ch === '[' || ch === '{' ? flow(s, c) : quoted(s, c);
      if (r === FALLBACK || !restIsEmpty(s, r.end)) return FALLBACK;
      value = r.value;
    } else {
      const hash = s.indexOf(' #', c);
      const text = (hash < 0 ? s.slice(c) : s.slice(c, hash)).trimEnd();
      if (!plainOk(text)) return FALLBACK;
      value = plainValue(text);
    }
    this.i = n + 1;
    const after = this.next();
    if (after < this.lines.length && this.lines[after]!.indent > owner) return FALLBACK;
    return value;
  }
}

/** Below the depth where positions are kept, one shared path: no array per node. */
const DEEP: readonly (string | number)[] = Object.freeze(['', '', '', '']);
const child = (path: readonly (string | number)[], key: string | number): (string | number)[] =>
  (path.length >= POSITION_DEPTH ? DEEP : [...path, key]) as (string | number)[];

/** Whether `s` at `c` starts a `key: value` or `key:` entry. */
function isEntry(s: string, c: number): boolean {
  const ch = s[c];
  if (ch === '"' || ch === "'" || ch === '[' || ch === '{') return false;
  return keyEnd(s, c) >= 0;
}

/**
 * Offset of the colon that ends a plain key starting at `c`, or -1; the key must match KEY
 * (`[A-Za-z_$][\w$.\-/]*`), checked here by character codes (this runs for every key).
 */
function keyEnd(s: string, c: number): number {
  const first = s.charCodeAt(c);
  if (!((first >= 0x61 && first <= 0x7a) || (first >= 0x41 && first <= 0x5a) || first === 0x5f || first === 0x24)) return -1;
  for (let j = c + 1; j < s.length; j++) {
    const ch = s.charCodeAt(j);
    if (ch === 0x3a) return j + 1 === s.length || s.charCodeAt(j + 1) === 0x20 ? j : -1; // `:` ends the key, or is in no key we read
    // letters, digits, _ $ . - /
    if (!((ch >= 0x61 && ch <= 0x7a) || (ch >= 0x41 && ch <= 0x5a) || (ch >= 0x30 && ch <= 0x39) || ch === 0x5f || ch === 0x24 || ch === 0x2e || ch === 0x2d || ch === 0x2f)) return -1;
  }
  return -1;
}

/** The data and node positions of a plain YAML text, or undefined: parse it with `yaml`. */
export function fastYaml(text: string): FastYaml | undefined {
  if (text.includes('\t') || text.includes('\r') || text.charCodeAt(0) === 0xfeff) return undefined;
  const lines: (Line | undefined)[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const s = text.slice(start, end);
    let indent = 0;
    while (s.charCodeAt(indent) === 0x20) indent++;
    const blank = indent === s.length || s.charCodeAt(indent) === 0x23;
    if (!blank && indent === 0 && (s.startsWith('---') || s.startsWith('...') || s.startsWith('%'))) return undefined;
    lines.push(blank ? undefined : { start, indent, text: s.trimEnd() });
    start = end + 1;
  }
  const reader = new Reader(lines);
  if (reader.done()) return undefined;
  const first = lines[reader.next()]!;
  if (first.indent !== 0) return undefined;
  const data = reader.block(0, [], 0);
  if (data === FALLBACK || !reader.done()) return undefined;
  return { data, positions: reader.positions };
}

export type { Fallback };
