import { describe, it, expect } from 'vitest';
import { lcsLength, rougeL } from '../../../src/metrics/rouge-l/rouge-l.js';

const tok = (s: string): string[] => (s ? s.split(' ') : []);

describe('lcsLength', () => {
  it('finds the longest common subsequence', () => {
    expect(lcsLength(tok('a b c d e'), tok('a c e'))).toBe(3);
    expect(lcsLength(tok('a b c b d a b'), tok('b d c a b a'))).toBe(4);
    expect(lcsLength(tok('a b'), tok('c d'))).toBe(0);
    expect(lcsLength([], tok('a'))).toBe(0);
  });
});

describe('rougeL', () => {
  it('computes precision, recall and F1', () => {
    // reference 6 tokens, candidate 4, LCS "the cat on mat" = 4
    const r = rougeL(tok('the cat sat on the mat'), tok('the cat on mat'));
    expect(r.precision).toBe(4 / 4);
    expect(r.recall).toBe(4 / 6);
    expect(r.f).toBe((2 * 1 * (4 / 6)) / (4 / 6 + 1));
  });

  it('is 1 for identical and 0 for disjoint or empty sequences', () => {
    expect(rougeL(tok('no acute findings'), tok('no acute findings'))).toEqual({ precision: 1, recall: 1, f: 1 });
    expect(rougeL(tok('a b'), tok('c d'))).toEqual({ precision: 0, recall: 0, f: 0 });
    expect(rougeL([], tok('a'))).toEqual({ precision: 0, recall: 0, f: 0 });
    expect(rougeL(tok('a'), [])).toEqual({ precision: 0, recall: 0, f: 0 });
  });

  it('weights recall by beta', () => {
    const p = 1 / 2;
    const r = 1 / 4; // LCS 2, candidate 4, reference 8
    const { f } = rougeL(tok('a b c d e f g h'), tok('a x b y'), 2);
    expect(f).toBeCloseTo((5 * p * r) / (r + 4 * p), 15);
    expect(f).toBeLessThan(rougeL(tok('a b c d e f g h'), tok('a x b y')).f); // recall is the weak side
  });

  it('F1 is exactly symmetric', () => {
    const a = tok('small left pleural effusion with adjacent atelectasis');
    const b = tok('left effusion and atelectasis no pneumothorax');
    expect(rougeL(a, b).f).toBe(rougeL(b, a).f);
    expect(rougeL(a, b).precision).toBe(rougeL(b, a).recall);
  });

  it('rejects a non-positive beta', () => {
    expect(() => rougeL(tok('a'), tok('a'), 0)).toThrow(/beta/);
  });
});

describe('lcsLength (bit-parallel) against the textbook table', () => {
  const table = (a: string[], b: string[]): number => {
    const d = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
    for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) d[i]![j] = a[i - 1] === b[j - 1] ? d[i - 1]![j - 1]! + 1 : Math.max(d[i - 1]![j]!, d[i]![j - 1]!);
    return d[a.length]![b.length]!;
  };
  it('random sequences of 0-150 tokens (several 32-bit words)', () => {
    let seed = 1;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let t = 0; t < 300; t++) {
      const k = 1 + Math.floor(rand() * 6);
      const s = () => Array.from({ length: Math.floor(rand() * 150) }, () => `t${Math.floor(rand() * k)}`);
      const a = s(), b = s();
      expect(lcsLength(a, b)).toBe(table(a, b));
    }
  });
});
