/**
 * The markdown reporter: a report for pull requests and CI job summaries. Summary counts,
 * the gates, the capability × metric matrix, each failure (expected vs actual order with
 * scores, the clinical differences, the wording difference), informational and known
 * failures, and the laws. `github-actions` writes the same report as the job summary.
 */
import { Chalk } from 'chalk';
import type { ReporterFactory } from '../src/reporting/reporter.js';
import { formatProblem, type LawResult, type RunReport } from '../src/runner/results.js';
import { renderCaseFailure, renderLawFailure } from './_internals/failure.js';
import { fmtDuration, summaryLine } from './_internals/format.js';
import { gatingTally, informationalNote, knownFailureNote } from './_internals/standing.js';
import { isLawFailure } from './_internals/laws.js';
import { mdCode, mdFence, mdTable, mdText } from './_internals/markdown-text.js';
import { ALL_CAPABILITIES, capabilityGrid, caseLocation, cellTone, groupedFailures, lawGroups, pct, type GroupedFailure } from './_internals/report-model.js';
import { isUnexpectedPass } from '../src/runner/results.js';

const plain = new Chalk({ level: 0 });

const VERDICT_MARK: Record<string, string> = { pass: '✅', fail: '❌', error: '💥', inconclusive: '❔', skip: '⏭️' };

export interface MarkdownOptions {
  /** The top heading. */
  title?: string;
  /** Cut the report (at a section boundary where possible) to stay under this many UTF-8 bytes. */
  maxBytes?: number;
}

function failureBlock(f: GroupedFailure, suiteCount: number): string[] {
  const r = f.result;
  const lines = renderCaseFailure(r, plain, suiteCount > 1 ? f.suites : undefined);
  const loc = caseLocation(r);
  const head = `### ${VERDICT_MARK[r.verdict] ?? ''} ${r.verdict.toUpperCase()} ${mdCode(r.caseId)} · ${mdText(r.metric)}`;
  const meta = [
    ...(suiteCount > 1 ? [`suites: ${f.suites.map(mdText).join(', ')}`] : []),
    ...(loc ? [`at ${mdCode(loc)}`] : []),
  ];
  // the first rendered line repeats the heading; the rest is the diff block
  const body = lines.slice(1).map((l) => l.replace(/^ {2}/, '')).filter((l) => !l.startsWith('at '));
  return [head, '', ...(meta.length ? [meta.join(' · '), ''] : []), mdFence(body.join('\n')), ''];
}

function lawBlock(l: LawResult): string[] {
  const head = `### ${isUnexpectedPass(l) ? '❗ UNEXPECTED PASS' : `${VERDICT_MARK[l.verdict] ?? ''} ${l.verdict.toUpperCase()}`} law ${mdCode(l.law)} · ${mdText(l.metric)}`;
  return [head, '', mdFence(renderLawFailure(l, plain).slice(1).map((x) => x.replace(/^ {2}/, '')).join('\n')), ''];
}

function lawCell(l: LawResult | undefined): string {
  if (!l) return '';
  if (isUnexpectedPass(l)) return '✅❗ unexpected pass';
  if (l.verdict === 'pass') return '✅';
  if (l.verdict === 'skip') return '–';
  if (l.verdict === 'fail') return l.expected === 'fail' ? '❌ (expected)' : l.informational ? '❌ (informational)' : '❌';
  return `${VERDICT_MARK[l.verdict] ?? ''} ${l.verdict}`;
}

