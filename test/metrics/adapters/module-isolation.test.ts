import { describe, expect, it } from 'vitest';
import { runSuites } from '../../../src/runner/run.js';
import { tmpTree } from '../../_support/tmp.js';

/**
 * Issue 14, finding 1: a module metric that misbehaves (process.exit, a dangling rejection,
 * a late timer throw, a busy loop, running out of memory) costs its own requests only: they
 * are `error` verdicts with the reason, the worker is replaced, the other cases still score,
 * and the exit code follows the gate (1), never 0 with no output.
 */
function project(behaviour: string, extra = '', isolation: Isolation = 'worker'): string {
  const cases = ['ok1', 'BAD', 'ok2'].map((c) => `  - id: ${c}\n    reference: r\n    candidate: ${c}\n    expect: { flaky: { min: 0.5 } }\n`).join('');
  return tmpTree({
    'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [flaky]\n',
    'cases/c.yaml': `defaults: { kind: score }\ncases:\n${cases}`,
    'metric-suite.config.yaml': `metrics:\n  flaky: { module: ./flaky.mjs, batchSize: 1, concurrency: 1, timeoutMs: 5000, isolation: ${isolation}${extra} }\n`,
    'flaky.mjs': `export default { id: 'flaky', version: '1', description: 'misbehaves on BAD', direction: 'higher', range: [0, 1],
  tieTolerance: 0, deterministic: true, inputs: ['text'],
  async score(rs) {
    if (rs.some((r) => r.candidate === 'BAD')) { ${behaviour} }
    return rs.map(() => ({ value: 1 }));
  } };\n`,
  });
}

async function runWith(isolation: Isolation, behaviour: string, extra = '') {
  const r = await runSuites({ cwd: project(behaviour, extra, isolation), cache: false });
  return { r, verdicts: Object.fromEntries(r.results.map((x) => [x.caseId, x.verdict])), bad: r.results.find((x) => x.caseId === 'BAD')! };
}

type Isolation = 'worker' | 'process';

// The same failure modes with `isolation: process` (a child process per metric copy; issue 14: "or a child process pool").
describe.each(['worker', 'process'] as const)('module metrics run isolated (isolation: %s)', (isolation) => {
  const run = (behaviour: string, extra = '') => runWith(isolation, behaviour, extra);
  it('process.exit(0) while scoring is an error for that request; the run goes on and exits 1', async () => {
    const { r, verdicts, bad } = await run('process.exit(0);');
    expect(verdicts, JSON.stringify(r.results.map((x) => x.reason))).toEqual({ ok1: "pass", BAD: "error", ok2: "pass" });
    expect(bad.reason).toMatch(/exited with code 0/);
    expect(r.exitCode).toBe(1);
  });

  it('a metric that exits on every batch is given up after a few workers, not restarted per request', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `c${i}`);
    const cases = ids.map((c) => `  - id: ${c}\n    reference: r\n    candidate: ${c}\n    expect: { flaky: { min: 0.5 } }\n`).join('');
    const cwd = project('', '', isolation);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${cwd}/cases/c.yaml`, `defaults: { kind: score }\ncases:\n${cases}`);
    writeFileSync(`${cwd}/flaky.mjs`, "export default { id: 'flaky', version: '1', description: 'always exits', direction: 'higher', range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'], score() { process.exit(0); } };\n");
    const r = await runSuites({ cwd, cache: false });
    expect(r.results.map((x) => x.verdict)).toEqual(ids.map(() => 'error'));
    const reasons = r.results.map((x) => x.reason ?? '');
    expect(reasons.filter((m) => /exited with code 0/.test(m) && !/in a row/.test(m))).toHaveLength(3);
    expect(reasons.filter((m) => /failed 3 times in a row without scoring anything \(last: exited with code 0/.test(m))).toHaveLength(5);
    expect(r.exitCode).toBe(1);
  });

  it('process.exit at import is a load problem, not a silent exit 0', async () => {
    const cwd = project('', '', isolation);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${cwd}/flaky.mjs`, 'process.exit(0);\n');
    const r = await runSuites({ cwd, cache: false });
    expect(r.exitCode).toBe(2);
    expect(r.problems.map((p) => p.message).join('\n')).toMatch(/flaky\.mjs exited \(code 0\) while loading/);
  });

  it('a dangling promise rejection is an error for the batch in flight', async () => {
    const { r, verdicts, bad } = await run("Promise.reject(new Error('dangling')); await new Promise((ok) => setTimeout(ok, 200));");
    expect(verdicts, JSON.stringify(r.results.map((x) => x.reason))).toEqual({ ok1: "pass", BAD: "error", ok2: "pass" });
    expect(bad.reason).toMatch(/crashed: dangling/);
    expect(r.exitCode).toBe(1);
  });

  it('a late timer throw is an error for the batch in flight', async () => {
    const { r, verdicts, bad } = await run("setTimeout(() => { throw new Error('late'); }, 10); await new Promise((ok) => setTimeout(ok, 200));");
    expect(verdicts, JSON.stringify(r.results.map((x) => x.reason))).toEqual({ ok1: "pass", BAD: "error", ok2: "pass" });
    expect(bad.reason).toMatch(/crashed: late/);
  });

  it('a synchronous busy loop times out; the worker is replaced and the next case scores', async () => {
    const started = performance.now();
    const { r, verdicts, bad } = await run('for (;;) {}');
    expect(verdicts, JSON.stringify(r.results.map((x) => x.reason))).toEqual({ ok1: "pass", BAD: "error", ok2: "pass" });
    expect(bad.reason).toMatch(/timed out after 5000 ms/);
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('running out of memory is an error for that request (heap limit from maxHeapMb)', async () => {
    const { r, verdicts, bad } = await run('const hog = []; for (;;) hog.push(new Array(1e5).fill(Math.random()));', ', maxHeapMb: 64');
    expect(verdicts, JSON.stringify(r.results.map((x) => x.reason))).toEqual({ ok1: "pass", BAD: "error", ok2: "pass" });
    expect(bad.reason).toMatch(new RegExp(`ran out of memory \\(${isolation} heap limit 64 MB\\)`));
    expect(r.exitCode).toBe(1);
  });
});
