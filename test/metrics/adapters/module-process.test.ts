import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { loadModuleMetric } from '../../../src/metrics/adapters/module.js';
import { tempDir } from '../../runner/_helpers.js';

/**
 * `isolation: process` (issue 14: "or a child process pool where a metric asks for it"): the
 * metric runs in child processes of its own, `pool` of them side by side, each in its own
 * process group, so a grandchild it starts ends with it. The failure modes (exit, crash,
 * timeout, out of memory) are module-isolation.test.ts, run for both isolations.
 */
const declaration = `id: 'pid', version: '1', description: 'reports its process', direction: 'higher', range: [0, 1e9], tieTolerance: 0, deterministic: true, inputs: ['text']`;
const signal = new AbortController().signal;

describe('module metrics in child processes', () => {
  it('scores in a process other than the run, and a pool spreads batches over its processes', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'pid.mjs'), `export default { ${declaration},
  async score(rs) { await new Promise((ok) => setTimeout(ok, 300)); return rs.map(() => ({ value: process.pid })); } };\n`);
    const m = await loadModuleMetric('pid.mjs', dir, {}, { isolation: 'process', pool: 2 });
    try {
      const outs = await Promise.all([1, 2, 3, 4].map((i) => m.score([{ reference: 'r', candidate: `c${i}` }], { signal })));
      const pids = new Set(outs.map((o) => (o[0] as { value: number }).value));
      expect(pids.has(process.pid)).toBe(false);
      expect(pids.size).toBe(2);
    } finally {
      await m.close?.();
    }
  }, 60_000);

  it('a grandchild the metric starts is killed with its process group when the metric closes', async () => {
    const dir = await tempDir();
    const pidFile = path.join(dir, 'grandchild.pid');
    await writeFile(path.join(dir, 'spawner.mjs'), `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
export default { ${declaration},
  score(rs) {
    const g = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    writeFileSync(${JSON.stringify(pidFile)}, String(g.pid));
    return rs.map(() => ({ value: 1 }));
  } };\n`);
    const m = await loadModuleMetric('spawner.mjs', dir, {}, { isolation: 'process' });
    await m.score([{ reference: 'r', candidate: 'c' }], { signal });
    await m.close?.();
    expect(existsSync(pidFile)).toBe(true);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 200 && alive(); i++) await sleep(50);
    expect(alive()).toBe(false);
  }, 60_000);
});

describe('isolation in the config', () => {
  it('`isolation` and `poolSize` on a metric that is not a module are a located config problem', async () => {
    const { runSuites } = await import('../../../src/runner/run.js');
    const { formatProblem } = await import('../../../src/runner/results.js');
    const dir = await tempDir();
    await writeFile(path.join(dir, 'metric-suite.config.yaml'), 'metrics:\n  b:\n    use: bleu\n    isolation: process\n');
    const r = await runSuites({ cwd: dir, cache: false, passWithNoCases: true });
    expect(r.problems.map(formatProblem).join('\n')).toMatch(/metric-suite\.config\.yaml:\d+:\d+: .*`isolation` and `poolSize` apply to `module:` metrics only/);
    expect(r.exitCode).toBe(2);
  });
});
