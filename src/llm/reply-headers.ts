/**
 * The response headers of the node:http fetch as a read-only, Headers-compatible object built
 * straight from node's raw header list. A WHATWG `Headers` validates and normalises every
 * `append` and sorts on every iteration; the SDK reads a few headers of every reply (and
 * iterates them once for its log line), so that cost was paid per call for nothing.
 */
export class ReplyHeaders {
  /** Lowercase name -> values, in arrival order. */
  private readonly map = new Map<string, string[]>();

  /** `raw`: node's `rawHeaders` (name, value, name, value, ...). */
  constructor(raw: readonly string[]) {
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      const values = this.map.get(name);
      if (values) values.push(raw[i + 1]!);
      else this.map.set(name, [raw[i + 1]!]);
    }
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
