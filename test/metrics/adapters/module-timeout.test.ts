import { describe, expect, it } from 'vitest';
import { runSuites } from '../../../src/runner/run.js';
import { tmpTree } from '../../_support/tmp.js';

/**
 * A `module:` metric that hangs on one case of a batch (default batchSize) costs that case only,
 * as a `command:` metric's does: the batch times out, its requests are scored again one at a
 * time in a fresh worker, the hanging one is an `error` naming the timeout, the others keep
 * their scores, and the run goes on to its gate (exit 1).
 */
function project(hang: string, isolation: 'worker' | 'process', ids = ['ok1', 'HANG', 'ok2', 'ok3'], settings = 'timeoutMs: 1500'): string {
  const cases = ids.map((c) => `  - id: ${c}\n    reference: r\n    candidate: ${c}\n    expect: { hangs: { min: 0.5 } }\n`).join('');
  return tmpTree({
    'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [hangs]\n',
    'cases/c.yaml': `defaults: { kind: score }\ncases:\n${cases}`,
    'metric-suite.config.yaml': `metrics:\n  hangs: { module: ./hangs.mjs, ${settings}, isolation: ${isolation} }\n`,
    'hangs.mjs': `export default { id: 'hangs', version: '1', description: 'hangs on HANG', direction: 'higher', range: [0, 1],
  tieTolerance: 0, deterministic: true, inputs: ['text'],
  async score(rs) {
    await new Promise((ok) => setTimeout(ok, 20));
    if (rs.some((r) => r.candidate === 'HANG')) { ${hang} }
    return rs.map(() => ({ value: 1 }));
  } };\n`,
  });
}

describe.each(['worker', 'process'] as const)('a module metric hanging on one case of a batch (isolation: %s)', (isolation) => {
  it.each([
    ['a busy loop', 'for (;;) {}'],
    ['a promise that never settles', 'await new Promise(() => {});'],
  ])('%s: that case errors with the timeout, the rest of its batch keeps its verdicts', async (_, hang) => {
    const started = performance.now();
    const r = await runSuites({ cwd: project(hang, isolation), cache: false });
    const verdicts = Object.fromEntries(r.results.map((x) => [x.caseId, x.verdict]));
    expect(verdicts, JSON.stringify(r.results.map((x) => x.reason))).toEqual({ ok1: 'pass', HANG: 'error', ok2: 'pass', ok3: 'pass' });
    expect(r.results.find((x) => x.caseId === 'HANG')!.reason).toMatch(/hangs timed out after 1500 ms \(scored alone after its batch of 4 timed out\)/);
    expect(r.exitCode).toBe(1);
    expect(r.problems).toEqual([]);
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});

// Batches in flight side by side share the worker: a busy loop blocks them all, so they all time
// out; scored alone, one request at a time across those batches, only the hanging one fails.
it.each([
  ['a busy loop', 'for (;;) {}'],
  ['a promise that never settles', 'await new Promise(() => {});'],
])('%s in one of several batches in flight costs that case only', async (_, hang) => {
  const ids = ['ok1', 'ok2', 'ok3', 'HANG', 'ok4', 'ok5', 'ok6', 'ok7', 'ok8', 'ok9'];
  const r = await runSuites({ cwd: project(hang, 'worker', ids, 'timeoutMs: 2000, batchSize: 2, concurrency: 4'), cache: false });
  expect(r.results.filter((x) => x.verdict !== 'pass').map((x) => `${x.caseId}: ${x.reason}`)).toEqual(['HANG: hangs timed out after 2000 ms (scored alone after its batch of 2 timed out)']);
  expect(r.results).toHaveLength(ids.length);
});

// A worker started afresh (after the timeout) takes its start-up outside the batch's time: a
// metric that loads slower than its timeoutMs still scores the requests of the lost batch alone.
it('a worker\'s start-up does not count against the batch: a metric loading slower than timeoutMs still scores alone', async () => {
  const cwd = project('for (;;) {}', 'worker', ['ok1', 'HANG', 'ok2'], 'timeoutMs: 1000');
  const { readFileSync, writeFileSync } = await import('node:fs');
  writeFileSync(`${cwd}/hangs.mjs`, `await new Promise((ok) => setTimeout(ok, 1500));\n${readFileSync(`${cwd}/hangs.mjs`, 'utf8')}`);
  const r = await runSuites({ cwd, cache: false });
  expect(r.results.map((x) => `${x.caseId} ${x.verdict}`)).toEqual(['ok1 pass', 'HANG error', 'ok2 pass']);
  expect(r.results[1]!.reason).toBe('hangs timed out after 1000 ms (scored alone after its batch of 3 timed out)');
});
