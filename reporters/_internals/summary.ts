/**
 * The end-of-run report of `default` and `verbose`. `default` is as short as vitest's: gating
 * failures in full (with `--baseline`, only the newly broken ones), one line per informational
 * metric and per known-failure list, the matrix, the gates and the summary. `verbose` adds every
 * informational and known failure in full, the law matrix, the per-finding table and the full
 * agreement tables. The last line counts gating results only (it agrees with the exit code).
 */
import type { ChalkInstance } from 'chalk';
import { formatProblem, type CaseResult, type LawResult, type RunReport } from '../../src/runner/results.js';
import { fmtDuration, summaryLine } from './format.js';
import { renderCaseFailure, renderInformational, renderLawFailure } from './failure.js';
import { renderGates } from './gates.js';
import { renderBaseline } from './baseline.js';
import { renderAgreement, renderAgreementBrief } from './agreement.js';
import { renderFindingSummary } from './finding-summary.js';
import { renderMatrix } from './matrix.js';
import { renderKnownLaw, renderLawMatrix } from './laws.js';
import { groupedFailures, lawGroups } from './report-model.js';
import { gateIndex, gatingTally, informationalNote, knownFailureNote, toleratedBy } from './standing.js';
import { renderInformationalLines, renderKnownLists } from './standing-lines.js';
import { renderTodo, todoCases } from './todo.js';

export type SummaryMode = 'default' | 'verbose';

function section(out: string[], title: string, body: string[]): void {
  if (body.length === 0) return;
  out.push(title, ...body, '');
}

function renderFailures(report: RunReport, c: ChalkInstance, mode: SummaryMode): string[] {
  const suiteCount = new Set(report.results.map((r) => r.suite)).size;
  const failed = groupedFailures(report.results, 'gating');
  const laws = lawGroups(report.laws).failed;
  if (failed.length + laws.length === 0) return [];
  // with --baseline only the newly broken results decide the gate: they are printed in full
  const broken = report.baseline ? new Set(report.baseline.newlyBroken.map((x) => `${x.suite}\u0000${x.metric}\u0000${x.id}`)) : undefined;
  const isNew = (suites: string[], metric: string, id: string) => !broken || suites.some((s) => broken.has(`${s}\u0000${metric}\u0000${id}`));
  const blocks: string[] = [];
  const still: string[] = [];
  // many errors with one cause (an unreachable endpoint, a missing model) are one line, not a block each
  const { grouped, lines: groupLines } = mode === 'default' ? sameCauseErrors(failed.map((f) => f.result), laws, c) : { grouped: new Set<unknown>(), lines: [] };
  blocks.push(...groupLines);
  const gateOf = gateIndex(report.gates);
  const note = (r: { suite?: string; metric: string }, suites: string[]): string => {
    // tolerated only where every suite that produced it tolerates it
    const notes = suites.map((s) => toleratedBy({ ...r, suite: s }, gateOf));
    return notes.every(Boolean) ? c.dim(`  (${notes.join('; ')})`) : '';
  };
  for (const f of failed) {
    if (grouped.has(f.result)) continue;
    if (!isNew(f.suites, f.result.metric, f.result.caseId)) {
      if (mode === 'verbose') blocks.push(...renderCaseFailure(f.result, c, suiteCount > 1 ? f.suites : undefined), '');
      else still.push(renderInformational(f.result, c));
      continue;
    }
    const block = renderCaseFailure(f.result, c, suiteCount > 1 ? f.suites : undefined);
    if (broken) block[0] += c.red.bold('  NEWLY BROKEN');
    else block[0] += note(f.result, f.suites);
    blocks.push(...block, '');
  }
  for (const l of laws) {
    if (grouped.has(l)) continue;
    if (!isNew([l.suite ?? ''], l.metric, `law ${l.law}`)) {
      if (mode === 'verbose') blocks.push(...renderLawFailure(l, c), '');
      else still.push(renderKnownLaw(l, c));
      continue;
    }
    const block = renderLawFailure(l, c);
    if (broken) block[0] += c.red.bold('  NEWLY BROKEN');
    else block[0] += note(l, [l.suite ?? '']);
    blocks.push(...block, '');
  }
  const out = [c.bold.red(`Failures (${failed.length + laws.length})`), '', ...blocks];
  if (still.length) out.push(c.dim(`still failing as in the baseline (not gating): ${still.length}`), ...still, '');
  return out;
}

/** The one message behind an error result: its candidates' single error, else its reason. */
function causeOf(r: { verdict: string; reason?: string; errors?: Record<string, string> }): string | undefined {
  if (r.verdict !== 'error') return undefined;
  const messages = new Set(Object.values(r.errors ?? {}));
  if (messages.size === 1) return [...messages][0];
  return messages.size === 0 ? r.reason : undefined;
}

