import { describe, expect, it } from 'vitest';
import type { Case, PreferenceCase } from '../../src/cases/model.js';
import type { Metric } from '../../src/metrics/contract.js';
import type { MetricProvider } from '../../src/metrics/provider.js';
import { checkAgreement, suiteAgreement } from '../../src/runner/agreement.js';
import { PREFERENCE_REASON } from '../../src/runner/evaluate.js';
import { evaluateGate } from '../../src/runner/gates.js';
import type { CaseResult } from '../../src/runner/results.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';

const location = { file: 'cases/p.yaml', line: 1, column: 1 };
function pref(id: string, labels: string[], ratings: Record<string, Record<string, number>>): PreferenceCase {
  return {
    id, kind: 'preference', tags: [], location, reference: 'r',
    candidates: labels.map((label) => ({ label, text: label })),
    ratings: Object.entries(ratings).map(([rater, scores]) => ({ rater, scores })),
  };
}
const result = (caseId: string, scores: Record<string, number>, verdict: CaseResult['verdict'] = 'skip'): CaseResult => ({
  suite: 's', caseId, kind: 'preference', metric: 'm', verdict, scores, expectations: [],
});

// Hand-computed example (values worked out in the comments).
const A = pref('p/a', ['a', 'b', 'c'], { r1: { a: 5, b: 3, c: 1 }, r2: { a: 4, b: 4, c: 1 }, r3: { a: 5, b: 2, c: 2 } });
const B = pref('p/b', ['x', 'y'], { r1: { x: 2, y: 4 }, r2: { x: 3, y: 3 }, r3: { x: 1, y: 4 } });
const results = [result('p/a', { a: 0.9, b: 0.5, c: 0.6 }), result('p/b', { x: 0.7, y: 0.2 })];
const higher = { id: 'm', direction: 'higher' as const, tieTolerance: 0 };

describe('suiteAgreement', () => {
  // pairs (a,b) (a,c) (b,c) (x,y): metric signs + + - +
  // r1 Δ 2 4 2 -2 | r2 Δ 0 3 3 0 | r3 Δ 3 3 0 -3 | majority + + + - | mean Δ 5/3 10/3 5/3 -5/3
  const a = suiteAgreement('s', higher, [A, B], results)!;

  it('counts cases and candidate pairs', () => {
    expect(a).toMatchObject({ suite: 's', metric: 'm', cases: 2, pairs: 4 });
  });
  it('pairwise accuracy per rater, with and without tied ratings', () => {
    expect(a.raters.map((r) => [r.rater, r.withTies, r.withoutTies])).toEqual([
      ['r1', 2 / 4, 2 / 4],
      ['r2', 1 / 4, 1 / 2],
      ['r3', 2 / 4, 2 / 3],
    ]);
  });
  it('against the majority sign', () => {
    expect(a.majority).toMatchObject({ pairs: 4, correct: 2, withTies: 0.5, untiedPairs: 4, withoutTies: 0.5, noMajority: 0 });
  });
  it('tau-b between Δmetric and Δmean rating, with a bootstrap CI over cases', () => {
    // x = .4 .3 -.1 .5, y = 5/3 10/3 5/3 -5/3: C = 1, D = 4, one tie in y -> -3 / sqrt(6) / sqrt(5)
    expect(a.tauB.value).toBeCloseTo(-3 / Math.sqrt(6) / Math.sqrt(5), 12);
    expect(a.tauB).toMatchObject({ confidence: 0.95, resamples: 1000, seed: 0 });
    expect(a.tauB.low!).toBeLessThanOrEqual(a.tauB.high!);
    expect(suiteAgreement('s', higher, [A, B], results)).toEqual(a);
  });
  it('inter-rater agreement per rater pair and on average', () => {
    expect(a.interRater.pairs.map((p) => [p.raters.join('-'), p.withTies, p.withoutTies])).toEqual([
      ['r1-r2', 0.5, 1],
      ['r1-r3', 0.75, 1],
      ['r2-r3', 0.25, 1],
    ]);
    expect(a.interRater.meanAgreement).toBeCloseTo(0.5, 12);
    expect(a.interRater.meanAgreementWithoutTies).toBe(1);
  });
  it('follows the metric direction and its tie tolerance', () => {
    const lower = suiteAgreement('s', { ...higher, direction: 'lower' }, [A, B], results)!;
    // signs flip to - - + -: r1 2/4 (b,c and x,y)
    expect(lower.raters[0]).toMatchObject({ correct: 2, withTies: 0.5 });
    const tolerant = suiteAgreement('s', { ...higher, tieTolerance: 0.35 }, [A, B], results)!;
    // metric signs + 0 0 +: r1 (+ + + -) agrees on (a,b); r2 (0 + + 0) on none; r3 (+ + 0 -) on (a,b) and (b,c)
    expect(tolerant.raters.map((r) => r.correct)).toEqual([1, 0, 2]);
  });
  it('leaves out errors, and is undefined without preference cases', () => {
    const e = suiteAgreement('s', higher, [A, B], [results[0]!, result('p/b', {}, 'error')])!;
    expect(e).toMatchObject({ cases: 1, pairs: 3 });
    const ranking = { ...A, kind: 'ranking', relations: [] } as unknown as Case;
    expect(suiteAgreement('s', higher, [ranking], [])).toBeUndefined();
  });
});

