import { describe, expect, it } from 'vitest';
import { dicomAge, safeAge } from '../../src/import/common.js';
import { importRadjudge, radjudgeCapability } from '../../src/import/radjudge.js';
import { importRadpref, readRadprefFolder } from '../../src/import/radpref.js';
import { readFileSync } from 'node:fs';

const fixtures = new URL('../fixtures/import/', import.meta.url).pathname;

describe('import helpers', () => {
  it('reads DICOM ages and withholds ages over 89', () => {
    expect(dicomAge('072Y')).toBe(72);
    expect(dicomAge('018M')).toBe(1);
    expect(dicomAge(40)).toBe(40);
    expect(dicomAge('n/a')).toBeUndefined();
    expect(safeAge(93)).toBe('90 or older');
    expect(safeAge(89)).toBe(89);
  });
});

describe('radjudge', () => {
  it('maps categories to capabilities, candidates with context, and tolerance 0.01', () => {
    expect(radjudgeCapability('Location Errors')).toBe('location');
    expect(radjudgeCapability('clinical_significance_weighting')).toBe('significance');
    const r = importRadjudge(JSON.parse(readFileSync(`${fixtures}radjudge.json`, 'utf8')), 'radjudge.json');
    expect(r.warnings).toEqual([]);
    expect(r.cases.map((c) => c.data.id)).toEqual(['radjudge/location/loc-1', 'radjudge/context/ctx-1']);
    const ctx = r.cases[1]!.data;
    expect(ctx.tolerance).toBe(0.01);
    expect(ctx.expect).toEqual(['C3 > C1', 'C1 = C2']);
    expect(ctx.candidates).toMatchObject({ C1: { text: 'Heart size is normal.', context: { age: 82, sex: 'F' } }, C3: 'Mild cardiomegaly.' });
  });

  it('skips malformed tests with a warning', () => {
    const r = importRadjudge({ categories: [{ name: 'x', tests: [{ id: 't' }, 3] }] }, 'x.json');
    expect(r.cases).toEqual([]);
    expect(r.warnings).toHaveLength(2);
  });
});

describe('radpref', () => {
  it('builds preference cases with patient context and one rating per rater', () => {
    const { items, raters } = readRadprefFolder(`${fixtures}radpref`);
    expect(raters.map((r) => r.rater)).toEqual(['user_1', 'user_2']);
    const r = importRadpref(items, raters, 'radpref');
    expect(r.cases).toHaveLength(2);
    expect(r.warnings).toEqual(['item pair_3: no rater rated both candidates, skipped']);
    const first = r.cases[0]!.data;
    expect(first.kind).toBe('preference');
    expect(first.context).toEqual({ age: 72, sex: 'M', indication: 'Dyspnea', comparison: 'None', study: 'CHEST 1 VIEW' });
    expect(first.ratings).toEqual([
      { rater: 'user_1', scores: { C1: 5, C2: 1 } },
      { rater: 'user_2', scores: { C1: 4, C2: 2 } },
    ]);
    expect((r.cases[1]!.data.context as Record<string, unknown>).age).toBe('90 or older');
  });
});