/** `ERROR crimson: 114 cases and 3 laws: <message>`, for a metric with 3 or more errors of one cause. */
function sameCauseErrors(results: CaseResult[], laws: LawResult[], c: ChalkInstance): { grouped: Set<unknown>; lines: string[] } {
  const groups = new Map<string, { metric: string; cause: string; cases: CaseResult[]; laws: LawResult[] }>();
  const entry = (metric: string, cause: string) => {
    const key = `${metric}\u0000${cause}`;
    return groups.get(key) ?? (groups.set(key, { metric, cause, cases: [], laws: [] }), groups.get(key)!);
  };
  for (const r of results) {
    const cause = causeOf(r);
    if (cause !== undefined) entry(r.metric, cause).cases.push(r);
  }
  for (const l of laws) {
    const cause = l.verdict === 'error' ? l.reason : undefined;
    if (cause === undefined) continue;
    // a law's reason quotes the metric's message: join the metric's group when one matches
    const g = [...groups.values()].find((x) => x.metric === l.metric && cause.includes(x.cause));
    (g ?? entry(l.metric, cause)).laws.push(l);
  }
  const grouped = new Set<unknown>();
  const lines: string[] = [];
  for (const g of groups.values()) {
    if (g.cases.length + g.laws.length < 3) continue;
    for (const x of [...g.cases, ...g.laws]) grouped.add(x);
    const what = [g.cases.length ? `${g.cases.length} case${g.cases.length === 1 ? '' : 's'}` : '', g.laws.length ? `${g.laws.length} law${g.laws.length === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
    const cause = g.cause.startsWith(`${g.metric}: `) ? g.cause.slice(g.metric.length + 2) : g.cause;
    lines.push(`${c.red.bold('ERROR')} ${c.bold(g.metric)}: ${what}: ${cause}`, c.dim(`  (one cause for all; --reporter verbose lists each)`), '');
  }
  return { grouped, lines };
}

/** The whole summary, ending with the `N passed, N failed[, N skipped]` line and a newline. */
export function renderEnd(report: RunReport, c: ChalkInstance, mode: SummaryMode = 'default'): string {
  const out: string[] = [];
  section(out, c.bold.red(`Problems (${report.problems.length})`), report.problems.map((p) => `  ${formatProblem(p)}`));
  out.push(...renderFailures(report, c, mode));

  if (mode === 'verbose') {
    const laws = lawGroups(report.laws);
    const info = groupedFailures(report.results, 'informational');
    const blocks = [...info.flatMap((f) => [...renderCaseFailure(f.result, c, [f.suites.join(', ')]), '']), ...laws.informational.flatMap((l) => [...renderLawFailure(l, c), ''])];
    if (blocks.length) out.push(c.bold.yellow(`Informational, not gating (${info.length + laws.informational.length})`), '', ...blocks);
    const known = groupedFailures(report.results, 'known');
    section(out, c.bold.yellow(`Known failures, expected to fail (${known.length + laws.known.length})`), [...known.map((f) => renderInformational(f.result, c)), ...laws.known.map((l) => renderKnownLaw(l, c))]);
  } else {
    section(out, c.bold.yellow('Informational, not gating'), renderInformationalLines(report, c));
    section(out, c.bold.yellow('Known failures, expected to fail'), renderKnownLists(report, c));
  }

  const todo = todoCases(report.results).length;
  section(out, c.bold.cyan(`Todo (${todo} case${todo === 1 ? '' : 's'}, not scored)`), renderTodo(report.results, c, mode));
  section(out, c.bold('Pass matrix (capability × metric)'), renderMatrix(report.results, c, report.gates));
  if (mode === 'verbose') {
    section(out, c.bold('Per finding (image cases, score per image: mean ± sd)'), renderFindingSummary(report.results, c));
    section(out, c.bold('Laws (law × metric)'), renderLawMatrix(report.laws, c));
    section(out, c.bold('Agreement with raters (preference cases)'), renderAgreement(report.agreement, c));
  }
  if (mode === 'default') section(out, c.bold('Agreement with raters (preference cases)'), renderAgreementBrief(report.agreement, c));
  section(out, c.bold('Gates'), renderGates(report.gates, c, report.agreement));
  section(out, c.bold('Baseline'), renderBaseline(report, c));

  const t = gatingTally(report);
  if (t.errors > 0 || t.inconclusive > 0) {
    const parts = [t.errors > 0 ? `errors: ${t.errors}` : '', t.inconclusive > 0 ? `inconclusive: ${t.inconclusive}` : ''];
    out.push(c.red(`${parts.filter(Boolean).join(', ')} (counted as failed)`));
  }
  if (report.bailed) out.push(c.yellow('bailed: the run stopped early (--bail)'));
  if (report.interrupted) out.push(c.yellow('interrupted: the results cover only what completed before the signal'));
  out.push(c.dim(`duration: ${fmtDuration(report.durationMs)}`));
  for (const note of [informationalNote(report), knownFailureNote(report)]) if (note) out.push(c.dim(note));
  out.push(summaryLine(t));
  return `${out.join('\n')}\n`;
}
