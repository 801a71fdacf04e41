/**
 * The github-actions reporter: workflow-command annotations on the case file lines
 * (`::error file=…,line=…,col=…,title=…::message`) and a markdown job summary appended to
 * the file named by GITHUB_STEP_SUMMARY. Gating failures, failing laws, failed gates and load
 * problems are errors (so a passing run has none); an informational metric gets one notice
 * (not one per case), a known-failure list one notice, a gate that did not run one notice
 * with its reason.
 * Use it next to a text reporter: `--reporter default --reporter github-actions`.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { Chalk } from 'chalk';
import { neutralised } from '../src/reporting/neutralised.js';
import type { Reporter, ReporterFactory, ReporterOptions } from '../src/reporting/reporter.js';
import { isUnexpectedPass, type CaseResult, type LawResult, type Problem, type RunReport } from '../src/runner/results.js';
import { renderCaseFailure, renderLawFailure } from './_internals/failure.js';
import { groupedFailures, lawGroups, pct, type GroupedFailure } from './_internals/report-model.js';
import { gateIndex, notPassingByMetric, toleratedBy } from './_internals/standing.js';
import { otherReasons } from './_internals/gates.js';
import { renderMarkdown } from './markdown.js';

const plain = new Chalk({ level: 0 });

/** GitHub caps a step summary at 1 MiB; stay under it. */
export const SUMMARY_LIMIT = 1024 * 1024 - 1024;

/** Escapes a workflow command's message: `%`, `\r`, `\n`. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a workflow command's property value: as data, plus `:` and `,`. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface Annotation {
  level: AnnotationLevel;
  message: string;
  file?: string;
  line?: number;
  col?: number;
  title?: string;
}

/** `::error file=a.yaml,line=3,col=1,title=…::message` */
export function formatAnnotation(a: Annotation): string {
  const props: string[] = [];
  if (a.file) props.push(`file=${escapeProperty(a.file)}`);
  if (a.file && a.line !== undefined && a.line > 0) {
    props.push(`line=${a.line}`);
    if (a.col !== undefined && a.col > 0) props.push(`col=${a.col}`);
  }
  if (a.title) props.push(`title=${escapeProperty(a.title)}`);
  return `::${a.level}${props.length ? ` ${props.join(',')}` : ''}::${escapeData(a.message)}`;
}

export interface GithubActionsOptions {
  /** The environment (GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE); process.env when not given. */
  env?: Record<string, string | undefined>;
  /** Appends to the summary file; node's appendFileSync when not given. */
  appendFile?: (file: string, text: string) => void;
  /** Base for relative annotation paths when GITHUB_WORKSPACE is unset; process.cwd() when not given. */
  cwd?: string;
}

/** A path as GitHub wants it: relative to the workspace, forward slashes. */
function annotationPath(file: string, base: string): string {
  let p = file;
  if (path.isAbsolute(p)) {
    const rel = path.relative(base, p);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) p = rel;
  }
  return p.replace(/\\/g, '/');
}

function caseAnnotation(f: GroupedFailure, level: AnnotationLevel, note: string, suiteCount: number, base: string): Annotation {
  const r: CaseResult = f.result;
  const lines = renderCaseFailure(r, plain, suiteCount > 1 ? f.suites : undefined).slice(1);
  const title = `${r.verdict.toUpperCase()}${note} ${r.caseId} [${r.metric}]`;
  return {
    level,
    title,
    message: lines.map((l) => l.replace(/^ {2}/, '')).filter((l) => !l.startsWith('at ')).join('\n') || r.verdict,
    ...(r.file ? { file: annotationPath(r.file, base), ...(r.line !== undefined ? { line: r.line } : {}), ...(r.column !== undefined ? { col: r.column } : {}) } : {}),
  };
}

function lawAnnotation(l: LawResult, level: AnnotationLevel, note: string): Annotation {
  const head = isUnexpectedPass(l) ? 'UNEXPECTED PASS' : l.verdict.toUpperCase();
  return {
    level,
    title: `${head}${note} law ${l.law} [${l.metric}]`,
    message: renderLawFailure(l, plain).slice(1).map((x) => x.replace(/^ {2}/, '')).join('\n') || l.verdict,
  };
}

function problemAnnotation(p: Problem, base: string): Annotation {
  if (p.line <= 0) return { level: 'error', title: 'metric-suite', message: `${p.file}: ${p.message}` };
  return { level: 'error', file: annotationPath(p.file, base), line: p.line, col: p.column, title: 'metric-suite: problem', message: p.message };
}

