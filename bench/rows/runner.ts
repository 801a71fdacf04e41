/**
 * The runner rows (issue 16's runner row, issue 14's 100,000-case run): each a fresh process
 * on a generated project (bench/runner-scale.ts), printed with the figures measured before the
 * issue-14 work on the same harness, so the table shows before and after.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateScaleProject, measure } from '../runner-scale.js';
import type { BenchGroup, BenchRow } from '../_lib/row.js';

const RUNNER_CASES = Number(process.env.BENCH_RUNNER_CASES ?? 50_000);
const SCALE_CASES = Number(process.env.BENCH_SCALE_CASES ?? 100_000);

/** Before the issue-14 work (same harness and machine): the 12:20 UTC bench run, and the 13:26 UTC run of the 100,000-case row. */
const BEFORE = {
  runner: '762 µs/case, 789 MB',
  scale: '56.7 s, 1,576 MB (issue 14 measured 71.0 s, 1,644 MB)',
};

/** Where the time goes (node --cpu-prof of this row, 14:45 UTC, load 6-8), for the README's notes while the goal is not met. */
const RUNNER_PROFILE = 'profile at 50k: GC 24 % (scavenges copying the cases and results that live for the run), loading case files 26 % (fast YAML path 6 %, building cases, reading files), '
  + 'the default reporter\'s end 11 % (neutralising every string of 50k results for the terminal), module import at start-up 10 % (every metric family loads), scoring and worker messages 9 %';

function inProject<T>(cases: number, run: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-scale-'));
  try {
    generateScaleProject(dir, cases);
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const runnerGroup: BenchGroup = {
  id: 'runner',
  rows: ['runner'],
  async run(): Promise<BenchRow[]> {
    const m = inProject(RUNNER_CASES, (dir) => measure(dir, ['run', '--cases', 'cases/*.yaml', '--metric', 'noop', '--no-cache']));
    const micros = (m.ms * 1000) / RUNNER_CASES;
    return [{
      id: 'runner',
      what: `runner, ${RUNNER_CASES} ranking cases (100 per file) x no-op module metric, \`--no-cache\`, fresh process (bench/runner-scale.ts)`,
      // wall time is the goal; CPU time (this process and its worker) shows what a loaded machine adds
      project: `${micros.toFixed(0)} µs/case (CPU ${((m.cpuMs * 1000) / RUNNER_CASES).toFixed(0)} µs/case), peak RSS ${m.rssMB.toFixed(0)} MB, exit ${m.exit} (before: ${BEFORE.runner})`,
      reference: '—',
      result: `${micros.toFixed(0)} µs/case, ${m.rssMB.toFixed(0)} MB`,
      goal: '<= 40 µs/case, <= 300 MB',
      met: micros <= 40 && m.rssMB <= 300,
      note: RUNNER_PROFILE,
    }];
  },
};

export const scaleGroup: BenchGroup = {
  id: 'runner-100k',
  rows: ['runner-100k'],
  async run(): Promise<BenchRow[]> {
    const m = inProject(SCALE_CASES, (dir) => {
      const out = path.join(dir, 'report.json');
      const r = measure(dir, ['run', '--cases', 'cases/*.yaml', '--metric', 'noop', '--no-cache', '--reporter', 'json', '--output-file', `json=${out}`]);
      return { ...r, reportMB: statSync(out).size / 1e6 };
    });
    return [{
      id: 'runner-100k',
      what: `${SCALE_CASES.toLocaleString('en')} ranking cases x no-op module metric, json reporter to a file (${m.reportMB.toFixed(0)} MB), \`--no-cache\`, fresh process (issue 14)`,
      project: `${(m.ms / 1000).toFixed(1)} s (CPU ${(m.cpuMs / 1000).toFixed(1)} s), peak RSS ${m.rssMB.toFixed(0)} MB, exit ${m.exit} (before: ${BEFORE.scale})`,
      reference: '—',
      result: `${(m.ms / 1000).toFixed(1)} s, ${m.rssMB.toFixed(0)} MB`,
      goal: '< 600 MB peak RSS',
      met: m.rssMB < 600 && m.exit === 0,
    }];
  },
};
