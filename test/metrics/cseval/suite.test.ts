import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSuites } from '../../../src/runner/run.js';
import { reportJson } from '../../../reporters/json.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('suites/cseval.yaml (offline, replay)', () => {
  it('passes every case with cseval:lexicon and skips cseval with its reason', async () => {
    const r = await runSuites({ cwd: ROOT, suites: ['cseval'], cache: false, offline: true });
    expect(r.problems).toEqual([]);
    const lex = r.results.filter((x) => x.metric === 'cseval:lexicon');
    expect(lex).toHaveLength(31);
    expect(lex.filter((x) => x.verdict !== 'pass').map((x) => `${x.caseId}: ${x.reason}`)).toEqual([]);
    const real = r.results.filter((x) => x.metric === 'cseval');
    expect(real.every((x) => x.verdict === 'skip' && /RadGraph-XL/.test(x.reason ?? ''))).toBe(true);
    expect(r.exitCode).toBe(0);

    const effusion = lex.find((x) => x.caseId === 'image/pleural-effusion/moderate-left')!;
    expect(effusion.scores.faithful).toBe(1);
    expect(effusion.scores.missed).toBe(0);
    expect(effusion.details!.faithful).toMatchObject({ level: 'partial', generator: 'replay', findings: 'Moderate left pleural effusion.', grounded: { kept: 1, dropped: 1 } });
    expect(Object.keys(effusion.details!.wrong_side!)).toEqual(expect.arrayContaining(['simple', 'partial', 'complete']));

    const json = reportJson(r);
    const rows = json.findingSummary as { metric: string; finding: string; n: number }[];
    // Table 2 counts the faithful image of each prompt only; the corruptions are ranking expectations
    expect(rows.map((x) => [x.finding, x.n])).toEqual([
      ['cardiomegaly', 3],
      ['opacification', 12],
      ['pleural effusion', 4],
      ['pneumothorax', 12],
    ]);
  });
});