describe('checkAgreement and the gate', () => {
  const a = suiteAgreement('s', higher, [A, B], results)!;
  it('a number is the majority accuracy without ties', () => {
    expect(checkAgreement(0.5, a)).toEqual([{ stat: 'majority', value: 0.5, min: 0.5, holds: true }]);
    expect(checkAgreement({ majorityWithTies: 0.6, tauB: -1 }, a).map((k) => k.holds)).toEqual([false, true]);
    expect(checkAgreement({ majority: 0 }, undefined)).toEqual([{ stat: 'majority', value: null, min: 0, holds: false }]);
  });
  it('fails the gate below the minimum unless informational', () => {
    const g = evaluateGate('s', 'm', { minAgreement: 0.6 }, results, [], a);
    expect(g).toMatchObject({ passed: false, reason: 'agreement majority 0.500 < 0.6' });
    expect(g.agreement).toHaveLength(1);
    expect(evaluateGate('s', 'm', { minAgreement: 0.6, informational: true }, results, [], a).passed).toBe(true);
    expect(evaluateGate('s', 'm', { minAgreement: { tauB: -0.6 } }, results, [], a).passed).toBe(true);
    expect(evaluateGate('s', 'm', {}, results, [], a).agreement).toBeUndefined();
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

const prefFile = `kind: preference
capability: laterality
reference: Moderate left pleural effusion.
candidates:
  full: Moderate left pleural effusion.
  short: Left effusion.
  none: Clear.
ratings:
  - { rater: r1, scores: { full: 5, short: 3, none: 1 } }
  - { rater: r2, scores: { full: 4, short: 4, none: 1 } }
`;

describe('runSuites with preference cases', () => {
  it('scores them, skips them in the summary, reports agreement and gates on it', async () => {
    const cwd = tmpTree({
      'suites/p.yaml': 'name: p\ncases: [../cases/*.yaml]\nmetrics: [len]\ngate:\n  len: { minAgreement: { majority: 1, tauBLow: 0.3 } }\n',
      'cases/one.yaml': prefFile,
    });
    const r = await runSuites({ cwd, providers: [lengthProvider()], cache: false });
    expect(r.problems).toEqual([]);
    expect(r.results).toHaveLength(1);
    expect(r.results[0]).toMatchObject({ verdict: 'skip', reason: PREFERENCE_REASON, scores: { full: 31, short: 14, none: 6 } });
    expect(r.summary).toEqual({ passed: 0, failed: 0, errors: 0, skipped: 1 });
    expect(r.agreement).toHaveLength(1);
    // Δlen 17 25 8 vs Δmean 1 3.5 2.5: C 2, D 1 -> tau-b 1/3; one case, so the CI is that point
    expect(r.agreement![0]!.tauB).toMatchObject({ value: 1 / Math.sqrt(3) / Math.sqrt(3), low: 1 / Math.sqrt(3) / Math.sqrt(3), high: 1 / Math.sqrt(3) / Math.sqrt(3) }); // scipy's division order
    expect(r.agreement![0]).toMatchObject({ suite: 'p', metric: 'len', cases: 1, pairs: 3, majority: { withoutTies: 1, pairs: 2, noMajority: 1 } });
    expect(r.gates[0]).toMatchObject({ passed: true });
    expect(r.gates[0]!.agreement!.map((k) => k.stat)).toEqual(['majority', 'tauBLow']);
    expect(r.exitCode).toBe(0);
  });
  it('fails the run when agreement is below the gate', async () => {
    const cwd = tmpTree({
      'suites/p.yaml': 'name: p\ncases: [../cases/*.yaml]\nmetrics: [len]\ngate:\n  len: { minAgreement: 0.9 }\n',
      'cases/one.yaml': prefFile.replace('full: 5, short: 3, none: 1', 'full: 1, short: 3, none: 5').replace('full: 4, short: 4, none: 1', 'full: 1, short: 4, none: 4'),
    });
    const r = await runSuites({ cwd, providers: [lengthProvider()], cache: false });
    expect(r.gates[0]).toMatchObject({ passed: false });
    expect(r.gates[0]!.reason).toMatch(/^agreement majority 0\.000 < 0\.9/);
    expect(r.exitCode).toBe(1);
  });
  it('has no agreement section without preference cases', async () => {
    const cwd = tmpTree({
      'suites/p.yaml': 'name: p\ncases: [../cases/*.yaml]\nmetrics: [len]\n',
      'cases/one.yaml': 'kind: ranking\nreference: a\ncandidates: { a: aaaa, b: b }\nexpect: a > b\n',
    });
    const r = await runSuites({ cwd, providers: [lengthProvider()], cache: false });
    expect(r.agreement).toBeUndefined();
  });
});
