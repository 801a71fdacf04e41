import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Case } from '../../src/cases/model.js';
import type { Metric } from '../../src/metrics/contract.js';
import type { MetricProvider } from '../../src/metrics/provider.js';
import { checkAgreement } from '../../src/runner/agreement.js';
import { correlate, correlateImages, ratedUnits, type RatedUnit } from '../../src/runner/corpus-agreement.js';
import { RATING_REASON } from '../../src/runner/evaluate.js';
import { ratedAgreement } from '../../src/runner/rated-agreement.js';
import type { CaseResult } from '../../src/runner/results.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';

interface Row { x: number[]; y: number[]; kendall: number | null; spearman: number | null; pearson: number | null }
const fixture = JSON.parse(readFileSync(new URL('../fixtures/stats/correlation.json', import.meta.url), 'utf8')) as { rows: Row[] };

const units = (x: number[], y: number[]): RatedUnit[] => x.map((score, i) => ({ caseId: `c${i}`, score, ratings: [{ rater: 'r1', score: y[i]! }] }));
const close = (a: number | null, b: number | null) => (b === null ? expect(a).toBeNull() : expect(a).toBeCloseTo(b, 12));

describe('correlate', () => {
  it("matches scipy's kendalltau, spearmanr and pearsonr on the fixture vectors (one rating per report)", () => {
    for (const row of fixture.rows) {
      const c = correlate(units(row.x, row.y), 1); // the point estimates; the CI is tested below
      expect(c.kendall.value).toBe(row.kendall); // tau-b is bit-identical
      close(c.spearman.value, row.spearman);
      close(c.pearson.value, row.pearson);
      expect(c.raters).toHaveLength(1);
      expect(c.raters[0]!.kendall).toBe(row.kendall);
    }
  });
  it('correlates with the mean rating, per rater, with a bootstrap CI over cases', () => {
    const u: RatedUnit[] = [
      { caseId: 'a', score: 0.9, ratings: [{ rater: 'r1', score: 2 }, { rater: 'r2', score: 2 }] },
      { caseId: 'b', score: 0.5, ratings: [{ rater: 'r1', score: 1 }, { rater: 'r2', score: 2 }] },
      { caseId: 'c', score: 0.2, ratings: [{ rater: 'r1', score: 0 }] },
      { caseId: 'd', score: 0.1, ratings: [{ rater: 'r1', score: 1 }, { rater: 'r2', score: 0 }] },
    ];
    const c = correlate(u);
    // means 2, 1.5, 0, 0.5 vs scores .9 .5 .2 .1: C = 5, D = 1 -> tau-b 4/6
    expect(c.kendall.value).toBeCloseTo(4 / 6, 12);
    expect(c).toMatchObject({ reports: 4, cases: 4, resamples: 1000, seed: 0, confidence: 0.95 });
    expect(c.kendall.low!).toBeLessThanOrEqual(c.kendall.value!);
    expect(c.kendall.high!).toBeGreaterThanOrEqual(c.kendall.value!);
    // r2 rated a, b, d: 2 2 0 vs .9 .5 .1: C 2, D 0, one tie in y -> 2 / sqrt(3) / sqrt(2)
    expect(c.raters.map((r) => [r.rater, r.reports])).toEqual([['r1', 4], ['r2', 3]]);
    expect(c.raters[1]!.kendall).toBeCloseTo(2 / Math.sqrt(3) / Math.sqrt(2), 12);
    expect(correlate(u)).toEqual(c); // deterministic
  });
  it('is null where undefined (too few reports, constant ratings)', () => {
    expect(correlate([]).kendall).toEqual({ value: null, low: null, high: null });
    const flat = correlate(units([0.1, 0.5, 0.9], [1, 1, 1]));
    expect([flat.kendall.value, flat.spearman.value, flat.pearson.value]).toEqual([null, null, null]);
  });
  it('groups images per finding', () => {
    const u = [...units([1, 2, 3], [0, 1, 2]).map((x) => ({ ...x, group: 'effusion' })), ...units([1, 2], [2, 0]).map((x) => ({ ...x, caseId: `z${x.caseId}`, group: 'cardiomegaly' }))];
    const c = correlateImages(u);
    expect(c.byFinding.map((f) => [f.finding, f.reports, f.kendall.value])).toEqual([['cardiomegaly', 2, -1], ['effusion', 3, 1]]);
    expect(c.reports).toBe(5);
  });
});

