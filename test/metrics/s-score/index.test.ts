import { describe, expect, it } from 'vitest';
import * as api from '../../../src/index.js';
import * as sScoreModule from '../../../src/metrics/s-score/index.js';

describe('s-score public API', () => {
  it('exports sScore and its helpers from the package root (DESIGN §8)', () => {
    expect(api.sScore).toBe(sScoreModule.sScore);
    expect(typeof api.sScoreCorpus).toBe('function');
    expect(typeof api.parseStructuredReport).toBe('function');
    expect(api.SScoreParseError).toBe(sScoreModule.SScoreParseError);
    const report = { positive: [{ name: 'nodule', probability: 3, level: 'small', location: 'right upper lobe' }], negative: [] };
    expect(api.sScore(report, report, { preset: 'robust' })).toMatchObject({ s: 1, p: 1, d: 1, pPos: 1, pNeg: 1 });
  });

  it('exports the formulas, readings, variants and structurer from the module', () => {
    expect(sScoreModule.sScoreProviders.map((p) => p.id)).toEqual(['s-score', 's-score:robust', 's-score:text']);
    expect(sScoreModule.resolveReadings({}, 'robust')).toEqual(sScoreModule.ROBUST);
    expect(sScoreModule.f1(new Set(['a']), new Set(['a']), 'zero')).toBe(1);
    expect(sScoreModule.structureReport('No pneumothorax.')).toEqual({ positive: [], negative: [{ name: 'pneumothorax' }] });
  });
});
