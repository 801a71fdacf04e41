/**
 * The html reporter: ONE self-contained file (inline CSS and JS, no network) rendered with
 * handlebars from reporters/templates/html-report.hbs: the capability × metric heat-map
 * (cells coloured by pass rate, click to filter), per-case details (scores in actual order,
 * expectations, clinical differences, a word diff of each candidate against the reference),
 * the gates and the laws. Elements carry ids and data attributes for tests and scripts:
 * `#heatmap td.cell[data-capability][data-metric][data-pass-rate]`, `.case[data-case-id]`,
 * `#gates .gate`, `#laws .law[data-law]`, the agreement with raters of preference suites
 * (`#agreement .agreement-table[data-suite][data-metric]`, rows `.agreement-row[data-metric][data-rater]`,
 * `.inter-rater`), and `html[data-ready="true"]` once the script ran.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Chalk } from 'chalk';
import { diffWords } from 'diff';
import Handlebars from 'handlebars';
import type { ReporterFactory } from '../src/reporting/reporter.js';
import type { AgreementResult } from '../src/runner/agreement.js';
import { formatProblem, isUnexpectedPass, type CaseResult, type LawResult, type RunReport, type Verdict } from '../src/runner/results.js';
import { packageRoot, packageVersion } from '../src/util/package-root.js';
import { renderLawFailure } from './_internals/failure.js';
import { fmtDuration, fmtScore, isProblemVerdict, orderCandidates, safeJson, summaryLine } from './_internals/format.js';
import { isLawFailure } from './_internals/laws.js';
import { expectedChain } from './_internals/relations.js';
import { ALL_CAPABILITIES, NO_CAPABILITY, capabilityGrid, caseLocation, cellTone, failureGroupOf, pct } from './_internals/report-model.js';
import { gatingTally, informationalNote, knownFailureNote } from './_internals/standing.js';
import { wordDiff } from './_internals/word-diff.js';

const plain = new Chalk({ level: 0 });

/** Where the templates live, relative to the package root (tsc does not copy them to dist). */
export const TEMPLATE_DIR = 'reporters/templates';

let compiled: Handlebars.TemplateDelegate | undefined;

