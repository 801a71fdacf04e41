import { describe, expect, it } from 'vitest';
import { detailScores, f1, levelForm, locationTokens, pScore, scorePair, sLevel, sLoc, sProb, type CanonicalReport } from '../../../src/metrics/s-score/formulas.js';
import { LITERAL, ROBUST, resolveReadings } from '../../../src/metrics/s-score/options.js';
import type { PositiveFinding } from '../../../src/metrics/s-score/report.js';

const set = (...xs: string[]) => new Set(xs);
const TINY_BLEU = Math.exp(0.25 * Math.log(2.2250738585072014e-308)); // unsmoothed BLEU-4 of an exact 3-token match

describe('f1 (eqs. 3-5)', () => {
  it('is 2|R∩H| / (|R| + |H|)', () => {
    expect(f1(set('a', 'b'), set('a'), 'zero')).toBe(2 / 3);
    expect(f1(set('a', 'b'), set('a', 'b', 'c'), 'zero')).toBe(0.8);
    expect(f1(set('a'), set('b'), 'one')).toBe(0);
    expect(f1(set('a'), set(), 'one')).toBe(0);
    expect(f1(set(), set('a'), 'one')).toBe(0);
  });

  it('applies reading (a) only when both sets are empty', () => {
    expect(f1(set(), set(), 'one')).toBe(1);
    expect(f1(set(), set(), 'zero')).toBe(0);
    expect(f1(set(), set(), 'drop')).toBeNull();
  });
});

describe('pScore (eq. 6)', () => {
  it('averages the halves, leaves a dropped half out, and is 1 with both dropped', () => {
    expect(pScore(1, 0.5)).toBe(0.75);
    expect(pScore(null, 0.5)).toBe(0.5);
    expect(pScore(0.25, null)).toBe(0.25);
    expect(pScore(null, null)).toBe(1);
  });
});

describe('sProb (eq. 7, reading b)', () => {
  it('raw: 1 - (p - p\')^2 in {1, 0, -3}', () => {
    expect([sProb(3, 3, LITERAL), sProb(3, 2, LITERAL), sProb(3, 1, LITERAL), sProb(1, 3, LITERAL)]).toEqual([1, 0, -3, -3]);
  });

  it('scaled: 1 - ((p - p\')/2)^2 in {1, 0.75, 0}', () => {
    expect([sProb(2, 2, ROBUST), sProb(2, 3, ROBUST), sProb(1, 3, ROBUST)]).toEqual([1, 0.75, 0]);
  });

  it('is 0 with one side absent and reading (d) with both absent', () => {
    expect(sProb(3, undefined, ROBUST)).toBe(0);
    expect(sProb(undefined, 3, ROBUST)).toBe(0);
    expect(sProb(undefined, undefined, LITERAL)).toBe(0);
    expect(sProb(undefined, undefined, ROBUST)).toBe(1);
  });
});

describe('sLevel (eq. 8, reading g)', () => {
  it('compares exact strings under the literal reading', () => {
    expect(sLevel('small', 'small', LITERAL)).toBe(1);
    expect(sLevel('small', 'Small', LITERAL)).toBe(0);
    expect(sLevel('small', 'mild', LITERAL)).toBe(0);
  });

  it('normalized ignores case and spacing; severity also maps synonyms', () => {
    const normalized = resolveReadings({ levelMatch: 'normalized' });
    expect(sLevel('small', ' Small ', normalized)).toBe(1);
    expect(sLevel('small', 'mild', normalized)).toBe(0);
    expect(sLevel('small', 'mild', ROBUST)).toBe(1);
    expect(sLevel('small', 'large', ROBUST)).toBe(0);
    expect(sLevel('loculated', 'Loculated', ROBUST)).toBe(1);
    expect(levelForm('Small to moderate', 'severity')).toBe('moderate');
  });

  it('two absent levels are equal even under the literal reading; one absent differs', () => {
    expect(sLevel(undefined, undefined, LITERAL)).toBe(1);
    expect(sLevel(undefined, undefined, resolveReadings({ bothAbsent: 0 }))).toBe(0);
    expect(sLevel('small', undefined, ROBUST)).toBe(0);
    expect(sLevel(undefined, 'small', ROBUST)).toBe(0);
  });
});

