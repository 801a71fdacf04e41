import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pyRound } from '../../../src/metrics/crimson/round.js';

// [repr(x), repr(round(x, 4))] from CPython 3.11: exact binary ties, near-ties, random values.
const vectors = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '_round-vectors.json'), 'utf8')) as [string, string][];

describe('pyRound (Python round(x, 4))', () => {
  it('rounds an exact binary tie to even, where Math.round and toFixed round up', () => {
    expect(pyRound(0.03125, 4)).toBe(0.0312);
    expect(Math.round(0.03125 * 1e4) / 1e4).toBe(0.0313);
    expect((0.03125).toFixed(4)).toBe('0.0313');
    expect(pyRound(-0.03125, 4)).toBe(-0.0312);
    expect(pyRound(0.09375, 4)).toBe(0.0938); // tie, 7 is odd -> up
  });

  it('rounds the exact binary value, not the decimal it prints as', () => {
    expect(pyRound(2.675, 2)).toBe(2.67); // 2.675 is 2.67499999... in binary
    expect(pyRound(1.0000499999999999, 4)).toBe(1.0);
  });

  it('keeps the sign of a value that rounds to zero', () => {
    expect(Object.is(pyRound(-1e-5, 4), -0)).toBe(true);
    expect(Object.is(pyRound(1e-5, 4), 0)).toBe(true);
  });

  it('leaves integers, zeros and non-finite values alone', () => {
    for (const x of [0, -0, 1, -1, 1e300, Infinity, -Infinity]) expect(Object.is(pyRound(x, 4), x)).toBe(true);
    expect(pyRound(NaN, 4)).toBeNaN();
  });

  it(`matches CPython on ${vectors.length} vectors bit for bit`, () => {
    expect(vectors.length).toBeGreaterThan(900);
    const wrong = vectors.filter(([x, r]) => !Object.is(pyRound(Number(x), 4), Number(r)));
    expect(wrong).toEqual([]);
  });

  it('rejects a bad number of digits', () => {
    expect(() => pyRound(0.5, -1)).toThrow(RangeError);
    expect(() => pyRound(0.5, 1.5)).toThrow(RangeError);
  });
});
