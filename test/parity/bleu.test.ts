import { describe, it, expect } from 'vitest';
import { sentenceBleu, type SmoothingMethod } from '../../src/metrics/bleu/sentence-bleu.js';
import { readJsonl } from './_vectors.js';

interface Row {
  id: string;
  references: string[][];
  hypothesis: string[];
  weights: number[];
  smoothing: SmoothingMethod;
  auto_reweigh: boolean;
  expected: number;
}

const rows = readJsonl<Row>('bleu.jsonl');

/**
 * nltk re-weighs only when `weights == (0.25, 0.25, 0.25, 0.25)`, a comparison with a tuple.
 * The generator passed each row's weights as a Python list, which never equals a tuple, so
 * `auto_reweigh` changed none of the expected values; sentenceBleu mirrors that (explicit
 * weights are never re-weighted) and every row is called exactly as written. Rows where
 * re-weighting WOULD apply with nltk's default weights: 0.25 x 4, auto_reweigh, < 4 tokens.
 */
const nltkReweighed = (r: Row): boolean =>
  r.auto_reweigh && r.hypothesis.length < 4 && r.weights.length === 4 && r.weights.every((w) => w === 0.25);

describe('BLEU parity with nltk (bleu.jsonl)', () => {
  it('has the vectors', () => {
    expect(rows.length).toBeGreaterThanOrEqual(250);
  });

  it('covers zero scores, every smoothing method used, and the list-weights auto_reweigh rows', () => {
    expect(rows.some((r) => r.expected === 0)).toBe(true);
    expect(new Set(rows.map((r) => r.smoothing)).size).toBeGreaterThanOrEqual(7);
    expect(rows.filter((r) => nltkReweighed(r) && r.hypothesis.length > 0).length).toBeGreaterThan(0);
  });

  it.each(rows.map((r) => [r.id, r] as const))('%s', (_id, r) => {
    const actual = sentenceBleu(r.references, r.hypothesis, { weights: r.weights, smoothing: r.smoothing, autoReweigh: r.auto_reweigh });
    if (r.expected === 0) {
      expect(actual).toBe(0);
    } else {
      expect(Math.abs(actual - r.expected) / Math.abs(r.expected)).toBeLessThanOrEqual(1e-12);
    }
  });
});

/** nltk 3.10.3 on the same rows with its default (tuple) weights, where auto_reweigh applies. */
const TUPLE_WEIGHTS_EXPECTED: Record<string, number> = {
  'bleu-1-5': 1.0,
  'bleu-1-83': 0.36787944117144233,
  'bleu-1-185': 0.027398879614404948,
  'bleu-1-194': 0.1353352832366127,
  'bleu-1-196': 1.171742140909826e-156,
  'bleu-1-206': 1.0547686614863434e-154,
  'bleu-1-217': 0.0029247420015470955,
  'bleu-1-234': 0.14159686292644086,
  'bleu-1-237': 0.00033546262790251185,
  'bleu-1-275': 0.48114335149879117,
};

describe('BLEU parity with nltk: auto_reweigh with tuple weights', () => {
  const reweighed = rows.filter((r) => r.id in TUPLE_WEIGHTS_EXPECTED);
  it('finds those rows', () => {
    expect(reweighed.length).toBe(Object.keys(TUPLE_WEIGHTS_EXPECTED).length);
  });
  it.each(reweighed.map((r) => [r.id, r] as const))('%s', (id, r) => {
    expect(nltkReweighed(r)).toBe(true);
    const actual = sentenceBleu(r.references, r.hypothesis, { smoothing: r.smoothing, autoReweigh: true });
    const expected = TUPLE_WEIGHTS_EXPECTED[id]!;
    expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(1e-12);
  });
});