describe('sLoc (eq. 9, readings e and f)', () => {
  it('literal: an exact 3-token location scores ~1e-77 (the BLEU pitfall)', () => {
    const v = sLoc('left lower lobe', 'left lower lobe', LITERAL);
    expect(v).toBe(TINY_BLEU);
    expect(v).toBeLessThan(1e-76);
  });

  it('robust: auto-reweigh and smoothing 1 give 1 for an exact short location, (1/30)^(1/3) for a wrong side', () => {
    expect(sLoc('left lower lobe', 'left lower lobe', ROBUST)).toBe(1);
    expect(sLoc('left', 'left', ROBUST)).toBe(1);
    expect(sLoc('left lower lobe', 'right lower lobe', ROBUST)).toBeCloseTo((1 / 30) ** (1 / 3), 15);
    expect(sLoc('left', 'right', ROBUST)).toBe(0);
  });

  it('long locations: no zero precision, so every reading agrees', () => {
    const ref = 'in the lower zone of the left lung';
    const hyp = 'in the lower zone of the right lung';
    expect(sLoc(ref, hyp, LITERAL)).toBeCloseTo(Math.SQRT1_2, 15);
    expect(sLoc(ref, hyp, ROBUST)).toBeCloseTo(Math.SQRT1_2, 15);
  });

  it('tokens: str.split() keeps case and punctuation; report tokens are lowercased words', () => {
    expect(locationTokens(' Left  lower lobe. ', 'whitespace')).toEqual(['Left', 'lower', 'lobe.']);
    expect(locationTokens(' Left  lower lobe, posterior. ', 'report')).toEqual(['left', 'lower', 'lobe', 'posterior']);
    expect(sLoc('In the lower zone of the left lung.', 'in the lower zone of the left lung', LITERAL)).toBeCloseTo((3 / 14) ** 0.25, 15);
  });

  it('BLEU-1 is one of the options', () => {
    expect(sLoc('left lower lobe', 'right lower lobe', resolveReadings({ locationBleu: { weights: [1] } }))).toBeCloseTo(2 / 3, 15);
  });

  it('is 0 with one side absent and reading (d) with both absent', () => {
    expect(sLoc('left', undefined, ROBUST)).toBe(0);
    expect(sLoc(undefined, 'left', ROBUST)).toBe(0);
    expect(sLoc(undefined, undefined, LITERAL)).toBe(0);
    expect(sLoc(undefined, undefined, ROBUST)).toBe(1);
    expect(sLoc('.', '.', ROBUST)).toBe(1); // no word on either side counts as both absent
    expect(sLoc('.', 'left', ROBUST)).toBe(0);
  });
});

describe('detailScores (eq. 10)', () => {
  const ref: PositiveFinding = { name: 'x', probability: 3, level: 'small', location: 'in the lower zone of the left lung' };

  it('weights the three scores by 1/3', () => {
    expect(detailScores(ref, ref, LITERAL)).toEqual({ sProb: 1, sLevel: 1, sLoc: 1, d: 1 });
    const hedged = detailScores(ref, { ...ref, probability: 1 }, LITERAL);
    expect(hedged.sProb).toBe(-3);
    expect(hedged.d).toBeCloseTo(-1 / 3, 15);
  });

  it('uses the configured weights', () => {
    const r = resolveReadings({ weights: { prob: 0, level: 1, loc: 0 } });
    expect(detailScores(ref, { ...ref, probability: 1, location: 'x' }, r).d).toBe(1);
  });
});

