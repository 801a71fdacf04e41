import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { kendallTauB } from '../../src/stats/kendall.js';
import { pearson, rankAverage, spearman } from '../../src/stats/correlation.js';

interface Row { x: number[]; y: number[]; kendall: number | null; spearman: number | null; pearson: number | null }
const fixture = JSON.parse(readFileSync(new URL('../fixtures/stats/correlation.json', import.meta.url), 'utf8')) as { scipy: string; rows: Row[] };

const close = (got: number, want: number | null) => {
  if (want === null) expect(got).toBeNaN();
  else expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-12);
};

describe(`correlations against scipy ${fixture.scipy} (test/fixtures/stats/correlation.json)`, () => {
  it.each(fixture.rows.map((r, i) => [i, r.x.length, r] as const))('row %i (n = %i)', (_i, _n, row) => {
    close(spearman(row.x, row.y), row.spearman);
    close(pearson(row.x, row.y), row.pearson);
    const k = kendallTauB(row.x, row.y);
    if (row.kendall === null) expect(k).toBeNaN();
    else expect(k).toBe(row.kendall);
  });
});

describe('rankAverage', () => {
  it('gives tied values their mean rank', () => {
    expect([...rankAverage([10, 20, 10, 30, 20, 20])]).toEqual([1.5, 4, 1.5, 6, 4, 4]);
  });
  it('is empty for an empty input', () => {
    expect(rankAverage([]).length).toBe(0);
  });
});

describe('pearson / spearman edge cases', () => {
  it('NaN for a constant side or fewer than two points', () => {
    expect(pearson([1, 1, 1], [1, 2, 3])).toBeNaN();
    expect(pearson([1], [2])).toBeNaN();
    expect(spearman([1, 2, NaN], [1, 2, 3])).toBeNaN();
  });
  it('rejects samples of different lengths', () => {
    expect(() => pearson([1, 2], [1])).toThrow(/same length/);
  });
});
