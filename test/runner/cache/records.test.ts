import { describe, expect, it } from 'vitest';
import { checksum, parseBucket, recordLine, type Entry } from '../../../src/runner/cache/records.js';

/** The line as the cache wrote it before lines were built from parts: JSON.stringify of the record object. */
function objectLine(key: string, e: Entry): string {
  const c = checksum(key, e);
  const record = e.details === undefined ? { k: key, v: e.value, c } : { k: key, v: e.value, d: e.details, c };
  return `\n${JSON.stringify(record)}\n`;
}

const entries: [string, Entry][] = [
  ['ab12', { value: 0.75 }],
  ['ab13', { value: 0 }],
  ['ab14', { value: -1, details: { matched: ['effusion'], f1: 0.1, nested: { a: [1, null, 'x'] } } }],
  ['ab15', { value: 1e-17, details: {} }],
  ['quote"\\key\n', { value: 0.5, details: { text: 'line1\nline2 "q" \u2028 é 🫁', skipped: undefined } as Record<string, unknown> }],
  ['ab16', { value: 0.25, details: null as unknown as Record<string, unknown> }],
];

describe('cache records', () => {
  it('a line is byte for byte the JSON of the record object, with the checksum of key and value', () => {
    for (const [k, e] of entries) expect(recordLine(k, e)).toBe(objectLine(k, e));
  });

  it('lines read back to their entries; the last line of a key wins', () => {
    const out = new Map<string, Entry>();
    const text = entries.map(([k, e]) => recordLine(k, e)).join('') + recordLine('ab12', { value: 0.8 });
    expect(parseBucket(text, out)).toBe(0);
    expect(out.get('ab12')).toEqual({ value: 0.8 });
    expect(out.get('ab14')).toEqual(entries[2]![1]);
    expect(out.get('quote"\\key\n')).toEqual({ value: 0.5, details: { text: 'line1\nline2 "q" \u2028 é 🫁' } });
    expect(out.get('ab16')).toEqual({ value: 0.25, details: null });
  });

  it('torn, edited and foreign lines are counted and not used', () => {
    const good = recordLine('cd01', { value: 0.3 });
    const edited = recordLine('cd02', { value: 0.4 }).replace('0.4', '0.41');
    const out = new Map<string, Entry>();
    expect(parseBucket(`${good}${edited}{"k":"cd03","v":0.`, out)).toBe(2);
    expect(parseBucket('\n{"k":1,"v":2}\n\n[]\n', out)).toBe(2);
    expect([...out.keys()]).toEqual(['cd01']);
  });
});
