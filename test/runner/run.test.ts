import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Metric, ScoreRequest } from '../../src/metrics/contract.js';
import type { MetricProvider } from '../../src/metrics/provider.js';
import { formatProblem } from '../../src/runner/results.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';

/** Scores by word overlap with the reference: enough to make ranking cases pass or fail. */
function overlapProvider(calls: ScoreRequest[][] = [], id = 'overlap'): MetricProvider {
  const metric: Metric = {
    id, version: '1', description: 'word overlap', direction: 'higher', range: [0, 1], tieTolerance: 0,
    deterministic: true, inputs: ['text'],
    score(requests) {
      calls.push(requests);
      return requests.map(({ reference, candidate }) => {
        const ref = new Set(String(reference).toLowerCase().match(/\w+/g));
        const words = String(candidate).toLowerCase().match(/\w+/g) ?? [];
        return { value: words.length ? words.filter((w) => ref.has(w)).length / Math.max(words.length, ref.size) : 0 };
      });
    },
  };
  return { id, description: 'test', create: () => metric };
}

const passing = `kind: ranking
capability: laterality
tags: [easy]
reference: Moderate left pleural effusion.
candidates:
  exact: Moderate left pleural effusion.
  other: Heart size normal.
expect: exact > other
`;
const failing = `kind: ranking
capability: negation
reference: No pneumothorax.
candidates:
  same: No pneumothorax.
  negated: Pneumothorax.
  close: No large pneumothorax.
expect:
  - same > negated
  - same = close
`;

function project(extra: Record<string, string> = {}, suite = 'name: main\ncases: [../cases/**/*.yaml]\nmetrics: [overlap]\n') {
  return tmpTree({ 'suites/main.yaml': suite, 'cases/a/pass.yaml': passing, 'cases/b/fail.yaml': failing, ...extra });
}

