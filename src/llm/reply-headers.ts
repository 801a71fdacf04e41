/**
 * The response headers of the node fetch as a read-only, Headers-compatible object built
 * straight from the raw header list. A WHATWG `Headers` validates and normalises every
 * `append` and sorts on every iteration; the SDK reads a few headers of every reply (and
 * iterates them once for its log line), so that cost was paid per call for nothing. The list
 * is decoded on first use (names as latin1, values as UTF-8, as undici decodes them).
 */
export class ReplyHeaders {
  /** Lowercase name -> values, in arrival order; built from `raw` on first use. */
  private built: Map<string, string[]> | undefined;

  /** `raw`: name, value, name, value, ... as node's `rawHeaders` (strings) or undici's handler gets them (Buffers). */
  constructor(private raw: readonly (string | Buffer)[]) {}

  private get map(): Map<string, string[]> {
    if (this.built) return this.built;
    const map = (this.built = new Map<string, string[]>());
    const raw = this.raw;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const k = raw[i]!;
      const v = raw[i + 1]!;
      const name = (typeof k === 'string' ? k : k.toString('latin1')).toLowerCase();
      const value = typeof v === 'string' ? v : v.toString('utf8');
      const values = map.get(name);
      if (values) values.push(value);
      else map.set(name, [value]);
    }
    this.raw = [];
    return map;
  }

  get(name: string): string | null {
    const values = this.map.get(name.toLowerCase());
    return values ? values.join(', ') : null;
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  getSetCookie(): string[] {
    return [...(this.map.get('set-cookie') ?? [])];
  }

  /** As `Headers`: sorted by name, values of a name combined (set-cookie lines kept apart). */
  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.map.keys()].sort()) {
      if (name === 'set-cookie') for (const v of this.map.get(name)!) yield [name, v];
      else yield [name, this.map.get(name)!.join(', ')];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): IterableIterator<string> {
    for (const [, v] of this.entries()) yield v;
  }

  forEach(fn: (value: string, key: string, parent: ReplyHeaders) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}
