import { minimatch } from 'minimatch';
import type { Gate } from '../suite/schema.js';
import { checkAgreement, type AgreementResult } from './agreement.js';
import { isUnexpectedPass, summarize, type CaseResult, type GateResult, type LawResult } from './results.js';

/**
 * What part of the suite a run saw: `filter` (-t, --tag, --capability, --law left some cases out)
 * or `shard` (other shards run the rest). A gate over a part is `not run` when nothing in it was
 * scored, and leaves out what only the whole suite can show (agreement with raters, required
 * patterns that match none of the part's cases): filtering never fails a run.
 */
export type GateScope = 'filter' | 'shard';

/** A gate that did not run, with the reason (metric unavailable, nothing selected). */
export function notRunGate(suite: string, metric: string, gate: Gate, reason: string, counts = { passed: 0, failed: 0, errors: 0, skipped: 0 }): GateResult {
  return {
    suite, metric, state: 'not run', passed: true, informational: gate.informational === true,
    passRate: 0, minPassRate: gate.minPassRate ?? 1, counts, failedRequired: [], unexpectedPasses: [], reason,
  };
}

function notRunReason(scope: GateScope, skipped: number): string {
  const part = scope === 'shard' ? 'in this shard' : 'under the filters';
  return skipped > 0 ? `nothing scored ${part} (${skipped} skipped)` : scope === 'shard' ? 'its cases and laws ran in other shards' : 'nothing selected by the filters';
}

/** The gate configured for a metric in a suite: its own entry, else `'*'`, else all must pass. */
export function gateFor(gates: Record<string, Gate> | undefined, metric: string): Gate {
  return gates?.[metric] ?? gates?.['*'] ?? {};
}

/** Whether the gate lists this case as a known failure of its metric. */
export function isKnownFailure(gate: Gate, caseId: string): boolean {
  return (gate.knownFailures ?? []).some((pattern) => minimatch(caseId, pattern));
}

/**
 * Evaluates a suite's gate for one metric. The pass rate counts every non-skipped verdict
 * (errors and inconclusive ones do not pass); required globs must each match at least one
 * case, and every matched case must pass. Known failures are left out of the rate and must
 * not pass. Laws: every law must pass, except those marked `expected: fail`, which must fail
 * (an unexpected pass fails the gate, as a known failure that passes does); law verdicts count
 * in `counts` and the rate like cases. `minAgreement` checks the suite's agreement with raters
 * (preference cases, whose own verdicts are `skip`); a statistic that cannot be computed fails.
 * `maxErrors` fails the gate when more results error, whatever the rate. An informational gate never fails.
 */
