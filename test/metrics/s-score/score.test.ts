import { describe, expect, it } from 'vitest';
import { canonicalize, sScore, sScoreCorpus, SScoreParseError } from '../../../src/metrics/s-score/score.js';
import { lexiconVocabulary } from '../../../src/metrics/s-score/lexicon.js';

const REF = {
  positive: [{ name: 'pleural effusion', probability: 3, level: 'small', location: 'left lower lobe' }],
  negative: [{ name: 'pneumothorax' }],
};

describe('sScore', () => {
  it('returns s, p, d, pPos, pNeg and the breakdown (literal by default)', () => {
    const r = sScore(REF, REF);
    // literal: the 3-token location scores ~1e-77, so D = 2/3 and S = 5/6
    expect(r.s).toBeCloseTo(5 / 6, 15);
    expect(r).toMatchObject({ p: 1, pPos: 1, pNeg: 1 });
    expect(r.d).toBeCloseTo(2 / 3, 15);
    expect(r.perDisease).toHaveLength(1);
    expect(r.perDisease[0]!.sLoc).toBeLessThan(1e-76);
  });

  it('takes a preset and single readings', () => {
    expect(sScore(REF, REF, { preset: 'robust' }).s).toBe(1);
    expect(sScore(REF, REF, { locationBleu: { autoReweigh: true } }).s).toBe(1);
  });

  it('accepts JSON text on either side, repairing it', () => {
    expect(sScore(JSON.stringify(REF), "```json\n{'positive': [{'name': 'effusion', 'probability': 3, 'level': 'small', 'location': 'left lower lobe'}], 'negative': ['PTX'],}\n```", { preset: 'robust' })).toMatchObject({
      s: 1,
      warnings: ['prediction: repaired malformed JSON'],
    });
  });

  it('normalizes names to the lexicon, reporting unknown names, conflicts and duplicates', () => {
    const r = sScore(REF, {
      positive: [{ name: 'Effusions', probability: 3, level: 'small', location: 'left lower lobe' }, { name: 'pleural fluid' }, { name: 'Thymic rebound' }],
      negative: [{ name: 'ptx' }, { name: 'thymic rebound' }],
    }, { preset: 'robust' });
    expect(r.unknownNames).toEqual(['thymic rebound']);
    expect(r.conflicts).toEqual({ prediction: ['thymic rebound'] });
    expect(r.warnings).toEqual(['prediction: positive "pleural fluid" repeats pleural effusion: the first entry\'s details are used']);
    expect(r.perDisease.map((x) => x.name)).toEqual(['pleural effusion', 'thymic rebound']);
  });

  it('compares names as text under names: text', () => {
    const pred = { ...REF, positive: [{ ...REF.positive[0]!, name: 'effusion' }] };
    expect(sScore(REF, pred, { preset: 'robust' }).pPos).toBe(1);
    expect(sScore(REF, pred, { preset: 'robust', names: 'text' }).pPos).toBe(0);
  });

  it('throws SScoreParseError for an unparseable side, unless onUnparseable is empty', () => {
    expect(() => sScore(REF, 'Small left effusion.')).toThrow(SScoreParseError);
    const thrown = (() => {
      try {
        sScore('nope', REF);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(SScoreParseError);
    expect((thrown as SScoreParseError).side).toBe('reference');
    expect((thrown as SScoreParseError).message).toMatch(/^reference: not a structured report/);
    const empty = sScore(REF, '', { onUnparseable: 'empty' });
    // literal: P_pos = 0, P_neg = 0, D = 0
    expect(empty).toMatchObject({ s: 0, p: 0, d: 0 });
    expect(empty.warnings).toEqual(['prediction: unparseable, scored as empty: empty report text (no JSON)']);
  });

  it('throws for invalid options', () => {
    expect(() => sScore(REF, REF, { probScale: 'log' } as never)).toThrow(/invalid s-score options/);
  });
});

describe('canonicalize', () => {
  it('keeps the first entry of a repeated disease and unique negatives', () => {
    const c = canonicalize({ positive: [{ name: 'nodule', probability: 1 }, { name: 'Nodules', probability: 3 }], negative: [{ name: 'PTX' }, { name: 'pneumothorax' }] }, lexiconVocabulary());
    expect([...c.report.positive.values()]).toEqual([{ name: 'nodule', probability: 1 }]);
    expect([...c.report.negative]).toEqual(['pneumothorax']);
    expect(c.warnings).toHaveLength(2);
    expect(c.unknown).toEqual([]);
  });
});

describe('sScoreCorpus', () => {
  it('averages each score over the reports, leaving dropped parts out', () => {
    const normal = { positive: [], negative: [{ name: 'pneumothorax' }] };
    const c = sScoreCorpus([{ reference: REF, prediction: REF }, { reference: normal, prediction: normal }], { preset: 'robust' });
    expect(c).toEqual({ s: 1, p: 1, pPos: 1, pNeg: 1, d: 1, n: 2 });
    const lit = sScoreCorpus([{ reference: REF, prediction: REF }, { reference: normal, prediction: normal }]);
    expect(lit.s).toBeCloseTo((5 / 6 + 0.25) / 2, 15);
  });

  it('refuses an empty corpus', () => {
    expect(() => sScoreCorpus([])).toThrow(RangeError);
  });
});