function template(): Handlebars.TemplateDelegate {
  if (!compiled) {
    const file = path.join(packageRoot(), TEMPLATE_DIR, 'html-report.hbs');
    const hb = Handlebars.create();
    compiled = hb.compile(readFileSync(file, 'utf8'), { preventIndent: true });
  }
  return compiled;
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

const STATUS_TEXT: Record<string, string> = { fail: 'FAIL', warn: 'NOT GATING', pass: 'PASS', skip: 'SKIP' };

/** A case's status: `fail` when a gating result did not pass, `warn` for informational / known failures only. */
function caseStatus(results: CaseResult[]): 'fail' | 'warn' | 'pass' | 'skip' {
  if (results.some((r) => isProblemVerdict(r.verdict) && failureGroupOf(r) === 'gating')) return 'fail';
  if (results.some((r) => isProblemVerdict(r.verdict))) return 'warn';
  if (results.every((r) => r.verdict === 'skip')) return 'skip';
  return 'pass';
}

function wordDiffParts(from: string, to: string): { text: string; del: boolean; ins: boolean }[] {
  return diffWords(from, to).map((c) => ({ text: c.value, del: Boolean(c.removed), ins: Boolean(c.added) }));
}

function resultView(r: CaseResult, suites: string[]) {
  const ranked = orderCandidates(r);
  const order = ranked.map((c) => c.label);
  return {
    metric: r.metric,
    verdict: r.verdict,
    suites,
    informational: Boolean(r.informational),
    knownFailure: Boolean(r.knownFailure),
    reason: r.reason,
    scores: ranked.map((c) => ({ label: c.label, value: c.score === undefined ? (c.error === undefined ? 'n/a' : 'error') : fmtScore(c.score), error: c.error })),
    expected: r.expectations.length > 1 ? expectedChain(r.expectations) : '',
    expectations: r.expectations.map((e) => ({ relation: e.relation, holds: e.holds, detail: e.detail })),
    clinical: r.clinical
      ? order.filter((l) => r.clinical![l] !== undefined).map((l) => ({ label: l, text: r.clinical![l]!.length ? r.clinical![l]!.join('; ') : 'none' }))
      : [],
    details: r.details && Object.keys(r.details).length ? safeJson(r.details, 2) : '',
  };
}

function caseViews(results: CaseResult[]) {
  const byCase = new Map<string, CaseResult[]>();
  for (const r of results) {
    let list = byCase.get(r.caseId);
    if (!list) byCase.set(r.caseId, (list = []));
    list.push(r);
  }
  const anchors = new Set<string>();
  const views = [];
  for (const [id, list] of byCase) {
    // one row per metric × verdict, listing the suites that agree (a case shared by suites shows once)
    const rows = new Map<string, { r: CaseResult; suites: string[] }>();
    for (const r of list) {
      const key = `${r.metric}\u0000${r.verdict}`;
      const row = rows.get(key);
      if (row) {
        if (!row.suites.includes(r.suite)) row.suites.push(r.suite);
      } else rows.set(key, { r, suites: [r.suite] });
    }
    const first = list[0]!;
    const texts = list.find((r) => r.texts)?.texts;
    const status = caseStatus(list);
    let anchor = id.replace(/[^A-Za-z0-9_-]+/g, '-');
    for (let i = 2; anchors.has(anchor); i++) anchor = `${id.replace(/[^A-Za-z0-9_-]+/g, '-')}-${i}`;
    anchors.add(anchor);
    views.push({
      id,
      anchor,
      title: first.title,
      capability: first.capability ?? NO_CAPABILITY,
      kind: first.kind,
      location: caseLocation(first),
      suites: [...new Set(list.map((r) => r.suite))],
      metricList: [...new Set(list.map((r) => r.metric))].join(' '),
      status,
      statusText: STATUS_TEXT[status],
      statusCls: status === 'fail' ? 'bad' : status === 'warn' ? 'warn' : status === 'pass' ? 'ok' : 'muted',
      open: status === 'fail',
      results: [...rows.values()].map(({ r, suites }) => resultView(r, suites)),
      texts: texts
        ? {
            reference: texts.reference,
            candidates: Object.entries(texts.candidates).map(([label, text]) => ({
              label,
              parts: wordDiffParts(texts.reference, text),
              summary: wordDiff(texts.reference, text),
            })),
          }
        : undefined,
    });
  }
  // failing cases first, then case order
  const rank = { fail: 0, warn: 1, pass: 2, skip: 3 } as const;
  return views.map((v, i) => ({ v, i })).sort((a, b) => rank[a.v.status] - rank[b.v.status] || a.i - b.i).map(({ v }) => v);
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

const fixed = (x: number | null, digits = 3): string => (x === null ? '—' : x.toFixed(digits));
const share = (x: number | null): string => (x === null ? '—' : pct(x));

/** "Agreement with raters" (preference suites): one table per suite × metric, as the default reporter's block. */
function agreementViews(entries: readonly AgreementResult[] | undefined) {
  if (!entries || entries.length === 0) return [];
  return entries.map((a) => {
    const m = a.majority;
    const ci = a.tauB.low === null || a.tauB.high === null ? '' : `[${fixed(a.tauB.low)}, ${fixed(a.tauB.high)}]`;
    const row = (
      rater: string,
      majority: boolean,
      acc: { withoutTies: number | null; withTies: number | null; correct: number; pairs: number; correctUntied: number; untiedPairs: number },
      tauB: number | null,
      extra: { ci: string; noMajority: number },
    ) => ({
      rater,
      majority,
      accuracy: acc.withoutTies === null ? '' : String(acc.withoutTies),
      accuracyText: share(acc.withoutTies),
      untied: `${acc.correctUntied}/${acc.untiedPairs}`,
      accuracyWithTies: acc.withTies === null ? '' : String(acc.withTies),
      accuracyWithTiesText: share(acc.withTies),
      all: `${acc.correct}/${acc.pairs}`,
      tauB: tauB === null ? '' : String(tauB),
      tauBText: fixed(tauB),
      ci: extra.ci,
      noMajority: extra.noMajority,
    });
    const ir = a.interRater;
    return {
      suite: a.suite,
      metric: a.metric,
      cases: a.cases,
      pairs: a.pairs,
      ciText: `${Math.round(a.tauB.confidence * 100)}% bootstrap CI, ${a.tauB.resamples} case resamples, seed ${a.tauB.seed}`,
      rows: [row('majority', true, m, a.tauB.value, { ci, noMajority: m.noMajority }), ...a.raters.map((r) => row(r.rater, false, r, r.tauB, { ci: '', noMajority: 0 }))],
      interRater: ir.pairs.length
        ? {
            agreement: ir.meanAgreement === null ? '' : String(ir.meanAgreement),
            agreementText: share(ir.meanAgreement),
            withoutTiesText: share(ir.meanAgreementWithoutTies),
            tauBText: fixed(ir.meanTauB),
            pairs: ir.pairs.map((p) => ({ raters: p.raters.join(' · '), tauBText: fixed(p.tauB) })),
          }
        : undefined,
    };
  });
}

/** The template's data. */
export function htmlView(report: RunReport, title = 'metric-suite report') {
  const t = gatingTally(report);
  const grid = capabilityGrid(report.results, report.gates);
  const failedGates = report.gates.filter((g) => g.state === 'fail').length;
  const lawMetrics = [...new Set(report.laws.map((l) => l.metric))];
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
    counts: t,
    duration: fmtDuration(report.durationMs),
    summaryLine: summaryLine(t) + (report.bailed ? ' (stopped early: --bail)' : '') + (report.interrupted ? ' (interrupted: only what completed)' : ''),
    notes: [informationalNote(report), knownFailureNote(report)].filter((x): x is string => x !== undefined),
    problems: report.problems.map(formatProblem),
    agreement: agreementViews(report.agreement),
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
    cases: caseViews(report.results),
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
export function renderHtml(report: RunReport, title?: string): string {
  return template()(htmlView(report, title));
}

export const createHtmlReporter: ReporterFactory = (options) => ({
  onRunEnd(report) {
    options.write(renderHtml(report));
  },
});

export default createHtmlReporter;
