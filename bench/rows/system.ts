/**
 * Rows measured as absolute figures: the extractor's throughput, the runner's per-case cost and
 * memory, and the LLM judge against a local 64-slot server with the default config.
 */
import { measureExtractor } from '../extractor.js';
import { measureJudge } from '../judge.bench.js';
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

// the runner rows live in bench/rows/runner.ts (issue 14's owner)
export { runnerGroup } from './runner.js';

export const judgeGroup: BenchGroup = {
  id: 'judge',
  rows: ['judge'],
  async run(): Promise<BenchRow[]> {
    const m = await measureJudge(1000);
    return [{
      id: 'judge',
      what: `LLM judge (\`crimson\`, default config), ${m.calls} calls, local server: 100 ms latency, 64 slots`,
      project: `${m.seconds.toFixed(3)} s (to the last cache write), ${m.errors} errors, server slots busy at most ${m.maxBusy} of 64 (${m.maxOpen} open), client CPU ${m.clientCpuMsPerCall.toFixed(2)} ms/call (${((m.clientCpuMsPerCall * m.calls) / 1000).toFixed(2)} s in all)`,
      reference: `ideal ${m.ideal.toFixed(3)} s`,
      result: `${(m.seconds / m.ideal).toFixed(2)}x the ideal`,
      goal: '<= 1.15x the ideal',
      met: m.seconds <= m.goal && m.errors === 0,
    }];
  },
};
