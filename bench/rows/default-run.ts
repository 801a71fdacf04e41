/**
 * The default run of the built-in suites (`metric-suite` in the package root, default
 * reporter), warm: a first run fills a fresh cache folder, the second is timed (median of 3).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchGroup, BenchRow } from '../_lib/row.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const TIME = '/usr/bin/time';

/** One run: wall time, and the child's CPU time (user + system) where /usr/bin/time exists. */
function run(cacheDir: string): { seconds: number; cpu?: number; status: number | null } {
  const argv = [process.execPath, 'dist/src/cli/bin.js', '--cache-dir', cacheDir];
  const timed = existsSync(TIME);
  const t0 = performance.now();
  const r = timed
    ? spawnSync(TIME, ['-f', 'cpu %U %S', ...argv], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
    : spawnSync(argv[0]!, argv.slice(1), { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const seconds = (performance.now() - t0) / 1000;
  const m = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? '');
  return { seconds, status: r.status, ...(m ? { cpu: Number(m[1]) + Number(m[2]) } : {}) };
}

export const defaultRunGroup: BenchGroup = {
  id: 'default-run',
  rows: ['default-run'],
  async run(): Promise<BenchRow[]> {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-bench-cache-'));
    try {
      const cold = run(cacheDir);
      const warm = [run(cacheDir), run(cacheDir), run(cacheDir)].sort((a, b) => a.seconds - b.seconds)[1]!;
      return [{
        id: 'default-run',
        what: 'default run of the built-in suites (`metric-suite`, wall), warm cache',
        project: `${warm.seconds.toFixed(2)} s warm${warm.cpu !== undefined ? ` (CPU ${warm.cpu.toFixed(2)} s)` : ''}, cold ${cold.seconds.toFixed(2)} s, exit ${warm.status}`,
        reference: '—',
        result: `${warm.seconds.toFixed(2)} s`,
        goal: '<= 3 s',
        met: warm.seconds <= 3 && warm.status === 0,
      }];
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  },
};