const loc = { file: 'c.yaml', line: 1, column: 1 };
describe('ratedUnits', () => {
  const cases: Case[] = [
    { id: 'p', kind: 'preference', tags: [], location: loc, reference: 'r', candidates: [{ label: 'A', text: 'a' }, { label: 'B', text: 'b' }], ratings: [{ rater: 'r1', scores: { A: 3, B: 1 } }, { rater: 'r2', scores: { A: 2 } }] },
    { id: 'q', kind: 'rating', tags: [], location: loc, reference: 'r', candidates: [{ label: 'candidate', text: 'c', ratings: [{ rater: 'r1', score: 2 }] }], ratings: [{ rater: 'r1', score: 2 }] },
    { id: 'e', kind: 'rating', tags: [], location: loc, reference: 'r', candidates: [{ label: 'candidate', text: 'c', ratings: [{ rater: 'r1', score: 2 }] }], ratings: [{ rater: 'r1', score: 2 }] },
  ];
  const res = (caseId: string, scores: Record<string, number>, verdict: CaseResult['verdict'] = 'skip'): CaseResult => ({ suite: 's', caseId, kind: 'x', metric: 'm', verdict, scores, expectations: [] });
  it('takes every scored candidate of preference cases and the candidate of rating cases; errors count nothing', () => {
    const { reports, images } = ratedUnits(cases, [res('p', { A: 0.8, B: 0.1 }), res('q', { candidate: 0.4 }), res('e', {}, 'error')], 'lower');
    expect(images).toEqual([]);
    expect(reports.map((u) => [u.caseId, u.score, u.ratings.map((r) => `${r.rater}:${r.score}`).join(' ')])).toEqual([
      ['p', -0.8, 'r1:3 r2:2'],
      ['p', -0.1, 'r1:1'],
      ['q', -0.4, 'r1:2'],
    ]);
  });
  it('ratedAgreement has a corpus section without preference pairs, and gates on kendall', () => {
    const a = ratedAgreement('s', { id: 'm', direction: 'higher', tieTolerance: 0 }, cases.slice(1), [res('q', { candidate: 0.4 }), res('e', { candidate: 0.9 })])!;
    expect(a).toMatchObject({ pairs: 0, cases: 0, corpus: { reports: 2 } });
    expect(a.corpus!.kendall.value).toBeNull(); // both rated 2
    expect(checkAgreement({ kendall: 0.5 }, a)).toEqual([{ stat: 'kendall', value: null, min: 0.5, holds: false }]);
    expect(ratedAgreement('s', { id: 'm', direction: 'higher', tieTolerance: 0 }, [], [])).toBeUndefined();
  });
});

/** Scores a candidate by its length: longer is better. */
function lengthProvider(): MetricProvider {
  const metric: Metric = {
    id: 'len', version: '1', description: 'length', direction: 'higher', range: [0, 1000], tieTolerance: 0,
    deterministic: true, inputs: ['text'],
    score: (requests) => requests.map((r) => ({ value: String(r.candidate).length })),
  };
  return { id: 'len', description: 'test', create: () => metric };
}

const ratingFile = (rows: [string, Record<string, number>][]) => `cases:\n${rows
  .map(([candidate, ratings]) => `  - kind: rating\n    reference: Moderate left pleural effusion. Mild cardiomegaly.\n    candidate: ${candidate}\n    ratings: ${JSON.stringify(ratings)}\n`)
  .join('')}`;

