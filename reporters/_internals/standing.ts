/**
 * One vocabulary for every reporter. A result's verdict is pass, fail, error, skip or
 * inconclusive; separately, its standing is `gating` (it decides its gate), `informational`
 * (its metric's gate never fails: baselines such as BLEU) or `known failure` (the suite lists it
 * as a documented limitation: a case in `knownFailures`, a law marked `expected: fail`). The
 * closing line counts gating results only, so it always agrees with the exit code.
 */
import type { CaseResult, GateResult, LawResult, RunReport } from '../../src/runner/results.js';
import { isUnexpectedPass } from '../../src/runner/results.js';
import { isProblemVerdict, type Tally } from './format.js';

export type Standing = 'gating' | 'informational' | 'known failure';

export function caseStanding(r: Pick<CaseResult, 'informational' | 'knownFailure'>): Standing {
  return r.informational ? 'informational' : r.knownFailure ? 'known failure' : 'gating';
}

/** An expected-fail law that passes is gating: the documented limitation is gone and the gate fails. */
export function lawStanding(l: Pick<LawResult, 'informational' | 'expected' | 'verdict'>): Standing {
  if (l.informational) return 'informational';
  return l.expected === 'fail' && !isUnexpectedPass(l) ? 'known failure' : 'gating';
}

/** Counts gating results; an unexpected pass of an expected-fail law counts as failed (it fails its gate). */
export function gatingTally(report: Pick<RunReport, 'results' | 'laws'>): Tally {
  const t: Tally = { passed: 0, failed: 0, errors: 0, inconclusive: 0, skipped: 0 };
  const add = (verdict: string): void => {
    if (verdict === 'pass') t.passed++;
    else if (verdict === 'fail') t.failed++;
    else if (verdict === 'error') t.errors++;
    else if (verdict === 'inconclusive') t.inconclusive++;
    else t.skipped++;
  };
  for (const r of report.results) {
    // a todo case is no result of any standing: it is counted apart, never as skipped
    if (r.todo) t.todo = (t.todo ?? 0) + 1;
    else if (caseStanding(r) === 'gating') add(r.verdict);
  }
  for (const l of report.laws) if (lawStanding(l) === 'gating') add(isUnexpectedPass(l) ? 'fail' : l.verdict);
  return t;
}

/** Not-passing results per metric of one standing, metrics in order of appearance. */
export function notPassingByMetric(report: Pick<RunReport, 'results' | 'laws'>, standing: Standing): Map<string, { cases: number; laws: number }> {
  const out = new Map<string, { cases: number; laws: number }>();
  const entry = (m: string) => out.get(m) ?? (out.set(m, { cases: 0, laws: 0 }), out.get(m)!);
  for (const r of report.results) if (caseStanding(r) === standing && isProblemVerdict(r.verdict)) entry(r.metric).cases++;
  for (const l of report.laws) if (lawStanding(l) === standing && isProblemVerdict(l.verdict)) entry(l.metric).laws++;
  return out;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function counted(by: Map<string, { cases: number; laws: number }>): string {
  const cases = [...by.values()].reduce((n, x) => n + x.cases, 0);
  const laws = [...by.values()].reduce((n, x) => n + x.laws, 0);
  return [cases ? plural(cases, 'case') : '', laws ? plural(laws, 'law') : ''].filter(Boolean).join(' and ');
}

/** `informational: 187 cases not passing on bleu, rouge-l, s-score:text (not gating)`, or undefined. */
export function informationalNote(report: Pick<RunReport, 'results' | 'laws'>): string | undefined {
  const by = notPassingByMetric(report, 'informational');
  if (by.size === 0) return undefined;
  return `informational: ${counted(by)} not passing on ${[...by.keys()].join(', ')} (not gating)`;
}

/** `known failures: 33 cases and laws failing as documented on crimson:lexicon, s-score (not gating)`, or undefined. */
export function knownFailureNote(report: Pick<RunReport, 'results' | 'laws'>): string | undefined {
  const by = notPassingByMetric(report, 'known failure');
  if (by.size === 0) return undefined;
  return `known failures: ${counted(by)} failing as documented on ${[...by.keys()].join(', ')} (not gating)`;
}

/** `not run` gates' one-line reasons, for the text reporters. */
export const notRunGates = (gates: GateResult[]): GateResult[] => gates.filter((g) => g.state === 'not run');

/** The gate of a suite × metric, for colouring results by gate outcome. */
export function gateIndex(gates: GateResult[]): (suite: string, metric: string) => GateResult | undefined {
  const map = new Map(gates.map((g) => [`${g.suite}\u0000${g.metric}`, g] as const));
  return (suite, metric) => map.get(`${suite}\u0000${metric}`);
}

/**
 * A gating result that did not pass while its gate passed (a `minPassRate` below 1 tolerates
 * it): CI reporters show it as a warning or skipped test, not a failure, so they agree with the
 * exit code. Returns the tolerance note, or undefined when the result fails its gate (or no gate is known).
 */
export function toleratedBy(r: { suite?: string; metric: string }, gateOf: (suite: string, metric: string) => GateResult | undefined): string | undefined {
  const g = gateOf(r.suite ?? '', r.metric);
  if (!g || g.state !== 'pass' || g.informational) return undefined;
  return `within the gate: ${g.suite} · ${g.metric} pass rate ${(g.passRate * 100).toFixed(1)}% >= ${(g.minPassRate * 100).toFixed(1)}%`;
}
