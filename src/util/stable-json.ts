import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted at every depth, so equal values give equal strings. Written
 * out by hand (not a JSON.stringify replacer) because it keys every request of a run.
 * Follows JSON.stringify for what JSON cannot hold: undefined members are dropped,
 * non-finite numbers become null, toJSON is honoured.
 */
export function stableStringify(value: unknown): string {
  return write(value) ?? 'null';
}

function write(v: unknown): string | undefined {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Number.isFinite(v) ? String(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': {
      const obj = v as { toJSON?: () => unknown };
      if (typeof obj.toJSON === 'function') return write(obj.toJSON());
      if (Array.isArray(v)) return `[${v.map((x) => write(x) ?? 'null').join(',')}]`;
      const parts: string[] = [];
      for (const k of Object.keys(v).sort()) {
        const s = write((v as Record<string, unknown>)[k]);
        if (s !== undefined) parts.push(`${JSON.stringify(k)}:${s}`);
      }
      return `{${parts.join(',')}}`;
    }
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    default:
      return undefined; // functions, symbols, undefined: dropped like JSON.stringify does
  }
}

/** sha256 hex of the stable JSON of a value. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(stableStringify(value)).digest('hex');
}
