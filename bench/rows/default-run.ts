/**
 * The default run of the built-in suites (`metric-suite` in the package root, default
 * reporter), warm: a first run fills a fresh cache folder, the second is timed (median of 3).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchGroup, BenchRow } from '../_lib/row.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function run(cacheDir: string): { seconds: number; status: number | null } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['dist/src/cli/bin.js', '--cache-dir', cacheDir], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { seconds: (performance.now() - t0) / 1000, status: r.status };
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
        project: `${warm.seconds.toFixed(2)} s warm (cold ${cold.seconds.toFixed(2)} s), exit ${warm.status}`,
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
