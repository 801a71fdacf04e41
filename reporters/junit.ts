/**
 * JUnit XML for CI: one <testsuite> per suite, one <testcase> per case × metric
 * (classname `<suite>.<metric>`), laws in a `laws` testsuite, every gate in a `gates`
 * testsuite and load problems in a `problems` testsuite. JUnit has no "not gating": results
 * that do not decide the exit code (informational metrics, known failures, expected-fail laws)
 * are `<skipped>` with the reason and a `metric-suite.verdict` property, so a CI dashboard
 * counts failures exactly when the run fails; a gate that did not run is skipped with its reason.
 * An interrupted run (SIGINT/SIGTERM) ends with an `interrupted` testsuite holding one error.
 */
import { Chalk } from 'chalk';
import type { ReporterFactory } from '../src/reporting/reporter.js';
import { formatProblem, type CaseResult, type GateResult, type LawResult, type RunReport, type Verdict } from '../src/runner/results.js';
import { caseStanding, gateIndex, toleratedBy } from './_internals/standing.js';
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
  /** `<properties>`: the real verdict and standing of a result reported as skipped. */
  properties?: [string, string][];
  /** The `type` of an `<error>` when it is not the verdict. */
  errorType?: string;
}

/** A non-passing result that does not gate: skipped, with the reason and its real verdict. */
function notGating(t: Testcase, standing: string, why = `${standing} (not gating)`): Testcase {
  if (t.verdict === 'pass' || t.verdict === 'skip') return t;
  return { ...t, verdict: 'skip', message: `${why}: ${t.verdict}: ${t.message}`, properties: [['metric-suite.verdict', t.verdict], ['metric-suite.standing', standing]] };
}

function caseTestcase(r: CaseResult, gateOf: GateLookup): Testcase {
  const t = gatingCaseTestcase(r);
  const standing = caseStanding(r);
  if (standing !== 'gating') return notGating(t, standing);
  const tolerated = toleratedBy(r, gateOf);
  return tolerated ? notGating(t, 'gating', tolerated) : t;
}

function gatingCaseTestcase(r: CaseResult): Testcase {
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

type GateLookup = ReturnType<typeof gateIndex>;

function lawTestcase(l: LawResult, gateOf: GateLookup): Testcase {
  const message = l.reason ?? (l.counterexample === undefined ? l.verdict : `counterexample: ${safeJson(l.counterexample)}`);
  const body = l.verdict === 'pass' || l.verdict === 'skip' ? '' : renderLawFailure(l, plain).slice(1).map((x) => x.trim()).join('\n');
  const t = { classname: `laws.${l.metric}`, name: l.law, verdict: l.verdict, message, body };
  // JUnit has no expected failure: a documented one is skipped, an unexpected pass is a failure.
  if (l.informational) return notGating(t, 'informational');
  if (l.expected === 'fail' && l.verdict !== 'pass') return notGating({ ...t, message: `expected failure (known limitation): ${message}` }, 'known failure');
  if (l.expected === 'fail' && l.verdict === 'pass') {
    return { ...t, verdict: 'fail', message: 'unexpected pass: the law is marked expected: fail for this metric', body: renderLawFailure(l, plain).slice(1).map((x) => x.trim()).join('\n') };
  }
  const tolerated = toleratedBy(l, gateOf);
  return tolerated ? notGating(t, 'gating', tolerated) : t;
}

function gateTestcase(g: GateResult): Testcase {
  const t = { classname: `gates.${g.suite}`, name: g.metric, body: '' };
  if (g.state === 'not run') return { ...t, verdict: 'skip', message: `not run: ${g.reason ?? 'nothing to score'}` };
  if (g.informational) return { ...t, verdict: 'skip', message: `informational (not gating): ${g.counts.passed} passed, ${g.counts.failed} failed` };
  if (g.state === 'fail') return { ...t, verdict: 'fail', message: g.reason ?? 'the gate fails', body: g.reason ?? '' };
  return { ...t, verdict: 'pass', message: '' };
}

function renderProperties(t: Testcase): string {
  if (!t.properties?.length) return '';
  return `\n      <properties>${t.properties.map(([name, value]) => `<property${attrs([['name', name], ['value', value]])}/>`).join('')}</properties>`;
}

function renderTestcase(t: Testcase): string {
  const open = `    <testcase${attrs([['classname', t.classname], ['name', t.name], ['file', t.file], ['time', '0']])}`;
  const msg = xmlAttr(t.message);
  switch (t.verdict) {
    case 'pass':
      return `${open}/>`;
    case 'skip':
      return `${open}>${renderProperties(t)}\n      <skipped message="${msg}"/>\n    </testcase>`;
    case 'fail':
      return `${open}>\n      <failure message="${msg}" type="fail">${xmlText(t.body)}</failure>\n    </testcase>`;
    default:
      return `${open}>${renderProperties(t)}\n      <error message="${msg}" type="${t.errorType ?? t.verdict}">${xmlText(t.body)}</error>\n    </testcase>`;
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
  const gateOf = gateIndex(report.gates);
  for (const r of report.results) {
    let list = suites.get(r.suite);
    if (!list) suites.set(r.suite, (list = []));
    list.push(caseTestcase(r, gateOf));
  }
  if (report.laws.length > 0) suites.set('laws', [...(suites.get('laws') ?? []), ...report.laws.map((l) => lawTestcase(l, gateOf))]);
  if (report.gates.length > 0) suites.set('gates', [...(suites.get('gates') ?? []), ...report.gates.map(gateTestcase)]);
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
  // An interrupted run covers only what completed: one error testcase says so, so no dashboard reads it as green.
  if (report.interrupted) {
    suites.set('interrupted', [...(suites.get('interrupted') ?? []), {
      classname: 'metric-suite',
      name: 'interrupted',
      verdict: 'error',
      message: 'interrupted: the results cover only what completed before the signal',
      body: 'The run was stopped by a signal (SIGINT/SIGTERM); cases not reported here did not complete.',
      properties: [['metric-suite.interrupted', 'true']],
      errorType: 'interrupted',
    }]);
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
