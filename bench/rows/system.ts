/**
 * Rows measured as absolute figures: the extractor's throughput, the runner's per-case cost and
 * memory, and the LLM judge against a local 64-slot server with the default config.
 */
import { measureExtractor } from '../extractor.js';
import { measureJudge } from '../judge.bench.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateScaleProject, measure } from '../runner-scale.js';
import type { BenchGroup, BenchRow } from '../_lib/row.js';

export const extractorGroup: BenchGroup = {
  id: 'extractor',
  rows: ['extractor'],
  async run(): Promise<BenchRow[]> {
    const m = measureExtractor(56);
    return [{
      id: 'extractor',
      what: `finding extractor, generated ${m.avgWords.toFixed(0)}-word reports, one thread`,
      project: `${m.perSecond.toFixed(0)} reports/s (${m.microsPerReport.toFixed(1)} µs/report, ${m.findingsPerReport.toFixed(1)} findings/report)`,
      reference: '—',
      result: `${m.perSecond.toFixed(0)}/s`,
      goal: '>= 15,000 reports/s/core',
      met: m.perSecond >= 15_000,
    }];
  },
};

const RUNNER_CASES = Number(process.env.BENCH_RUNNER_CASES ?? 50_000);

/** The issue-14 runner-scale measurement (bench/runner-scale.ts), its first row. */
function measureRunner(cases: number): { microsPerCase: number; rssMB: number; exit: number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-scale-'));
  try {
    generateScaleProject(dir, cases);
    const m = measure(dir, ['run', '--cases', 'cases/*.yaml', '--metric', 'noop', '--no-cache']);
    return { microsPerCase: (m.ms * 1000) / cases, rssMB: m.rssMB, exit: m.exit };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const runnerGroup: BenchGroup = {
  id: 'runner',
  rows: ['runner'],
  async run(): Promise<BenchRow[]> {
    const m = measureRunner(RUNNER_CASES);
    return [{
      id: 'runner',
      what: `runner, ${RUNNER_CASES} ranking cases (100 per file) x no-op module metric, \`--no-cache\`, fresh process (bench/runner-scale.ts)`,
      project: `${m.microsPerCase.toFixed(0)} µs/case, peak RSS ${m.rssMB.toFixed(0)} MB, exit ${m.exit}`,
      reference: '—',
      result: `${m.microsPerCase.toFixed(0)} µs/case, ${m.rssMB.toFixed(0)} MB`,
      goal: '<= 40 µs/case, <= 300 MB',
      met: m.microsPerCase <= 40 && m.rssMB <= 300,
    }];
  },
};

export const judgeGroup: BenchGroup = {
  id: 'judge',
  rows: ['judge'],
  async run(): Promise<BenchRow[]> {
    const m = await measureJudge(1000);
    return [{
      id: 'judge',
      what: `LLM judge (\`crimson\`, default config), ${m.calls} calls, local server: 100 ms latency, 64 slots`,
      project: `${m.seconds.toFixed(3)} s, ${m.errors} errors, client CPU ${m.clientCpuMsPerCall.toFixed(2)} ms/call`,
      reference: `ideal ${m.ideal.toFixed(3)} s`,
      result: `${(m.seconds / m.ideal).toFixed(2)}x the ideal`,
      goal: '<= 1.15x the ideal',
      met: m.seconds <= m.goal && m.errors === 0,
    }];
  },
};