describe('runSuites', () => {
  it('exits 1 when a gate fails and reports every verdict', async () => {
    const cwd = project();
    const r = await runSuites({ cwd, providers: [overlapProvider()], cache: false });
    expect(r.results.map((x) => [x.caseId, x.verdict])).toEqual([['a/pass', 'pass'], ['b/fail', 'fail']]);
    expect(r.summary).toEqual({ passed: 1, failed: 1, errors: 0, skipped: 0 });
    expect(r.exitCode).toBe(1);
    expect(r.gates[0]).toMatchObject({ suite: 'main', metric: 'overlap', passed: false, passRate: 0.5 });
    expect(r.results[1]!.reason).toBe('same = close (same = 1, close = 0.666667 (tolerance 0))');
  });

  it('exits 0 when the failing metric is informational or the pass rate suffices', async () => {
    for (const gate of ['{ informational: true }', '{ minPassRate: 0.5 }']) {
      const cwd = project({}, `name: main\ncases: [../cases/**/*.yaml]\nmetrics: [overlap]\ngate:\n  overlap: ${gate}\n`);
      const r = await runSuites({ cwd, providers: [overlapProvider()], cache: false });
      expect(r.exitCode).toBe(0);
    }
  });

  it('accepts a documented known failure and flags it when it starts passing', async () => {
    const cwd = project({}, `name: main\ncases: [../cases/**/*.yaml]\nmetrics: [overlap]\ngate:\n  overlap: { knownFailures: ['b/*'] }\n`);
    const r = await runSuites({ cwd, providers: [overlapProvider()], cache: false });
    expect(r.exitCode).toBe(0);
    expect(r.results.find((x) => x.caseId === 'b/fail')).toMatchObject({ verdict: 'fail', knownFailure: true });
    const fixed = project({}, `name: main\ncases: [../cases/**/*.yaml]\nmetrics: [overlap]\ngate:\n  overlap: { knownFailures: ['a/*', 'b/*'] }\n`);
    const r2 = await runSuites({ cwd: fixed, providers: [overlapProvider()], cache: false });
    expect(r2.exitCode).toBe(1);
    expect(r2.gates[0]!.unexpectedPasses).toEqual(['a/pass']);
  });

  it('gates on required cases', async () => {
    const cwd = project({}, `name: main\ncases: [../cases/**/*.yaml]\nmetrics: [overlap]\ngate:\n  overlap: { minPassRate: 0, required: ['b/*'] }\n`);
    const r = await runSuites({ cwd, providers: [overlapProvider()], cache: false });
    expect(r.exitCode).toBe(1);
    expect(r.gates[0]!.failedRequired).toEqual(['b/fail']);
  });

  it('exits 2 on a broken case file but still runs and reports the others', async () => {
    const cwd = project({ 'cases/c/broken.yaml': 'kind: ranking\nreference: x\ncandidates: { a: x }\nexpect: a > zzz\n' });
    const r = await runSuites({ cwd, providers: [overlapProvider()], cache: false });
    expect(r.exitCode).toBe(2);
    expect(r.problems.map(formatProblem)).toEqual(['cases/c/broken.yaml:4:9: case "c/broken": unknown label "zzz" in "a > zzz" (candidates: a)']);
    expect(r.results).toHaveLength(2);
  });

  it('reports an unknown metric at its place in the suite file and runs the rest', async () => {
    const cwd = project({}, 'name: main\ncases: [../cases/**/*.yaml]\nmetrics:\n  - overlap\n  - ovrlap\n');
    const r = await runSuites({ cwd, providers: [overlapProvider()], cache: false });
    expect(r.exitCode).toBe(2);
    expect(formatProblem(r.problems[0]!)).toMatch(/^suites\/main\.yaml:5:5: unknown metric "ovrlap" \(did you mean overlap\?\)/);
    expect(r.results).toHaveLength(2);
  });

  it('filters by pattern, tag, capability, suite and metric', async () => {
    const cwd = project();
    const providers = [overlapProvider()];
    const ids = async (o: object) => (await runSuites({ cwd, providers, cache: false, ...o })).results.map((x) => x.caseId);
    expect(await ids({ filter: 'pass' })).toEqual(['a/pass']);
    expect(await ids({ filter: '/^b\\//' })).toEqual(['b/fail']);
    expect(await ids({ tags: ['easy'] })).toEqual(['a/pass']);
    expect(await ids({ capabilities: ['negation'] })).toEqual(['b/fail']);
    expect(await ids({ metrics: ['nothing'] })).toEqual([]);
    const unknownSuite = await runSuites({ cwd, providers, cache: false, suites: ['nope'] });
    expect(unknownSuite.exitCode).toBe(2);
  });

  it('runs ad-hoc case globs with --metric and no suite file', async () => {
    const cwd = tmpTree({ 'mine/one.yaml': passing });
    const r = await runSuites({ cwd, providers: [overlapProvider()], cache: false, cases: ['mine/*.yaml'], metrics: ['overlap'] });
    expect(r.results.map((x) => [x.suite, x.caseId, x.verdict])).toEqual([['cases', 'mine/one', 'pass']]);
    const noMetric = await runSuites({ cwd, providers: [overlapProvider()], cache: false, cases: ['mine/*.yaml'] });
    expect(noMetric.exitCode).toBe(2);
    const noMatch = await runSuites({ cwd, providers: [overlapProvider()], cache: false, cases: ['none/*.yaml'], metrics: ['overlap'] });
    expect(noMatch.problems.map(formatProblem)).toEqual([
      `${path.join('none', '*.yaml')}:1:1: no case files match "none/*.yaml"`,
    ]);
  });

  it('treats an empty selection as a usage error unless allowed', async () => {
    const cwd = project();
    const empty = await runSuites({ cwd, providers: [overlapProvider()], cache: false, filter: 'nothing-matches' });
    expect(empty.exitCode).toBe(2);
    expect(empty.problems.map((p) => p.message)).toEqual(['no cases to run with these suites and filters (pass --pass-with-no-cases to allow an empty run)']);
    const allowed = await runSuites({ cwd, providers: [overlapProvider()], cache: false, filter: 'nothing-matches', passWithNoCases: true });
    expect(allowed.exitCode).toBe(0);
  });

  it('stops after the first gating failure with --bail', async () => {
    const cwd = project({ 'cases/c/fail2.yaml': failing });
    const r = await runSuites({ cwd, providers: [overlapProvider()], cache: false, bail: 1 });
    expect(r.results.map((x) => x.caseId)).toEqual(['a/pass', 'b/fail']);
    expect(r.bailed).toBe(true);
  });

  it('reuses the disk cache on a re-run, and --no-cache bypasses it', async () => {
    const cwd = project();
    const calls: ScoreRequest[][] = [];
    const providers = [overlapProvider(calls)];
    await runSuites({ cwd, providers });
    const first = calls.flat().length;
    expect(first).toBe(5);
    await runSuites({ cwd, providers: [overlapProvider(calls)] });
    expect(calls.flat().length).toBe(first);
    await runSuites({ cwd, providers: [overlapProvider(calls)], cache: false });
    expect(calls.flat().length).toBe(2 * first);
  });

  it('turns a metric error into an error verdict with the reason', async () => {
    const broken: MetricProvider = {
      id: 'overlap', description: '', create: () => ({ ...overlapProvider().create({}, { root: '' }) as Metric, score: () => { throw new Error('boom'); } }),
    };
    const r = await runSuites({ cwd: project(), providers: [broken], cache: false });
    expect(r.results.map((x) => x.verdict)).toEqual(['error', 'error']);
    expect(r.results[0]!.reason).toContain('overlap threw: boom');
    expect(r.exitCode).toBe(1);
  });

  it('loads metrics from a config file with a module adapter', async () => {
    const cwd = project({
      'metric-suite.config.yaml': 'metrics:\n  overlap: { module: ./len.mjs }\n',
      'len.mjs': `export default { id: 'len', version: '1', description: 'length', direction: 'lower', range: [0, 1000], tieTolerance: 0,
        deterministic: true, inputs: ['text'], score: (rs) => rs.map((r) => ({ value: String(r.candidate).length })) };\n`,
    });
    const r = await runSuites({ cwd, cache: false });
    expect(r.problems).toEqual([]);
    expect(r.results.map((x) => x.scores)).toEqual([{ exact: 31, other: 18 }, { same: 16, negated: 13, close: 22 }]);
  });
});

