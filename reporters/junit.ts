/**
 * JUnit XML for CI: one <testsuite> per suite, one <testcase> per case × metric
 * (classname `<suite>.<metric>`), laws in a `laws` testsuite and load problems in a
 * `problems` testsuite, so a CI view shows all of them.
 */
import { Chalk } from 'chalk';
import type { ReporterFactory } from '../src/reporting/reporter.js';
import { formatProblem, type CaseResult, type LawResult, type RunReport, type Verdict } from '../src/runner/results.js';
import { safeJson } from './_internals/format.js';
import { renderCaseFailure, renderLawFailure } from './_internals/failure.js';
import { attrs, xmlAttr, xmlText } from './_internals/xml.js';

const plain = new Chalk({ level: 0 });

interface Testcase {
  classname: string;
  name: string;
  file?: string;
  verdict: Verdict;
  message: string;
  body: string;
}

function caseTestcase(r: CaseResult): Testcase {
  const failed = r.expectations.filter((e) => !e.holds).map((e) => (e.detail ? `${e.relation}: ${e.detail}` : e.relation));
  const message = r.verdict === 'fail' && failed.length > 0 ? failed.join('; ') : (r.reason ?? r.verdict);
  return {
    classname: `${r.suite}.${r.metric}`,
    name: r.caseId,
    ...(r.file === undefined ? {} : { file: r.file }),
    verdict: r.verdict,
    message,
    body: r.verdict === 'pass' || r.verdict === 'skip' ? '' : renderCaseFailure(r, plain).slice(1).map((l) => l.replace(/^ {2}/, '')).join('\n'),
  };
}

function lawTestcase(l: LawResult): Testcase {
  const message = l.reason ?? (l.counterexample === undefined ? l.verdict : `counterexample: ${safeJson(l.counterexample)}`);
  const body = l.verdict === 'pass' || l.verdict === 'skip' ? '' : renderLawFailure(l, plain).slice(1).map((x) => x.trim()).join('\n');
  const t = { classname: `laws.${l.metric}`, name: l.law, verdict: l.verdict, message, body };
  // JUnit has no expected failure: a documented one is skipped, an unexpected pass is a failure.
  if (l.expected === 'fail' && l.verdict === 'fail') return { ...t, verdict: 'skip', message: `expected failure (known limitation): ${message}` };
  if (l.expected === 'fail' && l.verdict === 'pass') {
    return { ...t, verdict: 'fail', message: 'unexpected pass: the law is marked expected: fail for this metric', body: renderLawFailure(l, plain).slice(1).map((x) => x.trim()).join('\n') };
  }
  return t;
}

function renderTestcase(t: Testcase): string {
  const open = `    <testcase${attrs([['classname', t.classname], ['name', t.name], ['file', t.file], ['time', '0']])}`;
  const msg = xmlAttr(t.message);
  switch (t.verdict) {
    case 'pass':
      return `${open}/>`;
    case 'skip':
      return `${open}>\n      <skipped message="${msg}"/>\n    </testcase>`;
    case 'fail':
      return `${open}>\n      <failure message="${msg}" type="fail">${xmlText(t.body)}</failure>\n    </testcase>`;
    default:
      return `${open}>\n      <error message="${msg}" type="${t.verdict}">${xmlText(t.body)}</error>\n    </testcase>`;
  }
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
}

function count(cases: Testcase[]): Counts {
  const n = (v: (t: Testcase) => boolean): number => cases.filter(v).length;
  return {
    tests: cases.length,
    failures: n((t) => t.verdict === 'fail'),
    errors: n((t) => t.verdict === 'error' || t.verdict === 'inconclusive'),
    skipped: n((t) => t.verdict === 'skip'),
  };
}

const countAttrs = (c: Counts): [string, number][] => [['tests', c.tests], ['failures', c.failures], ['errors', c.errors], ['skipped', c.skipped]];

function renderSuite(name: string, cases: Testcase[]): string {
  const head = `  <testsuite${attrs([['name', name], ...countAttrs(count(cases)), ['time', '0']])}`;
  if (cases.length === 0) return `${head}/>`;
  return `${head}>\n${cases.map(renderTestcase).join('\n')}\n  </testsuite>`;
}

/** The whole document. */
export function renderJunit(report: RunReport): string {
  const suites = new Map<string, Testcase[]>();
  for (const r of report.results) {
    let list = suites.get(r.suite);
    if (!list) suites.set(r.suite, (list = []));
    list.push(caseTestcase(r));
  }
  if (report.laws.length > 0) suites.set('laws', [...(suites.get('laws') ?? []), ...report.laws.map(lawTestcase)]);
  if (report.problems.length > 0) {
    const problems = report.problems.map<Testcase>((p) => ({
      classname: 'problems',
      name: `${p.file}:${p.line}:${p.column}`,
      file: p.file,
      verdict: 'error',
      message: p.message,
      body: formatProblem(p),
    }));
    suites.set('problems', [...(suites.get('problems') ?? []), ...problems]);
  }
  const all = [...suites.values()].flat();
  const time = (report.durationMs / 1000).toFixed(3);
  const root = `<testsuites${attrs([['name', 'metric-suite'], ...countAttrs(count(all)), ['time', time]])}>`;
  const body = [...suites].map(([name, cases]) => renderSuite(name, cases));
  return ['<?xml version="1.0" encoding="UTF-8"?>', root, ...body, '</testsuites>', ''].join('\n');
}

export const createJunitReporter: ReporterFactory = (options) => ({
  onRunEnd(report) {
    options.write(renderJunit(report));
  },
});

export default createJunitReporter;
