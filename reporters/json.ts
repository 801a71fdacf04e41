/**
 * The JSON reporter (DESIGN §6 CONTRACT): `summary`, `results`, `laws` with exactly the
 * contract's keys, then extras (`gates`, `problems`, `exitCode`, `durationMs`, `bailed`).
 * Keys come in a fixed order and no value is undefined, so reports diff cleanly.
 */
import type { ReporterFactory } from '../src/reporting/reporter.js';
import type { CaseResult, GateResult, LawResult, Problem, RunReport } from '../src/runner/results.js';
import { findingSummary } from './_internals/finding-summary.js';
import { agreementJson } from './_internals/agreement.js';
import { gatingTally } from './_internals/standing.js';
import { Spool } from '../src/util/spool.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Plain JSON data from anything a metric may put in details or a counterexample. */
export function toJson(value: unknown, seen = new WeakSet<object>()): Json {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return String(value);
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => toJson(v, seen));
    if (value instanceof Date) return value.toISOString();
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toJson(v, seen);
    return out;
  } finally {
    seen.delete(value);
  }
}

function numbers(record: Record<string, number>): { [key: string]: Json } {
  const out: { [key: string]: Json } = {};
  // a non-finite score is no JSON number: null (the runner reports such values as errors)
  for (const [k, v] of Object.entries(record)) out[k] = Number.isFinite(v) ? v : null;
  return out;
}

export function resultJson(r: CaseResult): { [key: string]: Json } {
  const out: { [key: string]: Json } = {
    suite: r.suite,
    caseId: r.caseId,
    kind: r.kind,
    capability: r.capability ?? null,
    metric: r.metric,
    verdict: r.verdict,
    scores: numbers(r.scores),
    expectations: r.expectations.map((e) => ({ relation: e.relation, holds: e.holds, ...(e.detail === undefined ? {} : { detail: e.detail }) })),
  };
  if (r.reason !== undefined) out.reason = r.reason;
  if (r.file !== undefined) out.file = r.file;
  if (r.line !== undefined) out.line = r.line;
  if (r.informational !== undefined) out.informational = r.informational;
  if (r.knownFailure !== undefined) out.knownFailure = r.knownFailure;
  // verdict stays `skip` (the contract's enum is closed); `todo: true` says it is an unfinished case
  if (r.todo) out.todo = true;
  if (r.errors !== undefined) out.errors = toJson(r.errors);
  if (r.details !== undefined) out.details = toJson(r.details);
  if (r.clinical !== undefined) out.clinical = toJson(r.clinical);
  return out;
}

export function lawJson(l: LawResult): { [key: string]: Json } {
  const out: { [key: string]: Json } = { law: l.law, metric: l.metric, verdict: l.verdict, numRuns: l.numRuns, seed: l.seed };
  if (l.counterexample !== undefined) out.counterexample = toJson(l.counterexample);
  if (l.reason !== undefined) out.reason = l.reason;
  if (l.suite !== undefined) out.suite = l.suite;
  if (l.path !== undefined) out.path = l.path;
  if (l.shrinks !== undefined) out.shrinks = l.shrinks;
  if (l.rerun !== undefined) out.rerun = l.rerun;
  if (l.expected !== undefined) out.expected = l.expected;
  if (l.expected === 'fail' && l.verdict === 'pass') out.unexpectedPass = true;
  if (l.informational !== undefined) out.informational = l.informational;
  return out;
}

const gateJson = (g: GateResult): Json => ({
  suite: g.suite,
  metric: g.metric,
  // `pass`, `fail` or `not run` (DESIGN §9: every gate is listed, with the reason when it did not run)
  state: g.state ?? (g.passed ? 'pass' : 'fail'),
  passed: g.passed,
  informational: g.informational,
  passRate: toJson(g.passRate),
  minPassRate: toJson(g.minPassRate),
  counts: { passed: g.counts.passed, failed: g.counts.failed, errors: g.counts.errors, skipped: g.counts.skipped },
  ...(g.todo ? { todo: g.todo } : {}),
  failedRequired: [...g.failedRequired],
  unexpectedPasses: [...(g.unexpectedPasses ?? [])],
  ...(g.agreement === undefined ? {} : { agreement: g.agreement.map((k) => ({ stat: k.stat, value: k.value, min: k.min, holds: k.holds })) }),
  ...(g.reason === undefined ? {} : { reason: g.reason }),
  ...(g.newlyBroken === undefined ? {} : { newlyBroken: [...g.newlyBroken], newlyFixed: [...(g.newlyFixed ?? [])] }),
});

