/**
 * A strict JSON parser (RFC 8259) that keeps the FIRST value of a duplicated object key, as
 * Python's `json.loads(..., object_pairs_hook=first_wins)` does in the CRIMSON reference
 * (`JSON.parse` keeps the last). A `__proto__` key becomes an own property, never the
 * prototype. Errors are SyntaxErrors whose `position` is the offending character's index.
 */

export class JsonSyntaxError extends SyntaxError {
  override readonly name = 'JsonSyntaxError';
  constructor(message: string, readonly position: number) {
    super(`${message} at position ${position}`);
  }
}

/** Nesting deeper than this is rejected rather than risking the call stack. */
const MAX_DEPTH = 512;

export function parseJsonFirstWins(text: string): unknown {
  // Most replies have no duplicated key: then JSON.parse (native, several times faster than
  // this parser in JS) gives the same value. It has one when the members in the text (the
  // colons outside strings) outnumber the keys of the parsed objects; then, as on any error,
  // the parser below decides.
  const fast = parseWithoutDuplicates(text);
  if (fast !== NO_FAST_PATH) return fast;
  const p = new Parser(text);
  p.ws();
  const value = p.value(0);
  p.ws();
  if (p.i < text.length) p.fail('unexpected text after the JSON value');
  return value;
}

const NO_FAST_PATH = Symbol('no fast path');

/** JSON.parse's value when the text is valid JSON without a duplicated key and not too deep, else NO_FAST_PATH. */
function parseWithoutDuplicates(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return NO_FAST_PATH;
  }
  if (value === null || typeof value !== 'object') return value;
  const keys = countKeys(value, 0);
  return keys >= 0 && keys === countMembers(text) ? value : NO_FAST_PATH;
}

/** Keys of every object in a JSON.parse value; -1 beyond MAX_DEPTH (the parser's error, not a value). */
function countKeys(v: object, depth: number): number {
  if (depth >= MAX_DEPTH) return -1;
  let n = 0;
  if (Array.isArray(v)) {
    for (const x of v) {
      if (x === null || typeof x !== 'object') continue;
      const k = countKeys(x as object, depth + 1);
      if (k < 0) return -1;
      n += k;
    }
    return n;
  }
  for (const key in v) {
    n++;
    const x = (v as Record<string, unknown>)[key];
    if (x === null || typeof x !== 'object') continue;
    const k = countKeys(x, depth + 1);
    if (k < 0) return -1;
    n += k;
  }
  return n;
}

/** Colons outside strings in valid JSON text: one per object member. */
function countMembers(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a) n++;
    else if (c === 0x22) {
      // to the closing quote, stepping over escapes
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    }
  }
  return n;
}

class Parser {
  i = 0;
  constructor(private readonly s: string) {}

  fail(message: string): never {
    throw new JsonSyntaxError(message, this.i);
  }

  ws(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else break;
    }
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) this.fail('nesting too deep');
    const c = this.s[this.i];
    switch (c) {
      case '{':
        return this.object(depth);
      case '[':
        return this.array(depth);
      case '"':
        return this.string();
      case 't':
        return this.literal('true', true);
      case 'f':
        return this.literal('false', false);
      case 'n':
        return this.literal('null', null);
      default:
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
        return this.fail(c === undefined ? 'unexpected end of input' : `unexpected character ${JSON.stringify(c)}`);
    }
  }

  literal<T>(word: string, value: T): T {
    if (this.s.startsWith(word, this.i)) {
      this.i += word.length;
      return value;
    }
    return this.fail(`unexpected character ${JSON.stringify(this.s[this.i])}`);
  }

  number(): number {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.s.slice(this.i, this.i + 400));
    if (!m) return this.fail('invalid number');
    this.i += m[0].length;
    return Number(m[0]);
  }

  string(): string {
    const s = this.s;
    this.i++; // opening quote
    let out = '';
    let start = this.i;
    for (;;) {
      if (this.i >= s.length) return this.fail('unterminated string');
      const c = s.charCodeAt(this.i);
      if (c === 0x22) {
        out += s.slice(start, this.i);
        this.i++;
        return out;
      }
      if (c < 0x20) return this.fail('control character in string');
      if (c !== 0x5c) {
        this.i++;
        continue;
      }
      out += s.slice(start, this.i);
      const e = s[this.i + 1];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          const hex = s.slice(this.i + 2, this.i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) return this.fail('invalid \\u escape');
          out += String.fromCharCode(parseInt(hex, 16));
          this.i += 4;
          break;
        }
        default:
          return this.fail('invalid escape');
      }
      this.i += 2;
      start = this.i;
    }
  }

  array(depth: number): unknown[] {
    this.i++;
    const out: unknown[] = [];
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      out.push(this.value(depth + 1));
      this.ws();
      const c = this.s[this.i];
      if (c === ',') this.i++;
      else if (c === ']') {
        this.i++;
        return out;
      } else this.fail(c === undefined ? 'unexpected end of input' : "expected ',' or ']'");
    }
  }

  object(depth: number): Record<string, unknown> {
    this.i++;
    const out: Record<string, unknown> = {};
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail(this.i >= this.s.length ? 'unexpected end of input' : 'expected a quoted key');
      const key = this.string();
      this.ws();
      if (this.s[this.i] !== ':') this.fail("expected ':'");
      this.i++;
      this.ws();
      const value = this.value(depth + 1);
      if (!Object.hasOwn(out, key)) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      this.ws();
      const c = this.s[this.i];
      if (c === ',') this.i++;
      else if (c === '}') {
        this.i++;
        return out;
      } else this.fail(c === undefined ? 'unexpected end of input' : "expected ',' or '}'");
    }
  }
}