describe('runSuites with rating cases', () => {
  const rows: [string, Record<string, number>][] = [
    ['Moderate left pleural effusion. Mild cardiomegaly.', { r1: 5, r2: 4 }],
    ['Moderate left pleural effusion.', { r1: 3, r2: 4 }],
    ['Left effusion.', { r1: 2, r2: 3 }],
    ['Clear.', { r1: 1, r2: 1 }],
  ];
  it('scores them (skip verdicts), reports corpus-level correlations and gates on minAgreement kendall', async () => {
    const cwd = tmpTree({
      'suites/r.yaml': 'name: r\ncases: [../cases/*.yaml]\nmetrics: [len]\ngate:\n  len: { minAgreement: { kendall: 0.5, spearmanLow: -1 } }\n',
      'cases/rated.yaml': ratingFile(rows),
    });
    const r = await runSuites({ cwd, providers: [lengthProvider()], cache: false });
    expect(r.problems).toEqual([]);
    expect(r.results.map((x) => [x.verdict, x.reason])).toEqual(rows.map(() => ['skip', RATING_REASON]));
    const a = r.agreement![0]!;
    expect(a).toMatchObject({ suite: 'r', metric: 'len', pairs: 0, corpus: { reports: 4, cases: 4 } });
    // lengths strictly decrease with the mean rating (4.5 3.5 2.5 1)
    expect([a.corpus!.kendall.value, a.corpus!.spearman.value]).toEqual([1, 1]);
    expect(a.corpus!.raters.map((x) => x.rater)).toEqual(['r1', 'r2']);
    expect(r.gates[0]).toMatchObject({ passed: true });
    expect(r.gates[0]!.agreement!.map((k) => k.stat)).toEqual(['kendall', 'spearmanLow']);
  });
  it('fails the gate when the metric disagrees with the raters', async () => {
    const flipped = rows.map(([t], i): [string, Record<string, number>] => [t, { r1: i + 1 }]);
    const cwd = tmpTree({
      'suites/r.yaml': 'name: r\ncases: [../cases/*.yaml]\nmetrics: [len]\ngate:\n  len: { minAgreement: { kendall: 0.5 } }\n',
      'cases/rated.yaml': ratingFile(flipped),
    });
    const r = await runSuites({ cwd, providers: [lengthProvider()], cache: false });
    expect(r.gates[0]).toMatchObject({ passed: false, reason: 'agreement kendall -1.000 < 0.5' });
    expect(r.exitCode).toBe(1);
  });
  it('reports a bad rating case at its position', async () => {
    const cwd = tmpTree({
      'suites/r.yaml': 'name: r\ncases: [../cases/*.yaml]\nmetrics: [len]\n',
      'cases/bad.yaml': 'kind: rating\nreference: a\ncandidate: b\nratings:\n  - { rater: r1, score: 2 }\n  - { rater: r1, score: 3 }\n',
    });
    const r = await runSuites({ cwd, providers: [lengthProvider()], cache: false });
    expect(r.problems.filter((p) => p.line > 0).map((p) => [p.line, p.message])).toEqual([[6, expect.stringContaining('rater "r1" is listed twice')]]);
  });
});

describe('reporters show the corpus-level correlations', () => {
  it('default (one line) and verbose (per rater) forms', async () => {
    const { renderAgreement, renderAgreementBrief } = await import('../../reporters/_internals/agreement.js');
    const { Chalk } = await import('chalk');
    const c = new Chalk({ level: 0 });
    const cwd = tmpTree({
      'suites/r.yaml': 'name: r\ncases: [../cases/*.yaml]\nmetrics: [len]\n',
      'cases/rated.yaml': ratingFile([['aaaa', { r1: 3 }], ['aa', { r1: 2 }], ['a', { r1: 1 }]]),
    });
    const r = await runSuites({ cwd, providers: [lengthProvider()], cache: false });
    const brief = renderAgreementBrief(r.agreement, c);
    expect(brief[0]).toMatch(/^ {2}r · len {2}per report kendall 1\.000 \[1\.000, 1\.000\] · spearman 1\.000 \[1\.000, 1\.000\] \(3 rated\)$/);
    const full = renderAgreement(r.agreement, c).join('\n');
    expect(full).toContain('per report vs mean rating (3 rated, 3 cases)  kendall 1.000');
    expect(full).toMatch(/r1 \(3\) {2}kendall 1\.000 · spearman 1\.000 · pearson/);
  });
});