describe('runSuites with an unavailable metric', () => {
  it('skips its cases with the reason instead of failing the run', async () => {
    const { MetricUnavailableError } = await import('../../src/metrics/provider.js');
    const judge: MetricProvider = { id: 'judge', description: '', create: () => { throw new MetricUnavailableError('no endpoint configured (set baseURL)'); } };
    const cwd = project({}, 'name: main\ncases: [../cases/**/*.yaml]\nmetrics: [overlap, judge]\n');
    const r = await runSuites({ cwd, providers: [overlapProvider(), judge], cache: false });
    const skips = r.results.filter((x) => x.metric === 'judge');
    expect(skips.map((x) => [x.verdict, x.reason])).toEqual([
      ['skip', 'judge unavailable: no endpoint configured (set baseURL)'],
      ['skip', 'judge unavailable: no endpoint configured (set baseURL)'],
    ]);
    expect(r.problems).toEqual([]);
    // the metric that could not run stays visible: a gate that did not run, with the reason
    expect(r.gates.map((g) => [g.metric, g.state])).toEqual([['overlap', 'fail'], ['judge', 'not run']]);
    expect(r.gates[1]!.reason).toBe('no endpoint configured (set baseURL)');
    expect(r.gates[1]!.passed).toBe(true);
  });
});

describe('runSuites keeps going when parts of the harness fail', () => {
  it('turns off a reporter that throws, reports it, and still reports to the others', async () => {
    const seen: string[] = [];
    const bad = { onCaseResult: () => { throw new Error('reporter boom'); } };
    const good = { onCaseResult: (r: { caseId: string }) => void seen.push(r.caseId), onRunEnd: () => void seen.push('end') };
    const r = await runSuites({ cwd: project(), providers: [overlapProvider()], cache: false, reporters: [bad, good] });
    expect(seen).toEqual(['a/pass', 'b/fail', 'end']);
    expect(r.results).toHaveLength(2);
    expect(r.problems.map((p) => p.message)).toEqual(['a reporter failed in onCaseResult and was turned off: reporter boom']);
    expect(r.exitCode).toBe(2);
  });

  it('does not wait forever for a metric whose close() never settles', async () => {
    const { MetricRegistry } = await import('../../src/metrics/registry.js');
    const hang: MetricProvider = { id: 'hang', description: '', create: () => ({ ...(overlapProvider().create({}, { root: '' }) as Metric), id: 'hang', close: () => new Promise<void>(() => {}) }) };
    const registry = new MetricRegistry([hang]);
    await registry.get('hang');
    expect(await registry.closeAll(50)).toEqual(['hang: close() did not finish within 50 ms']);
  });
});

describe('runSuites: case filters and laws', () => {
  it('runs no laws when cases are filtered, unless a law is named', async () => {
    const cwd = project({}, 'name: main\ncases: [../cases/**/*.yaml]\nmetrics: [overlap]\nlaws: [bounded]\n');
    const all = await runSuites({ cwd, providers: [overlapProvider()], cache: false });
    expect(all.laws.map((l) => l.law)).toEqual(['bounded']);
    const filtered = await runSuites({ cwd, providers: [overlapProvider()], cache: false, capabilities: ['laterality'] });
    expect(filtered.laws).toEqual([]);
    expect(filtered.results.map((r) => r.caseId)).toEqual(['a/pass']);
  });
});

