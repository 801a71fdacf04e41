import { describe, it, expect } from 'vitest';
import { sentenceBleu } from '../../../src/metrics/bleu/sentence-bleu.js';
import { fsum } from '../../../src/metrics/bleu/_internals/fsum.js';
import { ratioToFloat } from '../../../src/metrics/bleu/_internals/pynum.js';

const FLOAT_MIN = 2.2250738585072014e-308;
const tok = (s: string): string[] => (s ? s.split(' ') : []);

/** Relative error at most 1e-12 (exact for 0). */
function expectClose(actual: number, expected: number): void {
  if (expected === 0) expect(actual).toBe(0);
  else expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThanOrEqual(1e-12);
}

/** Weighted geometric mean over precisions, the way nltk combines them (BP = 1). */
const geo = (p: number[], w = p.map(() => 1 / p.length)): number => Math.exp(fsum(p.map((x, i) => w[i]! * Math.log(x))));

describe('sentenceBleu: basics', () => {
  it('is 1 for an exact match of 4+ tokens', () => {
    expect(sentenceBleu([tok('small left pleural effusion')], tok('small left pleural effusion'))).toBe(1);
  });

  it('is 0 for an empty hypothesis, with or without smoothing', () => {
    expect(sentenceBleu([tok('no effusion')], [])).toBe(0);
    expect(sentenceBleu([tok('no effusion')], [], { smoothing: 7, autoReweigh: true })).toBe(0);
  });

  it('is 0 when no unigram matches, whatever the smoothing', () => {
    for (const smoothing of [0, 1, 2, 3, 4, 5, 6, 7] as const) {
      expect(sentenceBleu([tok('a b c d')], tok('e f g h'), { smoothing })).toBe(0);
    }
  });

  it('applies the brevity penalty exp(1 - r/c) to a short hypothesis', () => {
    // all precisions are 1; r = 6, c = 4
    expect(sentenceBleu([tok('a b c d e f')], tok('a b c d'))).toBe(Math.exp(1 - 6 / 4));
  });

  it('takes the shorter reference when two are equally close', () => {
    // |3 - 4| = |5 - 4|: r = 3 < c, so no penalty (r = 5 would give exp(1 - 5/4))
    expect(sentenceBleu([tok('a b c'), tok('a b c d e')], tok('a b c d'))).toBe(1);
  });

  it('clips counts by the largest count in any one reference', () => {
    // unigram "the" x7 clipped to 2 (reference 1): p1 = 2/7 (weights [1])
    const refs = [tok('the cat is on the mat'), tok('there is a cat on the mat')];
    expectClose(sentenceBleu(refs, tok('the the the the the the the'), { weights: [1] }), 2 / 7);
  });

  it('accepts weights of any length', () => {
    // p1 = 5/6, p2 = 3/5, p3 = 1/4, p4 = 0 -> BLEU-3 uses the first three only
    const refs = [tok('a b c d e f')];
    expectClose(sentenceBleu(refs, tok('a b c x e f'), { weights: [1 / 3, 1 / 3, 1 / 3] }), geo([5 / 6, 3 / 5, 1 / 4], [1 / 3, 1 / 3, 1 / 3]));
    expectClose(sentenceBleu(refs, tok('a b c x e f'), { weights: [0.5, 0.5] }), geo([5 / 6, 3 / 5]));
    expect(sentenceBleu(refs, tok('a b c x e f'), { weights: [] })).toBe(0); // nltk: no orders, 0
  });

  it('rejects no references and unknown smoothing methods', () => {
    expect(() => sentenceBleu([], tok('a'))).toThrow(/reference/);
    expect(() => sentenceBleu([tok('a')], tok('a'), { smoothing: 8 as never })).toThrow(/smoothing/);
  });
});

describe('sentenceBleu: the 1e-77 pitfall of unsmoothed BLEU-4', () => {
  const ref = [tok('left lower lobe')];
  it('gives ~1e-77 for an exact 3-token match (no 4-grams: p4 -> sys.float_info.min)', () => {
    const score = sentenceBleu(ref, tok('left lower lobe'));
    expectClose(score, Math.exp(0.25 * Math.log(FLOAT_MIN)));
    expectClose(score, 1.2213386697554703e-77); // nltk 3.10
  });
  it('is avoided by smoothing method 1 (p4 = 0.1/1) and by auto-reweighing', () => {
    expectClose(sentenceBleu(ref, tok('left lower lobe'), { smoothing: 1 }), 0.1 ** 0.25);
    expect(sentenceBleu(ref, tok('left lower lobe'), { autoReweigh: true })).toBe(1);
  });
  it('auto-reweighs only the default weights, as nltk does for its default tuple', () => {
    // p1 = p2 = 1 and uniform weights over 2 orders
    expect(sentenceBleu([tok('small left')], tok('small left'), { smoothing: 4, autoReweigh: true })).toBe(1);
    // other weights are left alone: p3 = 0 -> float min
    expectClose(sentenceBleu(ref, tok('left lower lobe'), { weights: [0.5, 0.3, 0.2], autoReweigh: true }), 1);
    expect(sentenceBleu(ref, tok('left lower lobe'), { weights: [0.4, 0.2, 0.2, 0.2], autoReweigh: true })).toBeLessThan(1e-60);
  });
});