/** Every annotation of a run, errors first. */
export function annotations(report: RunReport, base: string): Annotation[] {
  const suiteCount = new Set(report.results.map((r) => r.suite)).size;
  const laws = lawGroups(report.laws);
  const gateOf = gateIndex(report.gates);
  // a miss its gate tolerates (minPassRate below 1) is a warning: only what fails the run is an error
  const tolerated = (r: { suite?: string; metric: string }) => toleratedBy(r, gateOf) !== undefined;
  const gating = groupedFailures(report.results, 'gating');
  const out: Annotation[] = [
    // an interrupted run (exit 130) covers only what completed: the log must say so even when all of it passed
    ...(report.interrupted ? [{ level: 'warning' as const, title: 'metric-suite: interrupted', message: 'the results cover only what completed before the signal (SIGINT/SIGTERM)' }] : []),
    ...report.problems.map((p) => problemAnnotation(p, base)),
    ...gating.filter((f) => !tolerated(f.result)).map((f) => caseAnnotation(f, 'error', '', suiteCount, base)),
    ...laws.failed.filter((l) => !tolerated(l)).map((l) => lawAnnotation(l, 'error', '')),
  ];
  for (const g of report.gates) {
    if (g.state === 'not run') continue;
    if (g.passed || g.informational) continue;
    // the gate's reason names everything that failed (pass rate, required cases, laws...); a line each, the rate once
    const rate = `pass rate ${pct(g.passRate)} ${g.passRate >= g.minPassRate ? '>=' : '<'} ${pct(g.minPassRate)}`;
    const why = g.reason
      ? [rate, ...(otherReasons(g.reason)?.split('; ') ?? [])]
      : [
          rate,
          ...(g.failedRequired.length ? [`required failed: ${g.failedRequired.join(', ')}`] : []),
          ...(g.unexpectedPasses.length ? [`unexpected passes (update the known failures): ${g.unexpectedPasses.join(', ')}`] : []),
          ...(g.failedLaws?.length ? [`failed laws: ${g.failedLaws.join(', ')}`] : []),
        ];
    out.push({ level: 'error', title: `gate failed: ${g.suite} · ${g.metric}`, message: why.join('\n') });
  }
  out.push(
    ...gating.filter((f) => tolerated(f.result)).map((f) => caseAnnotation(f, 'warning', ' (within the gate)', suiteCount, base)),
    ...laws.failed.filter((l) => tolerated(l)).map((l) => lawAnnotation(l, 'warning', ' (within the gate)')),
  );
  for (const g of report.gates) {
    if (g.state === 'not run') out.push({ level: 'notice', title: `gate not run: ${g.suite} · ${g.metric}`, message: g.reason ?? 'nothing to score' });
  }
  const standingNote = (standing: 'informational' | 'known failure', title: (metric: string) => string, what: string): void => {
    for (const [metric, n] of notPassingByMetric(report, standing)) {
      const parts = [n.cases ? `${n.cases} case${n.cases === 1 ? '' : 's'}` : '', n.laws ? `${n.laws} law${n.laws === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
      out.push({ level: 'notice', title: title(metric), message: `${parts} ${what}` });
    }
  };
  standingNote('informational', (m) => `informational: ${m} (not gating)`, 'not passing; see the job summary or --reporter verbose');
  standingNote('known failure', (m) => `known failures: ${m} (not gating)`, 'failing as documented in the suite');
  return out;
}

/** A github-actions reporter factory with its environment injected (tests). */
export function makeGithubActionsReporter(deps: GithubActionsOptions = {}): ReporterFactory {
  return neutralised((options: ReporterOptions): Reporter => {
    // read at creation, as the CLI creates reporters once per run
    const env = deps.env ?? process.env;
    const summaryFile = env.GITHUB_STEP_SUMMARY;
    const base = env.GITHUB_WORKSPACE || deps.cwd || process.cwd();
    const append = deps.appendFile ?? ((file: string, text: string) => appendFileSync(file, text));
    return {
      onRunEnd(report) {
        const lines = annotations(report, base).map(formatAnnotation);
        if (summaryFile) {
          try {
            append(summaryFile, `${renderMarkdown(report, { maxBytes: SUMMARY_LIMIT })}\n`);
          } catch (e) {
            lines.push(formatAnnotation({ level: 'warning', title: 'metric-suite', message: `cannot write the job summary to ${summaryFile}: ${(e as Error).message}` }));
          }
        }
        if (lines.length > 0) options.write(`${lines.join('\n')}\n`);
      },
    };
  });
}

export const createGithubActionsReporter: ReporterFactory = (options) => makeGithubActionsReporter()(options);

export default createGithubActionsReporter;
