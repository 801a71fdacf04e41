import { describe, expect, it } from 'vitest';
import { pairedRandomization } from '../../src/stats/randomization.js';
import { pairedRandomization as fromStats } from '../../src/stats/index.js';
import { pairedRandomization as fromRoot } from '../../src/index.js';

const mean = (xs: number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** The exact permutation p-value: all 2^n swap patterns, |d| >= |d_obs| (the Monte Carlo test's limit). */
function exactP<T>(a: T[], b: T[], stat: (xs: T[]) => number): number {
  const n = a.length;
  const target = Math.abs(stat(a) - stat(b));
  let hits = 0;
  for (let mask = 0; mask < 2 ** n; mask++) {
    const x = a.map((v, i) => ((mask >> i) & 1 ? b[i]! : v));
    const y = b.map((v, i) => ((mask >> i) & 1 ? a[i]! : v));
    if (Math.abs(stat(x) - stat(y)) >= target) hits++;
  }
  return hits / 2 ** n;
}

/** Binomial tolerance: 4 standard deviations of a proportion estimated from `trials` draws (two-sided miss ≈ 6e-5). */
const tol = (p: number, trials: number): number => 4 * Math.sqrt((p * (1 - p)) / trials);

describe('pairedRandomization (METRICS §7)', () => {
  it('identical systems: every trial difference is 0 >= |0|, so p = 1 exactly', () => {
    const xs = [0.1, 0.7, 0.3, 0.9, 0.25];
    const r = pairedRandomization(xs, [...xs]);
    expect(r).toEqual({ observed: 0, p: 1, count: 10_000, trials: 10_000, seed: 0 });
  });

  it('pairs that are equal within each pair: p = 1', () => {
    // every pair is equal, so a swap changes nothing: d = 0 on every trial
    expect(pairedRandomization([1, 0, 1, 0], [1, 0, 1, 0], { trials: 200 }).p).toBe(1);
  });

  // Hand-computed exact p-values (d = a - b per pair; with the mean, d_random = Σ s_i d_i / n, s_i = ±1):
  const small: [string, number[], number[], number][] = [
    // d = 1,2,3,4, observed 2.5: |Σ s_i d_i| >= 10 only with all signs equal -> 2/16
    ['d = 1,2,3,4', [1, 2, 3, 4], [0, 0, 0, 0], 2 / 16],
    // d = 1,1,1,0: the first three signs equal (2 of 8), the tied pair free (×2) -> 4/16
    ['d = 1,1,1,0 (a tied pair)', [2, 1, 1, 5], [1, 0, 0, 5], 4 / 16],
    // d = 1,1,1,1,1,-1 (sum 4): Σ of six ±1 = 2k - 6, |2k - 6| >= 4 for k ∈ {0,1,5,6} -> 14/64
    ['d = 1,1,1,1,1,-1', [1, 1, 1, 1, 1, 0], [0, 0, 0, 0, 0, 1], 14 / 64],
    // d = 3,1,1,1,1,1 (sum 8): only all-equal signs reach |Σ| >= 8 -> 2/64
    ['d = 3,1,1,1,1,1', [3, 1, 1, 1, 1, 1], [0, 0, 0, 0, 0, 0], 2 / 64],
  ];
  it.each(small)('%s: enumeration gives the hand value, and the Monte Carlo p is within 4 binomial SDs of it', (_name, a, b, want) => {
    expect(exactP(a, b, mean)).toBe(want);
    for (const seed of [0, 1, 2]) {
      const r = pairedRandomization(a, b, { seed });
      expect(r.trials).toBe(10_000);
      expect(r.p).toBe(r.count / r.trials);
      expect(Math.abs(r.p - want)).toBeLessThanOrEqual(tol(want, r.trials));
    }
  });

  it('observed is statistic(a) - statistic(b) and p does not depend on which system is first', () => {
    const a = [0.5, 0.75, 0.25, 1];
    const b = [0.25, 0.5, 0.5, 0.5];
    const ab = pairedRandomization(a, b, { seed: 5 });
    const ba = pairedRandomization(b, a, { seed: 5 });
    expect(ab.observed).toBe(0.1875);
    expect(ba.observed).toBe(-0.1875);
    expect(ba.count).toBe(ab.count);
    // exact: d = .25, .25, -.25, .5 (sum .75): |Σ s_i d_i| >= .75 -> 8 of 16 patterns
    expect(exactP(a, b, mean)).toBe(0.5);
    expect(Math.abs(ab.p - 0.5)).toBeLessThanOrEqual(tol(0.5, ab.trials));
  });

  it('a large consistent difference gives a small p', () => {
    // 40 pairs, A better by 0.2 (± small noise) on every case: only the 2 all-equal-sign patterns of 2^40 reach |d_obs|
    const a = Array.from({ length: 40 }, (_, i) => 0.6 + ((i * 7) % 5) / 100);
    const b = Array.from({ length: 40 }, (_, i) => 0.4 + ((i * 3) % 5) / 100);
    const r = pairedRandomization(a, b);
    expect(r.observed).toBeGreaterThan(0.18);
    expect(r.p).toBeLessThan(0.001);
    expect(r.p).toBe(0);
  });

  it('a corpus statistic that is not the mean (ratio of sums, like corpus precision) over arbitrary outputs', () => {
    type Out = { tp: number; n: number };
    const ratio = (xs: Out[]): number => xs.reduce((s, x) => s + x.tp, 0) / xs.reduce((s, x) => s + x.n, 0);
    // ratio(a) = 1/4, ratio(b) = 3/4 (a mean of per-case ratios would give 0.5 - 0.5 = 0)
    const a: Out[] = [{ tp: 1, n: 1 }, { tp: 0, n: 3 }];
    const b: Out[] = [{ tp: 0, n: 1 }, { tp: 3, n: 3 }];
    const r = pairedRandomization(a, b, { statistic: ratio, trials: 500 });
    expect(r.observed).toBe(-0.5);
    // patterns: none -0.5, first 0 - 1 = -1, second 1 - 0 = 1, both 0.5: all reach 0.5 -> p = 1
    expect(exactP(a, b, ratio)).toBe(1);
    expect(r.p).toBe(1);
    // two perfect vs two empty cases: none 1, both -1, one swapped 0 -> exact 1/2
    const good: Out[] = [{ tp: 1, n: 1 }, { tp: 1, n: 1 }];
    const bad: Out[] = [{ tp: 0, n: 1 }, { tp: 0, n: 1 }];
    expect(exactP(good, bad, ratio)).toBe(0.5);
    const r2 = pairedRandomization(good, bad, { statistic: ratio });
    expect(Math.abs(r2.p - 0.5)).toBeLessThanOrEqual(tol(0.5, r2.trials));
  });

  it('uses numpy-style mean by default and does not mutate its inputs', () => {
    const a = [0.1, 0.2, 0.3];
    const b = [0.3, 0.1, 0.1];
    const r = pairedRandomization(a, b, { trials: 100 });
    expect(r.observed).toBe((0.1 + 0.2 + 0.3) / 3 - (0.3 + 0.1 + 0.1) / 3);
    expect(a).toEqual([0.1, 0.2, 0.3]);
    expect(b).toEqual([0.3, 0.1, 0.1]);
  });

  it('is deterministic for a seed, and the seed matters', () => {
    const a = Array.from({ length: 25 }, (_, i) => ((i * 37) % 11) / 10);
    const b = Array.from({ length: 25 }, (_, i) => ((i * 13) % 11) / 10);
    const r = pairedRandomization(a, b, { seed: 3 });
    expect(pairedRandomization(a, b, { seed: 3 })).toEqual(r);
    expect(pairedRandomization(a, b, { seed: 4 }).count).not.toBe(r.count);
    expect(r.seed).toBe(3);
    // default seed 0 = explicit seed 0; the trial count is honoured
    expect(pairedRandomization(a, b)).toEqual(pairedRandomization(a, b, { seed: 0 }));
    expect(pairedRandomization(a, b, { trials: 123 }).trials).toBe(123);
    // regression pin: one mulberry32 draw per pair per trial, swap when < 0.5
    expect(pairedRandomization([1, 2, 3, 4], [0, 0, 0, 0], { seed: 0 }).count).toBe(PINNED_COUNT);
  });

  it('validates its arguments', () => {
    expect(() => pairedRandomization([1, 2], [1])).toThrow(/same length/);
    expect(() => pairedRandomization([], [])).toThrow(/at least one pair/);
    expect(() => pairedRandomization([1], [2], { trials: 0 })).toThrow(/trials/);
    expect(() => pairedRandomization([1], [2], { trials: 1.5 })).toThrow(/trials/);
    expect(() => pairedRandomization([1], [2], { trials: -10 })).toThrow(/trials/);
    expect(() => pairedRandomization([1], [2], { seed: Number.NaN })).toThrow(/seed/);
    expect(() => pairedRandomization([1, Number.NaN], [2, 3])).toThrow(/finite numbers/);
    expect(() => pairedRandomization([1, Number.POSITIVE_INFINITY], [2, 3])).toThrow(/finite numbers/);
    expect(() => pairedRandomization(['x'] as unknown as number[], [1])).toThrow(/finite numbers/);
    expect(() => pairedRandomization([1], [2], { statistic: () => Number.NaN })).toThrow(/not finite/);
    expect(() => pairedRandomization(null as unknown as number[], [1])).toThrow(/arrays/);
  });

  it('is exported from src/stats and the package root', () => {
    expect(fromStats).toBe(pairedRandomization);
    expect(fromRoot).toBe(pairedRandomization);
  });
});

// seed 0 on d = 1,2,3,4: 1269 of 10,000 trials (exact p 0.125)
const PINNED_COUNT = 1269;