export function evaluateGate(suite: string, metric: string, fullGate: Gate, every: CaseResult[], laws: LawResult[] = [], agreement?: AgreementResult, scope?: GateScope): GateResult {
  // todo cases (vitest's it.todo) are not counted: the gate sees only finished ones
  const todo = every.filter((r) => r.todo).length;
  const all = todo > 0 ? every.filter((r) => !r.todo) : every;
  const withTodo = (g: GateResult): GateResult => (todo > 0 ? { ...g, todo } : g);
  const gate = scope ? partGate(fullGate, every, scope) : fullGate;
  const todoNote = todo > 0 ? `; ${todo} todo` : '';
  if (scope && !all.some(scored) && !laws.some(scored)) {
    const { todo: _, ...counts } = summarize([...all, ...laws]);
    return withTodo(notRunGate(suite, metric, gate, `${notRunReason(scope, [...all, ...laws].filter((r) => r.verdict === 'skip').length)}${todoNote}`, counts));
  }
  // Nothing at all reached the gate (no case file matched, the run was interrupted first): a pass would claim what was never shown.
  if (all.length === 0 && laws.length === 0 && agreement === undefined) {
    return withTodo(notRunGate(suite, metric, gate, todo > 0 ? `nothing to score yet: its ${todo === 1 ? 'case is' : `${todo} cases are`} todo` : 'nothing ran: no case or law of this suite was scored'));
  }
  const results = all.filter((r) => !r.knownFailure);
  const unexpectedPasses = all.filter((r) => r.knownFailure && r.verdict === 'pass').map((r) => r.caseId);
  const lawPasses = laws.filter(isUnexpectedPass).map((l) => `law ${l.law}`);
  const gatingLaws = laws.filter((l) => l.expected !== 'fail');
  // an expected-fail law that errors is no documented limitation: it fails the gate too
  const failedLaws = laws
    .filter((l) => (l.expected === 'fail' ? l.verdict === 'error' || l.verdict === 'inconclusive' : l.verdict !== 'pass' && l.verdict !== 'skip'))
    .map((l) => l.law);
  const counts = summarize([...results, ...gatingLaws]);
  const ran = counts.passed + counts.failed + counts.errors;
  const passRate = ran === 0 ? 1 : counts.passed / ran;
  const minPassRate = gate.minPassRate ?? 1;
  const failedRequired: string[] = [];
  for (const pattern of gate.required ?? []) {
    const matched = results.filter((r) => minimatch(r.caseId, pattern));
    if (matched.length === 0) failedRequired.push(`${pattern} (${todo > 0 && every.some((r) => r.todo && minimatch(r.caseId, pattern)) ? 'only todo cases match' : 'no case matches'})`);
    // a skipped required case was not shown to pass (metric unavailable, input not accepted, ...)
    for (const r of matched) if (r.verdict !== 'pass') failedRequired.push(r.verdict === 'skip' ? `${r.caseId} (skipped)` : r.caseId);
  }
  const reasons: string[] = [];
  // A gate over results that were all skipped proves nothing; agreement gates score skipped preference cases.
  if (ran === 0 && counts.skipped > 0 && gate.minAgreement === undefined) reasons.push(`nothing was scored: all ${counts.skipped} results were skipped`);
  if (passRate < minPassRate) reasons.push(`pass rate ${(passRate * 100).toFixed(1)}% < ${(minPassRate * 100).toFixed(1)}%`);
  if (gate.maxErrors !== undefined && counts.errors > gate.maxErrors) reasons.push(`${counts.errors} result${counts.errors === 1 ? '' : 's'} errored (at most ${gate.maxErrors})`);
  if (failedLaws.length) reasons.push(`laws did not pass: ${failedLaws.join(', ')}`);
  if (failedRequired.length) reasons.push(`required cases did not pass: ${failedRequired.join(', ')}`);
  if (unexpectedPasses.length) reasons.push(`known failures now pass (remove them from knownFailures): ${unexpectedPasses.join(', ')}`);
  if (lawPasses.length) reasons.push(`expected-fail laws now pass (remove their expected: fail): ${lawPasses.map((l) => l.slice(4)).join(', ')}`);
  unexpectedPasses.push(...lawPasses);
  const checks = gate.minAgreement === undefined ? undefined : checkAgreement(gate.minAgreement, agreement);
  for (const k of checks ?? []) {
    if (!k.holds) reasons.push(`agreement ${k.stat} ${k.value === null ? 'not computable (no rated preference pairs)' : `${k.value.toFixed(3)} < ${k.min}`}`);
  }
  const informational = gate.informational === true;
  const passed = informational || reasons.length === 0;
  const result: GateResult = { suite, metric, state: passed ? 'pass' : 'fail', passed, informational, passRate, minPassRate, counts, failedRequired, unexpectedPasses, ...(failedLaws.length ? { failedLaws } : {}), ...(checks ? { agreement: checks } : {}) };
  return withTodo(reasons.length ? { ...result, reason: reasons.join('; ') } : result);
}

const scored = (r: { verdict: string }): boolean => r.verdict !== 'skip';

/**
 * The gate over part of a suite: no agreement check; under a filter, only the required patterns
 * that match a selected case (a shard's gate comes from gateForShard, which keeps patterns that
 * match no planned case, so a typo still fails).
 */
function partGate(gate: Gate, part: CaseResult[], scope: GateScope): Gate {
  const { minAgreement: _agreement, ...rest } = gate;
  if (scope === 'shard' || !gate.required?.length) return rest;
  return { ...rest, required: gate.required.filter((p) => part.some((r) => minimatch(r.caseId, p))) };
}
