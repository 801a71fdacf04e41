import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashOf, stableStringify } from '../../src/util/stable-json.js';

describe('stableStringify', () => {
  it('sorts object keys', () => {
    expect(stableStringify({ b: 1, a: 2, c: 3 })).toBe('{"a":2,"b":1,"c":3}');
  });

  it('sorts keys at every depth, including objects inside arrays', () => {
    const value = { z: { y: 1, x: [{ d: 1, c: 2 }, 3] }, a: null };
    expect(stableStringify(value)).toBe('{"a":null,"z":{"x":[{"c":2,"d":1},3],"y":1}}');
  });

  it('gives equal strings for objects that differ only in key order', () => {
    const a = { reference: 'r', candidate: 'c', context: { age: 40, sex: 'F' } };
    const b = { context: { sex: 'F', age: 40 }, candidate: 'c', reference: 'r' };
    expect(stableStringify(a)).toBe(stableStringify(b));
  });

  it('keeps array order (arrays are not sorted)', () => {
    expect(stableStringify([3, 1, 2])).toBe('[3,1,2]');
    expect(stableStringify([3, 1, 2])).not.toBe(stableStringify([1, 2, 3]));
  });

  it('matches JSON.stringify for primitives and drops undefined properties', () => {
    expect(stableStringify('text')).toBe('"text"');
    expect(stableStringify(1.5)).toBe('1.5');
    expect(stableStringify(null)).toBe('null');
    expect(stableStringify({ b: undefined, a: 1 })).toBe('{"a":1}');
  });

  it('uses toJSON (dates become strings)', () => {
    expect(stableStringify({ when: new Date(0) })).toBe('{"when":"1970-01-01T00:00:00.000Z"}');
  });
});

describe('hashOf', () => {
  it('is the sha256 hex of the stable JSON', () => {
    const expected = createHash('sha256').update('{"a":1,"b":2}').digest('hex');
    expect(hashOf({ b: 2, a: 1 })).toBe(expected);
    expect(hashOf({ b: 2, a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is equal for equal values and differs for different values', () => {
    expect(hashOf({ use: 'bleu', options: { n: 4, smooth: true } })).toBe(hashOf({ options: { smooth: true, n: 4 }, use: 'bleu' }));
    expect(hashOf({ use: 'bleu', options: { n: 4 } })).not.toBe(hashOf({ use: 'bleu', options: { n: 2 } }));
    expect(hashOf({ use: 'bleu', options: {} })).not.toBe(hashOf({ use: 'bleu' }));
  });
});
