import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../../../src/runner/baseline/compare.js';
import { baselineFromReport, parseBaseline, serializeBaseline } from '../../../src/runner/baseline/file.js';
import type { Baseline } from '../../../src/runner/baseline/types.js';
import type { CaseResult, GateResult, LawResult, RunReport, Verdict } from '../../../src/runner/results.js';

const result = (caseId: string, verdict: Verdict, extra: Partial<CaseResult> = {}): CaseResult => ({
  suite: 's', caseId, kind: 'ranking', metric: 'm', verdict, scores: { good: 0.123456789, bad: 0.5 }, expectations: [], ...extra,
});
const law = (id: string, verdict: Verdict, extra: Partial<LawResult> = {}): LawResult => ({ law: id, metric: 'm', verdict, numRuns: 5, seed: 1, suite: 's', ...extra });
const gate = (passed: boolean): GateResult => ({
  suite: 's', metric: 'm', state: passed ? 'pass' : 'fail', passed, informational: false, passRate: 0.5, minPassRate: 1,
  counts: { passed: 1, failed: 1, errors: 0, skipped: 0 }, failedRequired: [], unexpectedPasses: [], ...(passed ? {} : { reason: 'pass rate 50.0% < 100.0%' }),
});
const report = (results: CaseResult[], laws: LawResult[] = [], version = '1'): RunReport => ({
  summary: { passed: 0, failed: 0, errors: 0, skipped: 0 }, results, laws, gates: [gate(true)], problems: [], exitCode: 0, durationMs: 1, metricVersions: { m: version },
});

describe('baseline file', () => {
  it('is sorted, one line per entry, rounded, and parses back', () => {
    const b = baselineFromReport(report([result('z/last', 'fail'), result('a/first', 'pass')], [law('symmetric', 'pass'), law('bounded', 'fail')]));
    const text = serializeBaseline(b);
    expect(text).toBe(`{
  "format": "metric-suite-baseline",
  "formatVersion": 1,
  "suites": {
    "s": {
      "m": {
        "version": "1",
        "cases": {
          "a/first": { "verdict": "pass", "scores": { "bad": 0.5, "good": 0.123457 } },
          "z/last": { "verdict": "fail", "scores": { "bad": 0.5, "good": 0.123457 } }
        },
        "laws": {
          "bounded": { "verdict": "fail" },
          "symmetric": { "verdict": "pass" }
        }
      }
    }
  }
}
`);
    expect(serializeBaseline(parseBaseline(text))).toBe(text);
    expect(serializeBaseline({ format: 'metric-suite-baseline', formatVersion: 1, suites: {} })).toBe('{\n  "format": "metric-suite-baseline",\n  "formatVersion": 1,\n  "suites": {}\n}\n');
  });

  it('rejects files that are not baselines', () => {
    expect(() => parseBaseline('{', 'b.json')).toThrow(/^b\.json: not JSON/);
    expect(() => parseBaseline('{"format":"x"}', 'b.json')).toThrow(/^b\.json: not a metric-suite baseline: format/);
  });

  it('updates keep pairs that did not run, replace pairs that did, and merge entries when partial', () => {
    const previous: Baseline = {
      format: 'metric-suite-baseline', formatVersion: 1,
      suites: { s: { m: { version: '0', cases: { gone: { verdict: 'pass' }, a: { verdict: 'fail' } }, laws: {} }, other: { version: '3', cases: { x: { verdict: 'pass' } }, laws: {} } } },
    };
    const whole = baselineFromReport(report([result('a', 'pass')]), previous);
    expect(Object.keys(whole.suites.s!.m!.cases)).toEqual(['a']);
    expect(whole.suites.s!.m!.version).toBe('1');
    expect(whole.suites.s!.other).toEqual(previous.suites.s!.other);
    const partial = baselineFromReport(report([result('a', 'pass')]), previous, true);
    expect(Object.keys(partial.suites.s!.m!.cases).sort()).toEqual(['a', 'gone']);
    expect(previous.suites.s!.m!.cases.a!.verdict).toBe('fail');
  });
});

describe('applyBaseline', () => {
  const baseline = baselineFromReport(report([result('kept', 'pass'), result('broken', 'pass'), result('fixed', 'fail'), result('still', 'error')], [law('bounded', 'pass')]));

  it('fails the gate only on newly broken results and reports the newly fixed', () => {
    const gates = [gate(false)];
    const now = [result('kept', 'pass'), result('broken', 'fail'), result('fixed', 'pass'), result('still', 'fail'), result('new', 'error'), result('known', 'fail', { knownFailure: true })];
    const c = applyBaseline(baseline, { results: now, laws: [law('bounded', 'error')], gates, metricVersions: { m: '2' } });
    expect(c.newlyBroken.map((x) => [x.id, x.before, x.after])).toEqual([['broken', 'pass', 'fail'], ['new', undefined, 'error'], ['law bounded', 'pass', 'error']]);
    expect(c.newlyFixed.map((x) => x.id)).toEqual(['fixed']);
    expect(c.stillFailing).toBe(1);
    expect(c.versionChanges).toEqual([{ suite: 's', metric: 'm', baseline: '1', current: '2' }]);
    expect(gates[0]).toMatchObject({ passed: false, newlyBroken: ['broken', 'new', 'law bounded'], newlyFixed: ['fixed'] });
    expect(gates[0]!.reason).toBe("newly broken against the baseline: broken, new, law bounded; metric version 2 differs from the baseline's 1 (compared anyway)");
  });

  it('passes a failing gate when every failure was already failing, and says so', () => {
    const gates = [gate(false)];
    const c = applyBaseline(baseline, { results: [result('kept', 'pass'), result('still', 'fail')], laws: [], gates, metricVersions: { m: '1' } });
    expect(c.newlyBroken).toEqual([]);
    expect(gates[0]).toMatchObject({ passed: true, newlyBroken: [], reason: 'without the baseline: pass rate 50.0% < 100.0%' });
  });

  it('a metric not in the baseline gates every failure', () => {
    const gates = [{ ...gate(true), metric: 'fresh' }];
    const c = applyBaseline(baseline, { results: [result('a', 'fail', { metric: 'fresh' })], laws: [], gates, metricVersions: { fresh: '1' } });
    expect(c.notInBaseline).toEqual([{ suite: 's', metric: 'fresh' }]);
    expect(gates[0]).toMatchObject({ passed: false, newlyBroken: ['a'], reason: 'newly broken against the baseline: a; not in the baseline' });
  });
});
