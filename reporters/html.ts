/**
 * The html reporter: ONE self-contained file (inline CSS, SVG and JS, no network) rendered with
 * handlebars from reporters/templates/: the summary line, the capability × metric heat-map
 * (cells coloured by gate outcome, click to filter), plots as inline SVG (score distributions
 * of each capability, agreement with raters of preference suites, the per-finding chart of
 * image suites), the gates, the cases (a failing one opens on its failing relations and their
 * word diffs; raw JSON behind a toggle) and the laws. Past a few thousand results passing
 * cases are summarised and failures stay in full (html-cases.ts), so the file stays small.
 * Elements carry ids and data attributes for tests and scripts:
 * `#heatmap td.cell[data-capability][data-metric][data-pass-rate]`, `.case[data-case-id]`,
 * `#plots figure.plot[data-plot]`, `#gates .gate`, `#laws .law[data-law]`, the agreement with
 * raters (`#agreement .agreement-table[data-suite][data-metric]`, rows
 * `.agreement-row[data-metric][data-rater]`, `.inter-rater`), and `html[data-ready="true"]`
 * once the script ran.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Chalk } from 'chalk';
import Handlebars from 'handlebars';
import type { ReporterFactory } from '../src/reporting/reporter.js';
import { formatProblem, isUnexpectedPass, type LawResult, type RunReport, type Verdict } from '../src/runner/results.js';
import { packageRoot, packageVersion } from '../src/util/package-root.js';
import { renderLawFailure } from './_internals/failure.js';
import { fmtDuration, isProblemVerdict, summaryLine } from './_internals/format.js';
import { agreementViews, fixed } from './_internals/html-agreement.js';
import { CASE_LIMITS, casesSection, type CaseLimits } from './_internals/html-cases.js';
import { isLawFailure } from './_internals/laws.js';
import { agreementFigures } from './_internals/plots/agreement-chart.js';
import { distributionFigures } from './_internals/plots/distribution.js';
import { findingFigure } from './_internals/plots/finding-chart.js';
import { ALL_CAPABILITIES, capabilityGrid, cellTone, pct } from './_internals/report-model.js';
import { colorOf } from './_internals/svg.js';
import { gatingTally, informationalNote, knownFailureNote } from './_internals/standing.js';

const plain = new Chalk({ level: 0 });

/** Where the templates live, relative to the package root (tsc does not copy them to dist). */
export const TEMPLATE_DIR = 'reporters/templates';

const compiled = new Map<string, Handlebars.TemplateDelegate>();

function template(name: 'html-report' | 'html-case'): Handlebars.TemplateDelegate {
  let t = compiled.get(name);
  if (!t) {
    const file = path.join(packageRoot(), TEMPLATE_DIR, `${name}.hbs`);
    compiled.set(name, (t = Handlebars.create().compile(readFileSync(file, 'utf8'), { preventIndent: true })));
  }
  return t;
}

/** Cell colours by gate outcome: a failing gate's misses, a passing gate, informational only. */
export const TONE_COLOR = { fail: 'hsl(0, 70%, 42%)', pass: 'hsl(120, 55%, 33%)', informational: 'hsl(210, 12%, 52%)' } as const;

/** Red (0%) through yellow to green (100%). */
export function heatColor(passRate: number): string {
  const p = Math.min(1, Math.max(0, passRate));
  const hue = Math.round(p * 120);
  const light = p > 0.5 ? Math.round(42 - (p - 0.5) * 14) : 42;
  return `hsl(${hue}, 70%, ${light}%)`;
}

function lawCell(l: LawResult | undefined): { text: string; cls: string; verdict: string } {
  if (!l) return { text: '', cls: 'muted', verdict: '' };
  const v: Verdict = l.verdict;
  if (isUnexpectedPass(l)) return { text: '✓ unexpected pass', cls: 'bad', verdict: v };
  if (v === 'pass') return { text: '✓', cls: 'ok', verdict: v };
  if (v === 'skip') return { text: '–', cls: 'muted', verdict: v };
  if (v === 'fail' && (l.expected === 'fail' || l.informational)) return { text: `✗ (${l.expected === 'fail' ? 'expected' : 'informational'})`, cls: 'warn', verdict: v };
  return { text: v === 'fail' ? '✗' : v, cls: isLawFailure(l) ? 'bad' : 'warn', verdict: v };
}

