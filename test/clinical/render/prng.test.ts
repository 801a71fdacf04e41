import { describe, expect, it } from 'vitest';
import { hashString, int, mulberry32, pick, rngFor, shuffle } from '../../../src/clinical/render/_internals/prng.js';

describe('mulberry32', () => {
  it('is deterministic and in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBeGreaterThan(990);
  });

  it('differs between seeds', () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });

  it('spreads int() over its range', () => {
    const rng = mulberry32(7);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[int(rng, 4)]!++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
  });
});

describe('hashString / rngFor', () => {
  it('hashes stably and separates keys', () => {
    expect(hashString('pneumothorax')).toBe(hashString('pneumothorax'));
    expect(hashString('pneumothorax')).not.toBe(hashString('pleural effusion'));
    expect(rngFor(3, 'a')()).toBe(rngFor(3, 'a')());
    expect(rngFor(3, 'a')()).not.toBe(rngFor(4, 'a')());
  });
});

describe('pick / shuffle', () => {
  it('picks members and refuses empty lists', () => {
    const rng = mulberry32(1);
    expect(['a', 'b']).toContain(pick(rng, ['a', 'b']));
    expect(() => pick(rng, [])).toThrow(/empty/);
  });

  it('shuffles to a permutation without touching the input', () => {
    const xs = [1, 2, 3, 4, 5];
    const ys = shuffle(mulberry32(9), xs);
    expect(xs).toEqual([1, 2, 3, 4, 5]);
    expect([...ys].sort()).toEqual(xs);
  });
});
