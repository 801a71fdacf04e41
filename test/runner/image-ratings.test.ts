import { describe, expect, it } from 'vitest';
import { findingSummary } from '../../reporters/_internals/finding-summary.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';

const imageCase = (finding: string, prompt: string, images: string) => `kind: image
tags: ['finding:${finding}']
prompt: ${prompt}
images:
${images}expect:
  - faithful > missed
`;

describe('image roles and ratings', () => {
  it('Table 2 counts faithful images only; ratings give Kendall and Spearman per finding and overall', async () => {
    const cwd = tmpTree({
      'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [cseval:lexicon]\ngate:\n  cseval:lexicon: { minAgreement: { kendall: 0.5 } }\n',
      'cases/effusion.yaml': imageCase('pleural effusion', 'moderate left pleural effusion', [
        '  faithful: { findings: Moderate left pleural effusion., role: faithful, ratings: { r1: 2, r2: 2 } }\n',
        '  partial: { findings: Left pleural effusion., ratings: { r1: 1, r2: 2 } }\n',
        '  missed: { findings: No pleural effusion., role: corrupted, ratings: [{ rater: r1, score: 0 }] }\n',
      ].join('')),
      'cases/cardio.yaml': imageCase('cardiomegaly', 'mild cardiomegaly', [
        '  faithful: { findings: Mild cardiomegaly., ratings: { r1: 2 } }\n',
        '  missed: { findings: Normal heart size., role: corrupted, ratings: { r1: 0 } }\n',
      ].join('')),
    });
    const r = await runSuites({ cwd, cache: false, offline: true });
    expect(r.problems).toEqual([]);
    const eff = r.results.find((x) => x.caseId.endsWith('effusion'))!;
    expect(eff.roles).toEqual({ faithful: 'faithful', partial: 'faithful', missed: 'corrupted' });
    const rows = findingSummary(r.results);
    expect(rows.map((x) => [x.finding, x.n])).toEqual([['cardiomegaly', 1], ['pleural effusion', 2]]);
    const a = r.agreement![0]!;
    expect(a.corpus).toBeUndefined();
    expect(a.images).toMatchObject({ reports: 5, cases: 2 });
    expect(a.images!.byFinding.map((f) => [f.finding, f.reports])).toEqual([['cardiomegaly', 2], ['pleural effusion', 3]]);
    expect(a.images!.kendall.value!).toBeGreaterThan(0.5);
    expect(r.gates[0]).toMatchObject({ passed: true });
  });
  it('rejects an unknown role at its position', async () => {
    const cwd = tmpTree({
      'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [cseval:lexicon]\n',
      'cases/bad.yaml': imageCase('x', 'mild cardiomegaly', '  faithful: { findings: Mild cardiomegaly. }\n  missed: { findings: Normal., role: wrong }\n'),
    });
    const r = await runSuites({ cwd, cache: false, offline: true });
    expect(r.problems.filter((p) => p.line > 0).map((p) => p.line)).toEqual([6]);
  });
});
