/** The end-of-run report shared by `default` and `verbose`. */
import type { ChalkInstance } from 'chalk';
import { formatProblem, type CaseResult, type RunReport } from '../../src/runner/results.js';
import { fmtDuration, isProblemVerdict, summaryLine, tally } from './format.js';
import { renderCaseFailure, renderInformational, renderLawFailure } from './failure.js';
import { renderGates } from './gates.js';
import { renderBaseline } from './baseline.js';
import { renderAgreement } from './agreement.js';
import { renderFindingSummary } from './finding-summary.js';
import { renderMatrix } from './matrix.js';
import { isLawFailure, renderKnownLaw, renderLawMatrix } from './laws.js';
import { groupedFailures } from './report-model.js';

const failures = groupedFailures;

function section(out: string[], title: string, body: string[]): void {
  if (body.length === 0) return;
  out.push(title, ...body, '');
}

/** The whole summary, ending with the `N passed, N failed[, N skipped]` line and a newline. */
export function renderEnd(report: RunReport, c: ChalkInstance): string {
  const out: string[] = [];
  const suiteCount = new Set(report.results.map((r) => r.suite)).size;

  section(out, c.bold.red(`Problems (${report.problems.length})`), report.problems.map((p) => `  ${formatProblem(p)}`));

  const failed = failures(report.results, 'gating');
  const failedLaws = report.laws.filter(isLawFailure);
  const blocks: string[] = [];
  for (const f of failed) blocks.push(...renderCaseFailure(f.result, c, suiteCount > 1 ? f.suites : undefined), '');
  for (const l of failedLaws) blocks.push(...renderLawFailure(l, c), '');
  if (blocks.length > 0) out.push(c.bold.red(`Failures (${failed.length + failedLaws.length})`), '', ...blocks);

  const info = failures(report.results, 'informational');
  const infoLaws = report.laws.filter((l) => l.informational && isProblemVerdict(l.verdict));
  section(
    out,
    c.bold.yellow(`informational metrics (not gating): ${info.length + infoLaws.length} not passing`),
    [...info.map((f) => renderInformational(f.result, c)), ...infoLaws.map((l) => renderKnownLaw(l, c))],
  );
  const known = failures(report.results, 'known');
  const knownLaws = report.laws.filter((l) => !l.informational && l.expected === 'fail' && l.verdict === 'fail');
  section(
    out,
    c.bold.yellow(`known failures (documented limitations, expected to fail): ${known.length + knownLaws.length}`),
    [...known.map((f) => renderInformational(f.result, c)), ...knownLaws.map((l) => renderKnownLaw(l, c))],
  );

  section(out, c.bold('Pass matrix (capability × metric)'), renderMatrix(report.results, c));
  section(out, c.bold('Per finding (image cases, score per image: mean ± sd)'), renderFindingSummary(report.results, c));
  section(out, c.bold('Laws (law × metric)'), renderLawMatrix(report.laws, c));
  section(out, c.bold('Agreement with raters (preference cases)'), renderAgreement(report.agreement, c));
  section(out, c.bold('Gates'), renderGates(report.gates, c));
  section(out, c.bold('Baseline'), renderBaseline(report, c));

  const t = tally(report);
  if (t.errors > 0 || t.inconclusive > 0) {
    const parts = [t.errors > 0 ? `errors: ${t.errors}` : '', t.inconclusive > 0 ? `inconclusive: ${t.inconclusive}` : ''];
    out.push(c.red(`${parts.filter(Boolean).join(', ')} (counted as failed)`));
  }
  if (report.bailed) out.push(c.yellow('bailed: the run stopped early (--bail)'));
  out.push(c.dim(`duration: ${fmtDuration(report.durationMs)}`));
  out.push(summaryLine(t));
  return `${out.join('\n')}\n`;
}
