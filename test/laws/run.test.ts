/** The runner's laws phase: suites select laws per metric; verdicts, gates, summary, reporters. */
import { describe, expect, it } from 'vitest';
import type { Metric } from '../../src/metrics/contract.js';
import type { MetricProvider } from '../../src/metrics/provider.js';
import type { LawResult } from '../../src/runner/results.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';
import { clinical, violates } from './_metrics.js';

const provider = (id: string, m: Metric): MetricProvider => ({ id, description: id, create: () => ({ ...m, id }) });
const providers = [provider('good', clinical), provider('names-only', violates['negation-sensitive']!), provider('slow', { ...clinical, cost: 1000 })];

const suite = (laws: string) => ({ 'suites/laws.yaml': `name: laws\nmetrics: [good, names-only]\nlaws:\n${laws}` });

describe('runSuites: laws', () => {
  it('runs the laws after the cases, emits onLawResult and counts laws in the summary', async () => {
    const cwd = tmpTree(suite('  - { law: negation-sensitive, numRuns: 30 }\n  - { law: symmetric, numRuns: 20 }\n'));
    const seen: LawResult[] = [];
    const r = await runSuites({ cwd, providers, cache: false, reporters: [{ onLawResult: (l) => void seen.push(l) }] });
    expect(r.problems).toEqual([]);
    expect(seen).toEqual(r.laws);
    const verdicts = Object.fromEntries(r.laws.map((l) => [`${l.law} ${l.metric}`, l.verdict]));
    expect(verdicts).toEqual({
      'negation-sensitive good': 'pass',
      'negation-sensitive names-only': 'fail',
      'symmetric good': 'pass',
      'symmetric names-only': 'skip',
    });
    expect(r.summary).toEqual({ passed: 2, failed: 1, errors: 0, skipped: 1 });
    const failed = r.laws.find((l) => l.verdict === 'fail')!;
    expect(failed).toMatchObject({ suite: 'laws', numRuns: 30 });
    expect(failed.path).toBeTruthy();
    expect(r.gates.find((g) => g.metric === 'names-only')).toMatchObject({ passed: false, failedLaws: ['negation-sensitive'] });
    expect(r.exitCode).toBe(1);
  });

  it('an expected: fail law that fails keeps the gate green; an unexpected pass fails it', async () => {
    const cwd = tmpTree(suite('  - law: negation-sensitive\n    numRuns: 30\n    expected: { names-only: fail, good: fail }\n'));
    const r = await runSuites({ cwd, providers, cache: false });
    const gate = (m: string) => r.gates.find((g) => g.metric === m)!;
    expect(gate('names-only').passed).toBe(true);
    expect(gate('good').passed).toBe(false);
    expect(gate('good').unexpectedPasses).toEqual(['law negation-sensitive']);
    expect(gate('good').reason).toContain('expected-fail laws now pass');
    expect(r.laws.map((l) => [l.metric, l.verdict, l.expected])).toEqual([['good', 'pass', 'fail'], ['names-only', 'fail', 'fail']]);
    expect(r.exitCode).toBe(1);
  });

  it('--law runs only those laws (no cases); --seed, --law-path and --num-runs override the suite', async () => {
    const cwd = tmpTree({
      ...suite('  - { law: negation-sensitive, numRuns: 30 }\n  - bounded\n'),
      'cases/c.yaml': 'kind: ranking\nreference: No pneumothorax.\ncandidates: { a: No pneumothorax., b: Pneumothorax. }\nexpect: a > b\n',
    });
    const first = await runSuites({ cwd, providers, cache: false, laws: ['negation-sensitive'], metrics: ['names-only'], seed: 5 });
    expect(first.results).toEqual([]);
    expect(first.laws).toHaveLength(1);
    const [l] = first.laws;
    expect(l).toMatchObject({ verdict: 'fail', seed: 5, numRuns: 30 });
    const replay = await runSuites({ cwd, providers, cache: false, laws: ['negation-sensitive'], metrics: ['names-only'], seed: 5, lawPath: l!.path!, numRuns: 7 });
    expect(replay.laws[0]).toMatchObject({ verdict: 'fail', numRuns: 7, counterexample: l!.counterexample });
  });

  it('scales numRuns down by metric cost (configurable per law)', async () => {
    const cwd = tmpTree({ 'suites/s.yaml': 'name: s\nmetrics: [slow]\nlaws:\n  - { law: identity-max, numRuns: 100 }\n  - { law: bounded, numRuns: 100, minRuns: 3 }\n  - { law: symmetric, numRuns: 40, scaleByCost: false }\n' });
    const r = await runSuites({ cwd, providers, cache: false });
    expect(r.laws.map((l) => [l.law, l.numRuns])).toEqual([['identity-max', 10], ['bounded', 3], ['symmetric', 40]]);
  });

  it('reports unknown law ids and metrics as problems (exit 2)', async () => {
    const cwd = tmpTree(suite('  - nope\n  - { law: bounded, expected: { other: fail } }\n'));
    const r = await runSuites({ cwd, providers, cache: false });
    expect(r.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('unknown law "nope"'),
      expect.stringContaining('names metric "other"'),
    ]);
    expect(r.exitCode).toBe(2);
  });
});
