import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinProviders } from '../../../src/metrics/builtins.js';
import { MetricUnavailableError } from '../../../src/metrics/provider.js';
import { RADEVAL_METRICS } from '../../../src/metrics/radeval/index.js';
import { MetricRegistry } from '../../../src/metrics/registry.js';
import { runSuites } from '../../../src/runner/run.js';
import { tmpTree } from '../../_support/tmp.js';

const STAND_INS = path.resolve('test/fixtures/python/stand-ins');
const registries: MetricRegistry[] = [];
afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.closeAll()));
  delete process.env.STANDIN_RADEVAL_LOG;
});
function registry(specs: Record<string, unknown>): MetricRegistry {
  const r = new MetricRegistry(builtinProviders, specs as never);
  registries.push(r);
  return r;
}
const signal = () => new AbortController().signal;

describe('radeval provider (stand-in RadEval package)', () => {
  it('{ radeval: bertscore } scores a batch in one RadEval call, per sample, declared higher in [-1, 1]', async () => {
    const dir = tmpTree();
    process.env.STANDIN_RADEVAL_LOG = path.join(dir, 'calls.log');
    const { metric } = await registry({ bs: { radeval: 'bertscore', options: { pythonPath: [STAND_INS] } } }).get('bs');
    expect(metric).toMatchObject({ id: 'radeval:bertscore', direction: 'higher', range: [-1, 1], version: 'radeval-0.0.0-standin', deterministic: true });
    const out = await metric.score(
      [
        { reference: 'Small left effusion.', candidate: 'Small left effusion.' },
        { reference: 'Small left effusion.', candidate: 'Large right effusion.' },
        { reference: { s: 1 }, candidate: 'x' },
      ],
      { signal: signal() },
    );
    expect(out).toEqual([{ value: 1 }, { value: 0.2 }, { error: 'radeval:bertscore scores text reports; got a structured report' }]);
    expect(readFileSync(process.env.STANDIN_RADEVAL_LOG!, 'utf8')).toBe('2\n');
  });

  it('radcliq is lower-is-better and unbounded; radgraph reports the other levels in details', async () => {
    const r = registry({ rc: { radeval: 'radcliq', options: { pythonPath: [STAND_INS] } }, rg: { use: 'radeval:radgraph', options: { pythonPath: [STAND_INS] } } });
    const rc = (await r.get('rc')).metric;
    expect(rc.direction).toBe('lower');
    expect(rc.range[1]).toBe(Number.MAX_VALUE);
    expect(await rc.score([{ reference: 'a b c', candidate: 'a b d' }], { signal: signal() })).toEqual([{ value: 2 }]);
    const rg = (await r.get('rg')).metric;
    const [o] = await rg.score([{ reference: 'small left pleural effusion', candidate: 'small right pleural effusion' }], { signal: signal() });
    expect(o).toEqual({ value: 0.6, details: { radgraph_simple: 0.6, radgraph_complete: 0.36 } });
  });

  it('constructor options pass through; unknown ones and missing flags are clear errors; a missing package is unavailable', async () => {
    const r = registry({
      g: { radeval: 'green', options: { pythonPath: [STAND_INS], crimson_api: 'openai' } },
      bad: { radeval: 'green', options: { pythonPath: [STAND_INS], no_such_kwarg: 1 } },
      old: { radeval: 'ratescore', options: { pythonPath: [STAND_INS] } },
      none: { radeval: 'bertscore' },
    });
    expect((await r.get('g')).metric.id).toBe('radeval:green');
    await expect(r.get('bad')).rejects.toThrow(/RadEval does not take no_such_kwarg/);
    await expect(r.get('old')).rejects.toThrow(/this RadEval version has no do_ratescore option/);
    await expect(r.get('none')).rejects.toThrow(MetricUnavailableError);
  });

  it('every RadEval metric declares a direction and a range', () => {
    for (const [name, m] of Object.entries(RADEVAL_METRICS)) {
      expect(m.range[0], name).toBeLessThan(m.range[1]);
      expect(['higher', 'lower'], name).toContain(m.direction);
    }
    expect(builtinProviders.map((p) => p.id)).toEqual(expect.arrayContaining(['radeval:bertscore', 'radeval:green', 'radeval:radcliq', 'radeval:crimson']));
  });

  it('a suite runs the built-in cases and laws against several RadEval metrics at once', async () => {
    const root = path.resolve('.');
    const dir = tmpTree({
      'metric-suite.config.yaml': [
        'metrics:',
        `  radeval-bertscore: { radeval: bertscore, options: { pythonPath: [${JSON.stringify(STAND_INS)}] } }`,
        `  radeval-radcliq: { radeval: radcliq, options: { pythonPath: [${JSON.stringify(STAND_INS)}] } }`,
        '',
      ].join('\n'),
      'suites/radeval.yaml': [
        'name: radeval',
        'cases: [../cases/**/*.yaml]',
        'metrics: [radeval-bertscore, radeval-radcliq]',
        'laws: [{ law: negation-sensitive, numRuns: 5 }, deterministic]',
        'gate: { radeval-bertscore: { informational: true }, radeval-radcliq: { informational: true } }',
        '',
      ].join('\n'),
    });
    cpSync(path.join(root, 'cases/ranking/laterality'), path.join(dir, 'cases/laterality'), { recursive: true });
    const r = await runSuites({ cwd: dir, cache: false });
    expect(r.problems).toEqual([]);
    const metrics = new Set(r.results.map((x) => x.metric));
    expect([...metrics].sort()).toEqual(['radeval-bertscore', 'radeval-radcliq']);
    expect(r.results.length).toBeGreaterThan(2);
    expect(r.results.every((x) => x.verdict === 'pass' || x.verdict === 'fail')).toBe(true);
    expect([...new Set(r.laws.map((l) => l.metric))].sort()).toEqual(['radeval-bertscore', 'radeval-radcliq']);
    expect(r.laws.find((l) => l.law === 'deterministic' && l.metric === 'radeval-radcliq')?.verdict).toBe('pass');
  }, 60_000);
});
