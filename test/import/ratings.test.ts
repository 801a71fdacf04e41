import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/program.js';
import { importRatings } from '../../src/import/ratings.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';

const csv = readFileSync(new URL('../fixtures/import/ratings.csv', import.meta.url), 'utf8');

describe('importRatings', () => {
  it('groups rows per report into rating cases with one rating per rater; bad rows are warnings with their line', () => {
    const r = importRatings(csv, 'study.csv');
    expect(r.warnings).toEqual(['line 11: rating "not rated" is not a number, skipped']);
    expect(r.cases).toHaveLength(1);
    const cases = r.cases[0]!.data.cases as Record<string, unknown>[];
    expect(cases.map((c) => [c.id, c.candidate, c.ratings])).toEqual([
      ['study/0001', 'Moderate left pleural effusion. Mild cardiomegaly.', { r1: 5, r2: 4 }],
      ['study/0002', 'Moderate left pleural effusion.', { r1: 3, r2: 4 }],
      ['study/0003', 'Moderate right pleural effusion. Mild cardiomegaly.', { r1: 2, r2: 1 }],
      ['study/0004', 'No pneumothorax.', { r1: 1, r2: 1 }],
      ['study/0005', 'Small right pneumothorax, "stable".', { r1: 5 }],
    ]);
  });
  it('an id column groups rows; a repeated rater is a warning; a missing column is an error', () => {
    const r = importRatings('ID,Reference,Candidate,Rating,Rater\nA1,ref,cand,2,x\nA1,ref,cand,3,x\n', 'x.csv');
    expect(r.warnings).toEqual(['line 3: x already rated this report, skipped']);
    expect((r.cases[0]!.data.cases as { id: string }[])[0]!.id).toBe('x/a1');
    expect(() => importRatings('reference,candidate\na,b\n', 'x.csv')).toThrow('the CSV header lacks rating');
  });
});

describe('metric-suite import ratings, then a run gated on kendall', () => {
  it('writes loadable cases that the runner correlates with the raters', async () => {
    const cwd = tmpTree({
      'data/study.csv': csv,
      'suites/s.yaml': 'name: s\ncases: [../cases/**/*.yaml]\nmetrics: [rouge-l]\ngate:\n  rouge-l: { minAgreement: { kendall: 0.3 } }\n',
    });
    const out: string[] = [];
    const err: string[] = [];
    const io = { cwd, env: {}, stdout: { write: (s: string) => void out.push(s) }, stderr: { write: (s: string) => void err.push(s) } };
    const code = await main(['import', 'ratings', 'data/study.csv', '--out', 'cases/imported'], io);
    expect(err.join('')).toContain('line 11');
    expect(out.join('')).toMatch(/^imported 5 ratings cases into cases\/imported/);
    expect(code).toBe(0);
    const r = await runSuites({ cwd, cache: false });
    expect(r.problems).toEqual([]);
    const a = r.agreement![0]!;
    expect(a.corpus).toMatchObject({ reports: 5, cases: 5 });
    expect(a.corpus!.kendall.value!).toBeGreaterThan(0.3);
    expect(r.gates[0]).toMatchObject({ passed: true });
    expect(path.basename(r.results[0]!.file!)).toBe('study.yaml');
  });
});