describe('sentenceBleu: smoothing methods (hypothesis "a b x d e" vs "a b c d e")', () => {
  // p1 = 4/5, p2 = 2/4, p3 = 0/3, p4 = 0/2; c = r = 5 so BP = 1. Last values: nltk 3.10.
  const refs = [tok('a b c d e')];
  const hyp = tok('a b x d e');
  const bleu = (smoothing: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7): number => sentenceBleu(refs, hyp, { smoothing });
  const ln5 = Math.log(5);

  it('0: zero precisions become sys.float_info.min', () => {
    expectClose(bleu(0), geo([0.8, 0.5, FLOAT_MIN, FLOAT_MIN]));
    expectClose(bleu(0), 1.1862800137389335e-154);
  });
  it('1: epsilon 0.1 over the n-gram count', () => {
    expectClose(bleu(1), geo([0.8, 0.5, 0.1 / 3, 0.1 / 2]));
    expectClose(bleu(1), 0.16068568378893033);
  });
  it('2: add one to numerator and denominator above unigrams', () => {
    expectClose(bleu(2), geo([4 / 5, 3 / 5, 1 / 4, 1 / 3]));
    expectClose(bleu(2), 0.4472135954999579);
  });
  it('3: NIST geometric 1/(2^k * count)', () => {
    expectClose(bleu(3), geo([0.8, 0.5, 1 / 6, 1 / 8]));
    expectClose(bleu(3), 0.3021375397356768);
  });
  it('4: 1/(2^k * 5 / ln(len)) over the count', () => {
    expectClose(bleu(4), geo([0.8, 0.5, ln5 / 10 / 3, ln5 / 20 / 2]));
    expectClose(bleu(4), 0.17141814854755813);
  });
  it('4: leaves zeros alone for a one-token hypothesis, and zeros drop out of the mean', () => {
    // p1 = 1, p2..p4 = 0 and skipped; BP = exp(1 - 2/1)
    expectClose(sentenceBleu([tok('a b')], tok('a'), { smoothing: 4 }), Math.exp(-1));
  });
  it('5: averages the n-1, n and n+1 precisions in exact fractions', () => {
    // m0 = p1 + 1 = 9/5; 31/30, 23/45, 23/135, 23/405 (p5 = 0)
    expectClose(bleu(5), geo([31 / 30, 23 / 45, 23 / 135, 23 / 405]));
    expectClose(bleu(5), 0.26736568091462953);
  });
  it('6: interpolates with the prior p_{n-1}^2 / p_{n-2} (alpha 5)', () => {
    // "a b c x e f" vs "a b c d e f": p = 5/6, 3/5, 1/4, 0/3 -> p3 = 79/225, p4 = 6241/48600
    const score = sentenceBleu([tok('a b c d e f')], tok('a b c x e f'), { smoothing: 6 });
    expectClose(score, geo([5 / 6, 3 / 5, 79 / 225, 6241 / 48600]));
    expectClose(score, 0.3874878797226623);
  });
  it('6: throws where nltk asserts a non-zero trigram precision', () => {
    expect(() => bleu(6)).toThrow(/trigram/);
    expect(() => sentenceBleu(refs, hyp, { smoothing: 6, weights: [0.5, 0.5] })).toThrow(/3 n-gram orders/);
  });
  it('7: method 4 then method 5', () => {
    const p2 = (31 / 30 + 1 / 2 + ln5 / 30) / 3;
    const p3 = (p2 + ln5 / 30 + ln5 / 40) / 3;
    const p4 = (p3 + ln5 / 40 + 0) / 3;
    expectClose(bleu(7), geo([31 / 30, p2, p3, p4]));
    expectClose(bleu(7), 0.3111825343683941);
  });
  it('5 and 7 can exceed 1, as in nltk', () => {
    expect(sentenceBleu([tok('a a'), tok('a a a a a')], tok('a a a a a'), { smoothing: 5 })).toBeGreaterThan(1);
  });
});

describe('numeric helpers', () => {
  it('fsum is correctly rounded where a plain sum is not', () => {
    expect(fsum([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1])).toBe(1);
    expect(fsum([1e100, 1, -1e100])).toBe(1);
    expect(fsum([])).toBe(0);
  });
  it('ratioToFloat rounds big fractions to nearest, ties to even', () => {
    expect(ratioToFloat(1n, 3n)).toBe(1 / 3);
    expect(ratioToFloat(10n ** 30n, 3n * 10n ** 29n)).toBe(10 / 3);
    expect(ratioToFloat(2n ** 53n + 1n, 1n)).toBe(2 ** 53); // tie -> even
    expect(ratioToFloat(2n ** 53n + 3n, 1n)).toBe(2 ** 53 + 4);
    expect(ratioToFloat(-(2n ** 60n) - 1n, 2n ** 7n)).toBe(-(2 ** 53));
  });
});