/** The whole markdown report, ending with the `N passed, N failed[, N skipped]` line. */
export function renderMarkdown(report: RunReport, options: MarkdownOptions = {}): string {
  const t = gatingTally(report);
  const failedGates = report.gates.filter((g) => g.state === 'fail');
  const ok = report.exitCode === 0;
  const notes = [informationalNote(report), knownFailureNote(report)].filter((x): x is string => x !== undefined);
  const sections: string[][] = [];
  const head = [
    `# ${mdText(options.title ?? 'metric-suite report')}`,
    '',
    `**${ok ? '✅ all gates pass' : report.exitCode === 1 ? `❌ ${failedGates.length} gate${failedGates.length === 1 ? '' : 's'} failed` : '❌ problems loading the run'}** · ${summaryLine(t)} · duration ${fmtDuration(report.durationMs)}${report.bailed ? ' · stopped early (--bail)' : ''}${report.interrupted ? ' · interrupted (only what completed)' : ''}`,
    '',
    ...mdTable(['passed', 'failed', 'errors', 'inconclusive', 'skipped'], [[t.passed, t.failed, t.errors, t.inconclusive, t.skipped].map(String)], ['r', 'r', 'r', 'r', 'r']),
    '',
  ];
  sections.push(head);

  if (report.problems.length > 0) {
    sections.push([`## Problems (${report.problems.length})`, '', ...report.problems.map((p) => `- ${mdCode(formatProblem(p))}`), '']);
  }

  if (report.gates.length > 0) {
    const rows = report.gates.map((g) => {
      const notRun = g.state === 'not run';
      const notes = [
        ...(notRun ? [`not run: ${mdText(g.reason ?? 'nothing to score')}`] : []),
        ...(g.informational ? ['informational (not gating)'] : []),
        ...(g.failedRequired.length ? [`required failed: ${g.failedRequired.map(mdCode).join(', ')}`] : []),
        ...(g.unexpectedPasses.length ? [`unexpected passes: ${g.unexpectedPasses.map(mdCode).join(', ')}`] : []),
        ...(g.failedLaws?.length ? [`failed laws: ${g.failedLaws.map(mdCode).join(', ')}`] : []),
        ...(g.agreement?.length ? [`agreement: ${g.agreement.map((k) => `${k.stat} ${k.value === null ? 'n/a' : k.value.toFixed(3)} ${k.holds ? '≥' : '<'} ${k.min}`).join(', ')}`] : []),
        // the reason's parts the columns and notes above do not already say (the pass rate, required cases, laws, agreement)
        ...(g.reason && !notRun ? uncovered(g.reason).map(mdText) : []),
      ];
      return [
        notRun ? '⏸️ not run' : g.informational ? 'ℹ️' : g.state === 'fail' ? '❌' : '✅',
        mdText(g.suite),
        mdText(g.metric),
        notRun ? '–' : pct(g.passRate),
        pct(g.minPassRate),
        String(g.counts.passed),
        String(g.counts.failed),
        String(g.counts.errors),
        String(g.counts.skipped),
        notes.join('; '),
      ];
    });
    sections.push([
      '## Gates',
      '',
      ...mdTable(['', 'suite', 'metric', 'pass rate', 'min', 'passed', 'failed', 'errors', 'skipped', 'notes'], rows, ['c', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'l']),
      '',
    ]);
  }

  // cells marked by gate outcome: ❌ misses of a failing gate, ✅ a passing gate, ℹ️ informational only
  const grid = capabilityGrid(report.results, report.gates);
  if (grid.rows.length > 0) {
    const mark = { fail: '❌', pass: '✅', informational: 'ℹ️', empty: '' } as const;
    const rows = grid.rows.map((row) => [
      row === ALL_CAPABILITIES ? `**${mdText(row)}**` : mdText(row),
      ...grid.metrics.map((m) => {
        const c = grid.cell(row, m);
        if (c.total === 0) return c.skipped > 0 ? 'skipped' : '–';
        return `${mark[cellTone(c)]} ${c.passed}/${c.total}`;
      }),
    ]);
    sections.push(['## Capability × metric', '', '_✅ gate passes · ❌ gate fails · ℹ️ informational (not gating)_', '', ...mdTable(['capability', ...grid.metrics.map(mdText)], rows), '']);
  }

  const suiteCount = new Set(report.results.map((r) => r.suite)).size;
  const failed = groupedFailures(report.results, 'gating');
  const laws = lawGroups(report.laws);
  if (failed.length + laws.failed.length > 0) {
    const blocks = [...failed.flatMap((f) => failureBlock(f, suiteCount)), ...laws.failed.flatMap(lawBlock)];
    sections.push([`## Failures (${failed.length + laws.failed.length})`, '', ...blocks]);
  }

  const listed = (title: string, fs: GroupedFailure[], ls: LawResult[]): void => {
    if (fs.length + ls.length === 0) return;
    const items = [
      ...fs.map(({ result: r }) => {
        const why = r.expectations.filter((e) => !e.holds).map((e) => e.relation);
        const what = r.verdict === 'fail' && why.length ? why.map(mdCode).join(', ') : `${r.verdict}${r.reason ? `: ${mdText(r.reason)}` : ''}`;
        return `- ${mdCode(r.caseId)} · ${mdText(r.metric)} — ${what}`;
      }),
      ...ls.map((l) => `- law ${mdCode(l.law)} · ${mdText(l.metric)} — ${l.verdict}${l.reason ? `: ${mdText(l.reason)}` : ''} (seed ${l.seed}${l.path ? `, path ${mdCode(l.path)}` : ''})`),
    ];
    sections.push([`## ${title} (${fs.length + ls.length})`, '', ...items, '']);
  };
  listed('Informational metrics, not gating', groupedFailures(report.results, 'informational'), laws.informational);
  listed('Known failures, expected to fail', groupedFailures(report.results, 'known'), laws.known);

  if (report.laws.length > 0) {
    const metrics = [...new Set(report.laws.map((l) => l.metric))];
    const names = [...new Set(report.laws.map((l) => l.law))];
    const rows = names.map((law) => [mdCode(law), ...metrics.map((m) => lawCell(report.laws.findLast((l) => l.law === law && l.metric === m)))]);
    const failing = report.laws.filter(isLawFailure).length;
    sections.push([`## Laws (${report.laws.length} results, ${failing} failing)`, '', ...mdTable(['law', ...metrics.map(mdText)], rows), '']);
  }

  // markdown joins adjacent lines: the notes end with a hard break (two spaces)
  const last = [...notes.map((n) => `${mdText(n)}  `), summaryLine(t), ''];
  return fit(sections, last, options.maxBytes);
}

