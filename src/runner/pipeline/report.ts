import { applyBaseline } from '../baseline/compare.js';
import { summarize, type RunReport } from '../results.js';
import { redactSecrets } from '../../util/redact.js';
import type { RunContext } from './context.js';
import type { Tally } from './gating.js';
import type { Planned } from './plan.js';

/**
 * Stage 5, report: flushes the cache, closes the metrics, compares with a baseline, decides
 * the exit code and hands the report to every reporter's onRunEnd.
 */
export async function report(tally: Tally, planned: Planned, ctx: RunContext, started: number): Promise<RunReport> {
  const { results, laws, gates, agreement } = tally;
  const { problems, options } = ctx;
  for (const failure of (await ctx.cache?.flush()) ?? []) process.emitWarning(failure);
  for (const stuck of await ctx.registry.closeAll()) process.emitWarning(`metric-suite: ${stuck}`);
  // Counts over case results AND law results (DESIGN §6 `summary`).
  const summary = summarize([...results, ...laws]);
  const metricVersions = Object.fromEntries(planned.suites.flatMap((p) => p.metrics.map((m) => [m.id, m.metric.version] as const)));
  const baseline = options.baseline ? applyBaseline(options.baseline, { results, laws, gates, metricVersions }) : undefined;
  // an interrupted run covers only what completed: it neither passes nor fails (exit 130, like a shell)
  const exitCode = ctx.stop === 'interrupt' ? 130 : problems.length > 0 ? 2 : gates.every((g) => g.passed) ? 0 : 1;
  const out: RunReport = {
    summary, results, laws, gates, problems, exitCode, durationMs: performance.now() - started,
    ...(ctx.stop === 'bail' ? { bailed: true } : {}),
    ...(ctx.stop === 'interrupt' ? { interrupted: true } : {}),
    ...(agreement.length ? { agreement } : {}),
    metricVersions, plan: planned.plan,
    ...(baseline ? { baseline } : {}),
  };
  for (const p of problems) p.message = redactSecrets(p.message);
  const before = problems.length;
  await ctx.emit('onRunEnd', out);
  if (problems.length > before && out.exitCode !== 130) out.exitCode = 2; // a reporter failed at the end: its output is incomplete
  return out;
}