describe('runSuites: repeats of a non-deterministic metric', () => {
  const noisy = (values: number[]): MetricProvider => {
    let n = 0;
    return {
      id: 'noisy', description: '',
      create: () => ({
        id: 'noisy', version: '1', description: '', direction: 'higher', range: [0, 1], tieTolerance: 0.05,
        deterministic: false, inputs: ['text'], cache: false,
        score: (rs) => rs.map((r) => ({ value: String(r.candidate).startsWith('Moderate') ? values[n++ % values.length]! : 0 })),
      }),
    };
  };
  const suite = 'name: main\ncases: [../cases/a/*.yaml]\nmetrics: [noisy]\n';

  it('gives `inconclusive` when repeats disagree beyond the tie tolerance', async () => {
    const cwd = project({ 'metric-suite.config.yaml': 'metrics:\n  noisy: { repeats: 3 }\n' }, suite);
    const r = await runSuites({ cwd, providers: [noisy([0.9, 0.5, 0.9])], cache: false });
    expect(r.results[0]).toMatchObject({ verdict: 'inconclusive' });
    expect(r.results[0]!.reason).toBe('repeats disagree beyond the tie tolerance 0.05: exact: 0.9, 0.5, 0.9');
    expect(r.exitCode).toBe(1);
  });

  it('keeps the verdict when repeats agree, and scores once without `repeats`', async () => {
    const agree = project({ 'metric-suite.config.yaml': 'metrics:\n  noisy: { repeats: 3 }\n' }, suite);
    expect((await runSuites({ cwd: agree, providers: [noisy([0.9, 0.92])], cache: false })).results[0]!.verdict).toBe('pass');
    const once = project({}, suite);
    expect((await runSuites({ cwd: once, providers: [noisy([0.9, 0.5])], cache: false })).results[0]!.verdict).toBe('pass');
  });
});

describe('runSuites: agreement with raters is a whole-suite check', () => {
  const repo = path.resolve(import.meta.dirname, '../..');
  it('is reported for the whole preference suite, and left out of a filtered run (one case is no agreement)', async () => {
    const whole = await runSuites({ cwd: repo, suites: ['preference'], metrics: ['crimson:lexicon'], cache: false });
    expect(whole.agreement?.length).toBeGreaterThan(0);
    const part = await runSuites({ cwd: repo, suites: ['preference'], metrics: ['crimson:lexicon'], cache: false, filter: 'preference/tension-pneumothorax' });
    expect(part.results.length).toBeGreaterThan(0);
    expect(part.agreement ?? []).toEqual([]);
    expect(part.gates.find((g) => g.metric === 'crimson:lexicon')?.state).not.toBe('fail');
  }, 120_000);
});

describe('runSuites: a metric that could not be created', () => {
  it('is a located problem (exit 2) and stays visible as a gate that did not run, with the reason', async () => {
    const cwd = project({
      'metric-suite.config.json': JSON.stringify({ metrics: { broken: { module: './missing-metric.mjs' } } }),
    }, 'name: main\ncases: [../cases/**/*.yaml]\nmetrics: [overlap, broken]\n');
    const r = await runSuites({ cwd, providers: [overlapProvider()], cache: false });
    expect(r.exitCode).toBe(2);
    expect(r.problems.some((p) => /missing-metric/.test(p.message))).toBe(true);
    const gate = r.gates.find((g) => g.metric === 'broken');
    expect(gate?.state).toBe('not run');
    expect(gate?.reason).toMatch(/^could not be created: .*missing-metric/);
  }, 60_000);

  it('points at the metric\'s entry in the config, not at (command line):1:1, when named with --cases/--metric', async () => {
    const cwd = tmpTree({
      'metric-suite.config.yaml': '# services\nmetrics:\n  svc:\n    http:\n      url: http://127.0.0.1:9/score\n      headerEnv: { Authorization: "Bearer ${UX_TEST_UNSET_TOKEN}" }\n',
      'cases/a.yaml': 'kind: ranking\nreference: a\ncandidates: { a: a, b: b }\nexpect: a > b\n',
    });
    const r = await runSuites({ cwd, cases: ['cases/*.yaml'], metrics: ['svc'], cache: false });
    expect(r.problems.map(formatProblem)).toEqual(['metric-suite.config.yaml:3:3: cannot create metric "svc": the environment variable UX_TEST_UNSET_TOKEN (http.headerEnv.Authorization) is not set']);
  });
});
