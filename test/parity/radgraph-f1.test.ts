import { describe, it, expect } from 'vitest';
import { radgraphF1, type RadGraphF1Result, type RadGraphVariant } from '../../src/metrics/radgraph/score.js';
import type { RadGraphAnnotation } from '../../src/metrics/radgraph/extractors/types.js';
import { numpyMean } from '../../src/stats/numpy.js';
import { readJson, readJsonl } from './_vectors.js';

interface Row {
  id: string;
  hyp: RadGraphAnnotation;
  ref: RadGraphAnnotation;
  hyp_text?: string;
  ref_text?: string;
  expected: Record<RadGraphVariant, RadGraphF1Result>;
}

const rows = readJsonl<Row>('radgraph-f1.jsonl');
const means = readJson<Record<RadGraphVariant, RadGraphF1Result>>('radgraph-f1-means.json');

const variants: RadGraphVariant[] = ['head', 'pypi'];
const levels = ['simple', 'partial', 'complete'] as const;

function score(row: Row, variant: RadGraphVariant): RadGraphF1Result {
  return radgraphF1(row.hyp, row.ref, { variant, hypText: row.hyp_text, refText: row.ref_text });
}

describe('radgraphF1 parity (radgraph-f1.jsonl, exact)', () => {
  it('has 300 rows', () => expect(rows).toHaveLength(300));
  for (const variant of variants) {
    it.each(rows.map((r) => [r.id, r] as const))(`${variant} %s`, (_id, row) => {
      expect(score(row, variant)).toStrictEqual(row.expected[variant]);
    });
  }
});

describe('radgraphF1 corpus means (radgraph-f1-means.json, bit for bit)', () => {
  for (const variant of variants) {
    for (const level of levels) {
      it(`${variant} ${level}`, () => {
        const values = rows.map((r) => score(r, variant)[level]);
        expect(Object.is(numpyMean(values), means[variant][level])).toBe(true);
        expect(numpyMean(values)).toBe(means[variant][level]);
      });
    }
  }
  it('a plain left-to-right mean differs from numpy on this fixture (so the test discriminates)', () => {
    const plain = (v: number[]): number => v.reduce((s, x) => s + x, 0) / v.length;
    const differs = variants.some((variant) =>
      levels.some((level) => plain(rows.map((r) => score(r, variant)[level])) !== means[variant][level]),
    );
    expect(differs).toBe(true);
  });
});
