/**
 * Start-up: `node dist/src/cli/bin.js --version` against `node node_modules/vitest/vitest.mjs
 * --version` (node directly, no npx), runs interleaved so both see the same load; medians.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchGroup, BenchRow } from '../_lib/row.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = 15;

function wall(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
  return (performance.now() - t0) / 1000;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export const startupGroup: BenchGroup = {
  id: 'startup',
  rows: ['startup'],
  async run(): Promise<BenchRow[]> {
    const ours: number[] = [];
    const vitest: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ours.push(wall(['dist/src/cli/bin.js', '--version']));
      vitest.push(wall(['node_modules/vitest/vitest.mjs', '--version']));
      bare.push(wall(['-e', '0']));
    }
    const [a, b] = [median(ours), median(vitest)];
    return [{
      id: 'startup',
      what: '`metric-suite --version` vs `vitest --version` (node, no npx), median of 15 interleaved runs',
      project: `${a.toFixed(3)} s`,
      reference: `vitest ${b.toFixed(3)} s (bare \`node -e 0\`: ${median(bare).toFixed(3)} s)`,
      result: `${(a / b).toFixed(2)} of vitest's time`,
      goal: "<= vitest's",
      met: a <= b,
    }];
  },
};