/** Joins the sections, dropping whole trailing sections (then cutting) to stay under maxBytes. */
function fit(sections: string[][], last: string[], maxBytes: number | undefined): string {
  const full = [...sections.flat(), ...last].join('\n');
  if (maxBytes === undefined || Buffer.byteLength(full) <= maxBytes) return full;
  const note = '_The report was cut to fit the size limit; see the full report (`--reporter markdown`, `json` or `html`)._';
  const budget = maxBytes - Buffer.byteLength([note, '', ...last].join('\n')) - 2;
  const kept: string[] = [];
  let used = 0;
  for (const s of sections) {
    const text = s.join('\n');
    const size = Buffer.byteLength(text) + 1;
    if (used + size > budget) break;
    kept.push(text);
    used += size;
  }
  let body = kept.join('\n');
  if (kept.length === 0) body = Buffer.from(sections.flat().join('\n')).subarray(0, Math.max(0, budget)).toString('utf8').replace(/\uFFFD+$/, '');
  return [body, note, '', ...last].join('\n');
}

export const createMarkdownReporter: ReporterFactory = (options) => ({
  onRunEnd(report) {
    options.write(renderMarkdown(report));
  },
});

export default createMarkdownReporter;

/** Parts of a gate's reason that its table row does not show otherwise. */
function uncovered(reason: string): string[] {
  const covered = /^(pass rate [\d.]+% < [\d.]+%|required cases did not pass: |laws did not pass: |known failures now pass |agreement )/;
  return reason.split('; ').filter((part) => !covered.test(part));
}
