import { describe, expect, it } from 'vitest';
import { clippedPrecisions, internAll, matchCounts } from '../../../src/metrics/bleu/_internals/ngrams.js';
import { mulberry32 } from '../../../src/util/prng.js';

/** nltk's modified_precision with string n-gram keys, the obvious way. */
function naive(refs: string[][], hyp: string[], n: number): { numerator: number; denominator: number } {
  const count = (s: string[]) => {
    const m = new Map<string, number>();
    for (let i = 0; i + n <= s.length; i++) {
      const k = JSON.stringify(s.slice(i, i + n));
      m.set(k, (m.get(k) ?? 0) + 1);
    }
    return m;
  };
  const h = count(hyp);
  const rs = refs.map(count);
  let numerator = 0, total = 0;
  for (const [g, c] of h) {
    numerator += Math.min(c, Math.max(0, ...rs.map((r) => r.get(g) ?? 0)));
    total += c;
  }
  return { numerator, denominator: Math.max(1, total) };
}

describe('clippedPrecisions (integer n-gram ids)', () => {
  it('equals string-keyed counting for 1-3 references, orders up to 9, small and large vocabularies', () => {
    const rand = mulberry32(3);
    for (let t = 0; t < 300; t++) {
      const vocab = t % 10 === 0 ? 5000 : 2 + Math.floor(rand() * 8);
      const seq = () => Array.from({ length: Math.floor(rand() * (t % 10 === 0 ? 1500 : 30)) }, () => `w${Math.floor(rand() * vocab)}`);
      const refs = Array.from({ length: 1 + Math.floor(rand() * 3) }, seq);
      const hyp = rand() < 0.3 ? [...refs[0]!] : seq();
      const maxN = 1 + Math.floor(rand() * 9);
      const { refs: r, hyp: h } = internAll(refs, hyp);
      const got = clippedPrecisions(r, h, maxN);
      const counts = matchCounts(refs, hyp, maxN);
      for (let n = 1; n <= maxN; n++) {
        const want = naive(refs, hyp, n);
        expect(got[n - 1], `order ${n}`).toEqual(want);
        expect(counts[n - 1], `matchCounts order ${n}`).toBe(want.numerator);
      }
    }
  });
  it('matchCounts on strings: one reference (the fused path), tokens that look like numbers or object keys', () => {
    const rand = mulberry32(11);
    const words = ['__proto__', 'constructor', '12', '012', '1e3', 'toString', 'hasOwnProperty', '', ' ', 'é', 'e\u0301'];
    for (let t = 0; t < 400; t++) {
      const seq = () => Array.from({ length: Math.floor(rand() * 40) }, () => words[Math.floor(rand() * words.length)]!);
      const ref = seq();
      const hyp = rand() < 0.2 ? [...ref] : seq();
      const counts = [...matchCounts([ref], hyp, 6).subarray(0, 6)];
      expect(counts).toEqual([1, 2, 3, 4, 5, 6].map((n) => naive([ref], hyp, n).numerator));
    }
  });
  it('ids are dense and shared across the sequences of one call, whatever came before', () => {
    internAll([['zebra', 'yak']], ['x']);
    const { refs, hyp } = internAll([['a', 'b', 'a']], ['b', 'c']);
    expect([...refs[0]!]).toEqual([0, 1, 0]);
    expect([...hyp]).toEqual([1, 2]);
  });
});
