/**
 * merge-reports: shard blob reports -> one RunReport, as an unsharded run of the same plan
 * would have produced it: results and laws in run order, gates re-evaluated over the merged
 * results with the suites' gate settings, summary and exit code recomputed.
 */
import { applyBaseline } from '../baseline/compare.js';
import type { Baseline } from '../baseline/types.js';
import type { AgreementResult } from '../agreement.js';
import { ratedAgreement } from '../rated-agreement.js';
import { evaluateGate, notRunGate } from '../gates.js';
import { summarize, usageProblem, type CaseResult, type LawResult, type Problem, type RunReport } from '../results.js';
import { caseKey, lawKey } from './index.js';

/** Merges shard reports (each written by the blob reporter); problems with the set of shards are usage problems (exit 2). */
export function mergeReports(reports: RunReport[], options: { baseline?: Baseline } = {}): RunReport {
  const problems: Problem[] = [];
  const first = reports[0];
  if (!first) throw new Error('merge-reports needs at least one report');
  const plan = first.plan;
  if (!plan) throw new Error('a report has no plan: merge-reports reads the blob reporter\'s output (--reporter blob)');
  const same = JSON.stringify([plan.work, plan.gates]);
  const seen = new Set<number>();
  // a shard given twice is flagged and counted once: its results are not merged a second time
  const used: RunReport[] = [];
  for (const r of reports) {
    if (!r.plan || JSON.stringify([r.plan.work, r.plan.gates]) !== same) {
      problems.push(usageProblem('the reports come from different plans (suites, cases, metrics or laws differ): merge shards of one run'));
      break;
    }
    const s = r.plan.shard;
    if (!s) {
      if (reports.length > 1) problems.push(usageProblem('an unsharded report cannot be merged with others'));
      used.push(r);
      continue;
    }
    if (s.count !== (plan.shard?.count ?? s.count)) problems.push(usageProblem(`shard counts differ (${plan.shard?.count} and ${s.count})`));
    if (seen.has(s.index)) {
      problems.push(usageProblem(`shard ${s.index}/${s.count} is given twice (counted once)`));
      continue;
    }
    seen.add(s.index);
    used.push(r);
  }
  if (plan.shard) {
    const missing = Array.from({ length: plan.shard.count }, (_, i) => i + 1).filter((i) => !seen.has(i));
    if (missing.length) problems.push(usageProblem(`missing shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${plan.shard!.count}`).join(', ')}`));
  }

  const order = new Map<string, number>();
  plan.work.forEach((k, i) => { if (!order.has(k)) order.set(k, i); });
  const rank = (k: string): number => order.get(k) ?? Number.MAX_SAFE_INTEGER;
  const results: CaseResult[] = used.flatMap((r) => r.results).map((r, i) => ({ r, i, k: rank(caseKey(r.suite, r.metric, r.caseId)) }))
    .sort((a, b) => a.k - b.k || a.i - b.i).map((x) => x.r);
  const laws: LawResult[] = used.flatMap((r) => r.laws).map((l, i) => ({ l, i, k: rank(lawKey(l.suite ?? '', l.law, l.metric)) }))
    .sort((a, b) => a.k - b.k || a.i - b.i).map((x) => x.l);

  const agreement: AgreementResult[] = [];
  const gates = plan.gates.map((g) => {
    if (g.notRun !== undefined) return notRunGate(g.suite, g.metric, g.gate, g.notRun);
    const mine = results.filter((r) => r.suite === g.suite && r.metric === g.metric);
    // agreement with raters over the merged preference results, as runSuites computes it
    const agreed = ratedAgreement(g.suite, { id: g.metric, direction: g.direction ?? 'higher', tieTolerance: g.tieTolerance ?? 0 }, plan.preferenceCases?.[g.suite] ?? [], mine);
    if (agreed) agreement.push(agreed);
    return evaluateGate(g.suite, g.metric, g.gate, mine, laws.filter((l) => l.suite === g.suite && l.metric === g.metric), agreed);
  });
  const byText = new Map<string, Problem>();
  for (const p of [...reports.flatMap((r) => r.problems), ...problems]) byText.set(JSON.stringify([p.file, p.line, p.column, p.message]), p);
  const allProblems = [...byText.values()];
  const metricVersions = Object.assign({}, ...reports.map((r) => r.metricVersions ?? {})) as Record<string, string>;
  const baseline = options.baseline ? applyBaseline(options.baseline, { results, laws, gates, metricVersions }) : undefined;
  const { shard: _shard, ...unsharded } = plan;
  return {
    summary: summarize([...results, ...laws]),
    results,
    laws,
    gates,
    problems: allProblems,
    exitCode: allProblems.length > 0 ? 2 : gates.every((g) => g.passed) ? 0 : 1,
    // shards run side by side: the merged run took as long as the slowest
    durationMs: Math.max(...reports.map((r) => r.durationMs)),
    ...(reports.some((r) => r.bailed) ? { bailed: true } : {}),
    ...(agreement.length ? { agreement } : {}),
    metricVersions,
    plan: unsharded,
    ...(baseline ? { baseline } : {}),
  };
}
