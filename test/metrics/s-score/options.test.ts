import { describe, expect, it } from 'vitest';
import { LITERAL, ROBUST, rangeOf, resolveReadings } from '../../../src/metrics/s-score/options.js';

describe('resolveReadings', () => {
  it('defaults to the literal preset', () => {
    expect(resolveReadings()).toEqual(LITERAL);
    expect(resolveReadings({})).toEqual(LITERAL);
    expect(resolveReadings({}, 'robust')).toEqual(ROBUST);
  });

  it('pins the documented defaults of each preset', () => {
    expect(LITERAL).toMatchObject({
      emptySets: 'zero', probScale: 'raw', detailAverage: 'reference', emptyDetails: 'zero',
      bothAbsent: { prob: 0, level: 1, loc: 0 }, locationBleu: { smoothing: 0, autoReweigh: false },
      locationTokens: 'whitespace', levelMatch: 'exact', names: 'canonical', onUnparseable: 'error',
    });
    expect(ROBUST).toMatchObject({
      emptySets: 'one', probScale: 'scaled', detailAverage: 'reference', emptyDetails: 'drop',
      bothAbsent: { prob: 1, level: 1, loc: 1 }, locationBleu: { smoothing: 1, autoReweigh: true },
      locationTokens: 'report', levelMatch: 'severity', names: 'canonical', onUnparseable: 'error',
    });
    expect(LITERAL.weights).toEqual({ prob: 1 / 3, level: 1 / 3, loc: 1 / 3 });
  });

  it('overrides single readings on a preset, the options preset winning over the fallback', () => {
    const r = resolveReadings({ preset: 'robust', probScale: 'raw', bothAbsent: { loc: 0 } }, 'literal');
    expect(r).toMatchObject({ emptySets: 'one', probScale: 'raw', bothAbsent: { prob: 1, level: 1, loc: 0 } });
    expect(resolveReadings({ bothAbsent: 1 }).bothAbsent).toEqual({ prob: 1, level: 1, loc: 1 });
    expect(resolveReadings({ locationBleu: { weights: [1] } }).locationBleu).toEqual({ weights: [1], smoothing: 0, autoReweigh: false });
    expect(resolveReadings({ preset: 'robust', locationBleu: { smoothing: 0 } }).locationBleu).toEqual({ smoothing: 0, autoReweigh: true });
  });

  it('does not share state with the presets', () => {
    const r = resolveReadings();
    r.bothAbsent.prob = 1;
    r.weights.prob = 9;
    expect(LITERAL.bothAbsent.prob).toBe(0);
    expect(LITERAL.weights.prob).toBe(1 / 3);
  });

  it('rejects unknown keys and invalid values, naming each', () => {
    expect(() => resolveReadings({ emptySet: 'one' })).toThrow(/invalid s-score options: .*emptySet/);
    expect(() => resolveReadings({ probScale: 'log' })).toThrow(/probScale/);
    expect(() => resolveReadings({ locationBleu: { smoothing: 5 } })).toThrow(/locationBleu.smoothing/);
    expect(() => resolveReadings({ weights: { prob: -1, level: 1, loc: 1 } })).toThrow(/weights.prob/);
    expect(() => resolveReadings({ bothAbsent: 2 })).toThrow(/bothAbsent/);
  });
});

describe('rangeOf', () => {
  it('is [-0.5, 1] under raw MSE with equal weights: D_i down to -1, S = (0 + -1)/2', () => {
    expect(rangeOf(LITERAL)).toEqual([-0.5, 1]);
  });

  it('is [0, 1] when the MSE is scaled', () => {
    expect(rangeOf(ROBUST)).toEqual([0, 1]);
  });

  it('follows the weights', () => {
    expect(rangeOf(resolveReadings({ weights: { prob: 1, level: 1, loc: 1 } }))).toEqual([-1.5, 2]);
    expect(rangeOf(resolveReadings({ preset: 'robust', weights: { prob: 0.5, level: 0.25, loc: 0.25 } }))).toEqual([0, 1]);
  });
});