/** The template's data. */
export function htmlView(report: RunReport, title = 'metric-suite report', limits: CaseLimits = CASE_LIMITS) {
  const t = gatingTally(report);
  const grid = capabilityGrid(report.results, report.gates);
  const failedGates = report.gates.filter((g) => g.state === 'fail').length;
  const lawMetrics = [...new Set(report.laws.map((l) => l.metric))];
  // one colour per metric in every plot, in the heat-map's column order
  const color = (metric: string): string => colorOf(Math.max(0, grid.metrics.indexOf(metric)));
  let version = '';
  try {
    version = packageVersion();
  } catch {
    version = '';
  }
  return {
    title,
    version,
    ok: report.exitCode === 0,
    exitCode: report.exitCode,
    statusText:
      report.exitCode === 0 ? 'all gates pass' : report.exitCode === 1 ? `${failedGates} gate${failedGates === 1 ? '' : 's'} failed` : 'problems loading the run',
    duration: fmtDuration(report.durationMs),
    summaryLine: summaryLine(t) + (report.bailed ? ' (stopped early: --bail)' : '') + (report.interrupted ? ' (interrupted: only what completed)' : ''),
    // what "failed" holds, when it is more than failed expectations
    failedDetail: t.errors + t.inconclusive > 0 ? `failed: ${[`${t.failed} fail`, t.errors ? `${t.errors} error` : '', t.inconclusive ? `${t.inconclusive} inconclusive` : ''].filter(Boolean).join(', ')}` : '',
    notes: [informationalNote(report), knownFailureNote(report)].filter((x): x is string => x !== undefined),
    problems: report.problems.map(formatProblem),
    agreement: agreementViews(report.agreement),
    plots: {
      distributions: distributionFigures(report.results, color),
      agreement: agreementFigures(report.agreement, color),
      findings: findingFigure(report.results, color),
    },
    heatmap: {
      metrics: grid.metrics,
      rows: grid.rows.map((capability) => ({
        capability,
        all: capability === ALL_CAPABILITIES,
        cells: grid.metrics.map((metric) => {
          const c = grid.cell(capability, metric);
          const empty = c.passRate === undefined;
          const tone = cellTone(c);
          return {
            metric,
            passed: c.passed,
            total: c.total,
            passRate: empty ? '' : c.passRate!.toFixed(4),
            empty,
            tone,
            style: tone === 'empty' ? '' : `background:${TONE_COLOR[tone]}`,
            text: empty ? (c.skipped > 0 ? 'skipped' : '–') : `${c.passed}/${c.total}`,
            tooltip: empty
              ? `${capability} × ${metric}: nothing ran`
              : `${capability} × ${metric}: ${c.passed} of ${c.total} passed (${pct(c.passRate!)})${c.skipped ? `, ${c.skipped} skipped` : ''}; ${tone === 'fail' ? 'its gate fails' : tone === 'informational' ? 'informational, not gating' : 'its gate passes'}`,
          };
        }),
      })),
    },
    gates: report.gates.map((g) => ({
      ...g,
      state: g.state ?? (g.passed ? 'pass' : 'fail'),
      mark: g.state === 'not run' ? '○' : g.informational ? '·' : g.passed ? '✓' : '✗',
      cls: g.state === 'not run' ? 'warn' : g.informational ? 'muted' : g.passed ? 'ok' : 'bad',
      passRate: g.state === 'not run' ? '' : pct(g.passRate),
      minPassRate: pct(g.minPassRate),
      notes: [
        ...(g.state === 'not run' ? [`not run: ${g.reason ?? 'nothing to score'}`] : []),
        ...(g.informational ? ['informational (not gating)'] : []),
        ...(g.failedRequired.length ? [`required failed: ${g.failedRequired.join(', ')}`] : []),
        ...(g.unexpectedPasses.length ? [`unexpected passes: ${g.unexpectedPasses.join(', ')}`] : []),
        ...(g.failedLaws?.length ? [`failed laws: ${g.failedLaws.join(', ')}`] : []),
        ...(g.agreement?.length ? [`agreement: ${g.agreement.map((k) => `${k.stat} ${fixed(k.value)} ${k.holds ? '≥' : '<'} ${k.min}`).join(', ')}`] : []),
        ...(g.reason && g.state !== 'not run' ? [g.reason] : []),
      ].join('; '),
    })),
    cases: casesSection(report.results, (v) => template('html-case')(v), limits, report.gates),
    laws: {
      metrics: lawMetrics,
      rows: [...new Set(report.laws.map((l) => l.law))].map((law) => ({
        law,
        cells: lawMetrics.map((metric) => ({ metric, ...lawCell(report.laws.findLast((l) => l.law === law && l.metric === metric)) })),
      })),
      blocks: report.laws
        .filter((l) => isLawFailure(l) || (isProblemVerdict(l.verdict) && l.verdict !== 'skip'))
        .map((l) => {
          const lines = renderLawFailure(l, plain);
          return {
            law: l.law,
            metric: l.metric,
            cls: isLawFailure(l) ? 'bad' : 'warn',
            head: lines[0]!,
            text: lines.slice(1).map((x) => x.replace(/^ {2}/, '')).join('\n'),
          };
        }),
    },
  };
}

/** The whole page. */
export function renderHtml(report: RunReport, title?: string, limits?: CaseLimits): string {
  return renderHtmlView(htmlView(report, title, limits));
}

/** A page from a view already built (tests inspect the view and the page of one run). */
export function renderHtmlView(view: ReturnType<typeof htmlView>): string {
  return template('html-report')(view);
}

export const createHtmlReporter: ReporterFactory = (options) => ({
  onRunEnd(report) {
    options.write(renderHtml(report));
  },
});

export default createHtmlReporter;
