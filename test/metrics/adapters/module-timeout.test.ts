import { describe, expect, it } from 'vitest';
import { runSuites } from '../../../src/runner/run.js';
import { tmpTree } from '../../_support/tmp.js';

/**
 * A `module:` metric that hangs on one case of a batch (default batchSize) costs that case only,
 * as a `command:` metric's does: the batch times out, its requests are scored again one at a
 * time in a fresh worker, the hanging one is an `error` naming the timeout, the others keep
 * their scores, and the run goes on to its gate (exit 1).
 */
function project(hang: string, isolation: 'worker' | 'process'): string {
  const cases = ['ok1', 'HANG', 'ok2', 'ok3'].map((c) => `  - id: ${c}\n    reference: r\n    candidate: ${c}\n    expect: { hangs: { min: 0.5 } }\n`).join('');
  return tmpTree({
    'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [hangs]\n',
    'cases/c.yaml': `defaults: { kind: score }\ncases:\n${cases}`,
    'metric-suite.config.yaml': `metrics:\n  hangs: { module: ./hangs.mjs, timeoutMs: 1500, isolation: ${isolation} }\n`,
    'hangs.mjs': `export default { id: 'hangs', version: '1', description: 'hangs on HANG', direction: 'higher', range: [0, 1],
  tieTolerance: 0, deterministic: true, inputs: ['text'],
  async score(rs) {
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
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