const report = (positive: PositiveFinding[], negative: string[] = []): CanonicalReport => ({
  positive: new Map(positive.map((f) => [f.name, f])),
  negative: new Set(negative),
});
const EFF: PositiveFinding = { name: 'pleural effusion', probability: 3, level: 'small', location: 'in the lower zone of the left lung' };
const CONS: PositiveFinding = { name: 'consolidation', probability: 2, level: 'moderate', location: 'in the lower zone of the right lung' };
const NOD: PositiveFinding = { name: 'nodule', probability: 2, level: 'small', location: 'in the upper zone of the right lung' };

describe('scorePair (eqs. 1-11)', () => {
  it('scores an exact copy 1', () => {
    const a = report([EFF, CONS], ['pneumothorax']);
    expect(scorePair(a, a, LITERAL)).toMatchObject({ s: 1, p: 1, pPos: 1, pNeg: 1, d: 1 });
  });

  it('averages D over reference positives, over matched ones, or over the union (reading c)', () => {
    const ref = report([EFF, CONS], ['pneumothorax']);
    const pred = report([EFF, NOD], ['pneumothorax']);
    // P_pos = 2*1/(2+2) = 1/2, P_neg = 1, P = 3/4
    const byRef = scorePair(ref, pred, LITERAL);
    expect(byRef).toMatchObject({ p: 0.75, pPos: 0.5, d: 0.5, s: 0.625 });
    expect(byRef.perDisease).toEqual([
      { name: 'pleural effusion', side: 'both', counted: true, sProb: 1, sLevel: 1, sLoc: 1, d: 1 },
      { name: 'consolidation', side: 'reference', counted: true, d: 0 },
      { name: 'nodule', side: 'prediction', counted: false, d: 0 },
    ]);
    expect(scorePair(ref, pred, resolveReadings({ detailAverage: 'matched' }))).toMatchObject({ d: 1, s: 0.875 });
    expect(scorePair(ref, pred, resolveReadings({ detailAverage: 'union' })).d).toBeCloseTo(1 / 3, 15);
  });

  it('applies reading (c\') when D has nothing to average', () => {
    const normal = report([], ['pneumothorax']);
    expect(scorePair(normal, normal, LITERAL)).toMatchObject({ p: 0.5, d: 0, s: 0.25 });
    expect(scorePair(normal, normal, resolveReadings({ emptyDetails: 'one' }))).toMatchObject({ d: 1, s: 0.75 });
    expect(scorePair(normal, normal, ROBUST)).toMatchObject({ p: 1, d: null, s: 1 });
    const matchedNone = scorePair(report([EFF]), report([NOD]), resolveReadings({ preset: 'robust', detailAverage: 'matched' }));
    expect(matchedNone).toMatchObject({ pPos: 0, pNeg: 1, p: 0.5, d: null, s: 0.5 });
  });

  it('can reach the bottom of the raw range, -0.5', () => {
    const ref = report([EFF]);
    const pred = report([{ ...EFF, probability: 1, level: 'large', location: 'right' }]);
    const r = resolveReadings({ emptySets: 'zero' });
    // P_pos = 1, P_neg = 0 (both empty) -> P = 1/2; D = -1 -> S = -1/4
    expect(scorePair(ref, pred, r).s).toBeCloseTo(-0.25, 15);
    const both = scorePair(report([EFF], ['pneumothorax']), report([{ ...EFF, probability: 1, level: 'large', location: 'right' }, NOD], ['nodule']), r);
    expect(both.d).toBeCloseTo(-1, 15);
  });

  it('agrees with the Python reference implementation on a mixed pair (bench/_python/s_score.py)', () => {
    const ref = report([EFF, CONS, NOD], ['pneumothorax', 'cardiomegaly']);
    const pred = report([{ ...EFF, level: 'mild', location: 'left lower zone' }, { ...CONS, probability: 3 }, { name: 'atelectasis', probability: 1 }], ['pneumothorax']);
    // python3 -c "import s_score as s; ..." with the same pairs: literal 0.5, robust 0.6010879092787681
    expect(scorePair(ref, pred, LITERAL).s).toBeCloseTo(0.5, 14);
    expect(scorePair(ref, pred, ROBUST).s).toBeCloseTo(0.6010879092787681, 14);
  });
});
