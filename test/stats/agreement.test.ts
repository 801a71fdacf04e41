import { describe, expect, it } from 'vitest';
import { majoritySign, pairwiseAccuracy, preferenceSign, signAgreement } from '../../src/stats/agreement.js';
import { pairwiseAccuracy as fromRoot } from '../../src/stats/index.js';

describe('preferenceSign', () => {
  it('is 0 within the tolerance, else the sign', () => {
    expect(preferenceSign(0.005, 0.01)).toBe(0);
    expect(preferenceSign(0.01, 0.01)).toBe(0);
    expect(preferenceSign(0.02, 0.01)).toBe(1);
    expect(preferenceSign(-0.3)).toBe(-1);
    expect(preferenceSign(0)).toBe(0);
  });
});

describe('pairwiseAccuracy', () => {
  it('counts equal signs, with and without tied references (hand-computed)', () => {
    // predicted vs reference: =, = (both tie), ≠, ≠ (reference tie), =
    const a = pairwiseAccuracy([1, 0, -1, 1, -1], [1, 0, 1, 0, -1]);
    expect(a).toEqual({ pairs: 5, correct: 3, withTies: 0.6, untiedPairs: 3, correctUntied: 2, withoutTies: 2 / 3 });
  });
  it('uses signs only and leaves out unknown entries', () => {
    expect(pairwiseAccuracy([0.4, undefined, -2], [3, 1, undefined])).toMatchObject({ pairs: 1, correct: 1, withTies: 1, withoutTies: 1 });
  });
  it('counts a predicted tie as wrong when the reference is untied', () => {
    expect(pairwiseAccuracy([0], [2])).toMatchObject({ withTies: 0, withoutTies: 0 });
  });
  it('gives null rates when there is nothing to compare', () => {
    expect(pairwiseAccuracy([], [])).toEqual({ pairs: 0, correct: 0, withTies: null, untiedPairs: 0, correctUntied: 0, withoutTies: null });
    expect(fromRoot([1], [0]).withoutTies).toBeNull();
    expect(() => pairwiseAccuracy([1], [])).toThrow(/lengths differ/);
  });
});

describe('majoritySign', () => {
  it('is the strict plurality of signs', () => {
    expect(majoritySign([1, 1, -1])).toBe(1);
    expect(majoritySign([0, 0, 1])).toBe(0);
    expect(majoritySign([2, 3, -1])).toBe(1);
    expect(majoritySign([-1])).toBe(-1);
  });
  it('is undefined when the lead is shared or there are no raters', () => {
    expect(majoritySign([1, 0, -1])).toBeUndefined();
    expect(majoritySign([1, -1])).toBeUndefined();
    expect(majoritySign([])).toBeUndefined();
  });
});

describe('signAgreement', () => {
  it('compares two raters symmetrically (hand-computed)', () => {
    const a = signAgreement([1, 0, -1, 1], [1, 1, -1, undefined]);
    expect(a).toEqual({ pairs: 3, withTies: 2 / 3, untiedPairs: 2, withoutTies: 1 });
    expect(signAgreement([1, 1, -1, undefined], [1, 0, -1, 1])).toEqual(a);
  });
  it('has null rates without shared pairs', () => {
    expect(signAgreement([undefined], [1])).toEqual({ pairs: 0, withTies: null, untiedPairs: 0, withoutTies: null });
  });
});