const problemJson = (p: Problem): Json => ({ file: p.file, line: p.line, column: p.column, message: p.message });

/** The report object the JSON reporter writes. */
export function reportJson(report: RunReport, all: CaseResult[] = report.results): { [key: string]: Json } {
  const s = report.summary;
  // `all`: the results when `report.results` is left empty because they were streamed
  const g = gatingTally({ ...report, results: all });
  const findings = findingSummary(all);
  return {
    // `skipped` counts every skip verdict, todo included; `todo` (only when any) says how many of them are todo
    summary: { passed: s.passed, failed: s.failed, errors: s.errors, skipped: s.skipped, ...(s.todo ? { todo: s.todo } : {}) },
    results: report.results.map(resultJson),
    laws: report.laws.map(lawJson),
    gates: report.gates.map(gateJson),
    // the counts of the closing text line: gating results only (informational and known failures left out)
    gatingSummary: { passed: g.passed, failed: g.failed, errors: g.errors + g.inconclusive, skipped: g.skipped, ...(g.todo ? { todo: g.todo } : {}) },
    problems: report.problems.map(problemJson),
    exitCode: report.exitCode,
    durationMs: report.durationMs,
    bailed: report.bailed ?? false,
    ...(report.interrupted ? { interrupted: true } : {}),
    // Table 2 of the CSEval paper: mean ± sd per finding of image cases (only when there are any).
    // Preference cases: agreement with raters per suite × metric (src/runner/agreement.ts).
    ...(report.agreement && report.agreement.length > 0 ? { agreement: agreementJson(report.agreement) } : {}),
    // `--baseline`: what changed against the baseline file (src/runner/baseline)
    ...(report.baseline ? { baseline: toJson(report.baseline) } : {}),
    ...(findings.length > 0 ? { findingSummary: findings.map((f) => ({ metric: f.metric, finding: f.finding, n: f.n, mean: f.mean, sd: f.sd })) } : {}),
  };
}

/** One result as it sits in the report's `results` list (indented as JSON.stringify(report, null, 2) would). */
const resultText = (r: CaseResult): string => `    ${JSON.stringify(resultJson(r), null, 2).replace(/\n/g, '\n    ')}`;

/**
 * Results stream to a spool file as they are decided (src/util/spool.ts) and the report is
 * written around them at the end, in chunks: a 100,000-case report is never one string in
 * memory. The bytes are those of `JSON.stringify(reportJson(report), null, 2)`. A report that
 * did not come through onCaseResult (merge-reports) is written from its results directly.
 */
export const createJsonReporter: ReporterFactory = (options) => {
  const spool = new Spool();
  return {
    onCaseResult(r) {
      spool.append(spool.count === 0 ? resultText(r) : `,\n${resultText(r)}`);
    },
    onRunEnd(report) {
      if (spool.count === 0 || spool.count !== report.results.length) {
        spool.discard();
        return options.write(`${JSON.stringify(reportJson(report), null, 2)}\n`);
      }
      const text = JSON.stringify(reportJson({ ...report, results: [] }, report.results), null, 2);
      // summary holds numbers only: the first `"results": []` is the list's own
      const at = text.indexOf('\n  "results": []');
      options.write(`${text.slice(0, at)}\n  "results": [\n`);
      spool.drain(options.write);
      options.write(`\n  ]${text.slice(at + '\n  "results": []'.length)}\n`);
    },
  };
};

export default createJsonReporter;
