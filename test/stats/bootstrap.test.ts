import { describe, expect, it } from 'vitest';
import { bootstrapCI, mulberry32, quantileSorted } from '../../src/stats/bootstrap.js';

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('mulberry32', () => {
  it('is deterministic per seed and stays in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(8)()).not.toBe(xs[0]);
    // roughly uniform
    expect(mean(xs)).toBeGreaterThan(0.45);
    expect(mean(xs)).toBeLessThan(0.55);
  });
});

describe('quantileSorted (np.percentile, linear)', () => {
  it('interpolates between order statistics', () => {
    // np.percentile([1, 2, 3, 4], [0, 25, 50, 97.5, 100]) -> 1, 1.75, 2.5, 3.925, 4
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0.975)).toBeCloseTo(3.925, 12);
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4);
    expect(quantileSorted([7], 0.3)).toBe(7);
    expect(quantileSorted([], 0.5)).toBeNaN();
  });
});

describe('bootstrapCI', () => {
  it('is a point for a constant sample', () => {
    expect(bootstrapCI([5, 5, 5], mean)).toEqual({ low: 5, high: 5, confidence: 0.95, resamples: 1000, valid: 1000, seed: 0 });
  });
  it('two units: the resampled mean is 0, 0.5 or 1 (1/4, 1/2, 1/4), so the 95% CI is [0, 1]', () => {
    const ci = bootstrapCI([0, 1], mean);
    expect([ci.low, ci.high]).toEqual([0, 1]);
  });
  it('is reproducible for a seed and changes with it', () => {
    const units = Array.from({ length: 30 }, (_, i) => (i * 37) % 11);
    const a = bootstrapCI(units, mean, { seed: 3, resamples: 500 });
    expect(bootstrapCI(units, mean, { seed: 3, resamples: 500 })).toEqual(a);
    expect(bootstrapCI(units, mean, { seed: 4, resamples: 500 })).not.toEqual(a);
    expect(a.low).toBeLessThan(mean(units));
    expect(a.high).toBeGreaterThan(mean(units));
    expect(a.resamples).toBe(500);
  });
  it('drops non-finite statistics and reports how many were kept', () => {
    const ci = bootstrapCI([1, 2], (s) => (s[0] === s[1] ? Number.NaN : 1));
    expect(ci.valid).toBeGreaterThan(0);
    expect(ci.valid).toBeLessThan(1000);
    expect(ci.low).toBe(1);
    const none = bootstrapCI([1], () => Number.NaN);
    expect(none.valid).toBe(0);
    expect(none.low).toBeNaN();
    expect(bootstrapCI([], mean).valid).toBe(0);
  });
  it('narrows with a lower confidence and rejects an impossible one', () => {
    const units = Array.from({ length: 40 }, (_, i) => i % 7);
    const wide = bootstrapCI(units, mean);
    const narrow = bootstrapCI(units, mean, { confidence: 0.5 });
    expect(narrow.high - narrow.low).toBeLessThan(wide.high - wide.low);
    expect(() => bootstrapCI(units, mean, { confidence: 1 })).toThrow(/confidence/);
  });
});

describe('bootstrapTauB (ranks once, gathers per resample)', () => {
  it('equals bootstrapCI over kendallTauB bit for bit: clusters of ties, singletons, empty and NaN clusters', async () => {
    const { kendallTauB } = await import('../../src/stats/kendall.js');
    const { bootstrapTauB } = await import('../../src/stats/bootstrap.js');
    const rand = mulberry32(9);
    for (let t = 0; t < 12; t++) {
      const clusters = Array.from({ length: 5 + Math.floor(rand() * 60) }, () => {
        const n = Math.floor(rand() * 6);
        const x = Array.from({ length: n }, () => Math.floor(rand() * 4) - 1.5);
        return { x, y: x.map((v) => (t === 3 && rand() < 0.01 ? Number.NaN : Math.round((v + rand()) * 4) / 4)) };
      });
      const opts = { resamples: 200, seed: t };
      const want = bootstrapCI(clusters, (s) => kendallTauB(s.flatMap((c) => c.x), s.flatMap((c) => c.y)), opts);
      expect(bootstrapTauB(clusters, opts)).toStrictEqual(want);
    }
  });
});

describe('bootstrapCorrelation (Pearson and Spearman without a sort per resample)', () => {
  it('equals bootstrapCI over pearson / spearman bit for bit: ties, -0, infinities, singletons, empty and NaN clusters', async () => {
    const { pearson, spearman } = await import('../../src/stats/correlation.js');
    const { bootstrapCorrelation } = await import('../../src/stats/bootstrap.js');
    const rand = mulberry32(19);
    for (let t = 0; t < 16; t++) {
      const clusters = Array.from({ length: 3 + Math.floor(rand() * 50) }, () => {
        const n = Math.floor(rand() * 6);
        const x = Array.from({ length: n }, () => (t % 4 === 0 ? Math.floor(rand() * 3) * 0.5 : t % 4 === 1 ? rand() : [-0, 0, Infinity, -Infinity, 1.25][Math.floor(rand() * 5)]!));
        return { x, y: x.map((v) => (t === 5 && rand() < 0.02 ? Number.NaN : t % 2 ? rand() * 3 - v * 0 : Math.round(rand() * 4) / 4)) };
      });
      const opts = { resamples: 150, seed: t };
      for (const [kind, stat] of [['pearson', pearson], ['spearman', spearman]] as const) {
        const want = bootstrapCI(clusters, (s) => stat(s.flatMap((c) => c.x), s.flatMap((c) => c.y)), opts);
        expect(bootstrapCorrelation(clusters, kind, opts), `${kind} ${t}`).toStrictEqual(want);
      }
    }
  });
});
