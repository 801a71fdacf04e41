/**
 * `--baseline`: like snapshot testing, a gate fails only on results that passed in the baseline
 * (or are not in it) and fail or error now. Results already failing in the baseline do not fail
 * the gate; results that pass again are reported as newly fixed. Metric versions that differ from
 * the baseline's are compared anyway and reported.
 */
import type { CaseResult, GateResult, LawResult, Verdict } from '../results.js';
import type { Baseline, BaselineChange, BaselineComparison } from './types.js';

const bad = (v: Verdict | undefined): boolean => v === 'fail' || v === 'error' || v === 'inconclusive';

export interface ComparedRun {
  results: CaseResult[];
  laws: LawResult[];
  /** Replaced in place by the baseline's gates. */
  gates: GateResult[];
  metricVersions: Record<string, string>;
}

/** Compares a run with the baseline and re-decides its gates (in place); returns the comparison. */
export function applyBaseline(baseline: Baseline, run: ComparedRun): BaselineComparison {
  const out: BaselineComparison = { newlyBroken: [], newlyFixed: [], stillFailing: 0, versionChanges: [], notInBaseline: [] };
  run.gates.forEach((gate, i) => {
    const recorded = baseline.suites[gate.suite]?.[gate.metric];
    const current = run.metricVersions[gate.metric];
    if (!recorded) out.notInBaseline.push({ suite: gate.suite, metric: gate.metric });
    else if (current !== undefined && recorded.version !== current) out.versionChanges.push({ suite: gate.suite, metric: gate.metric, baseline: recorded.version, current });
    const broken: BaselineChange[] = [];
    const fixed: BaselineChange[] = [];
    const compare = (id: string, before: Verdict | undefined, after: Verdict) => {
      const change = { suite: gate.suite, metric: gate.metric, id, ...(before === undefined ? {} : { before }), after };
      if (bad(after) && !bad(before)) broken.push(change);
      else if (bad(after)) out.stillFailing++;
      else if (after === 'pass' && bad(before)) fixed.push(change);
    };
    for (const r of run.results) {
      if (r.suite !== gate.suite || r.metric !== gate.metric || r.informational || r.knownFailure) continue;
      compare(r.caseId, recorded?.cases[r.caseId]?.verdict, r.verdict);
    }
    for (const l of run.laws) {
      if ((l.suite ?? gate.suite) !== gate.suite || l.metric !== gate.metric || l.informational || l.expected === 'fail') continue;
      compare(`law ${l.law}`, recorded?.laws[l.law]?.verdict, l.verdict);
    }
    out.newlyBroken.push(...broken);
    out.newlyFixed.push(...fixed);
    run.gates[i] = baselineGate(gate, broken, fixed, recorded?.version, current);
  });
  return out;
}

/** The gate decided by the baseline: it passes unless a result is newly broken. */
function baselineGate(gate: GateResult, broken: BaselineChange[], fixed: BaselineChange[], recorded: string | undefined, current: string | undefined): GateResult {
  const reasons: string[] = [];
  if (broken.length) reasons.push(`newly broken against the baseline: ${broken.map((c) => c.id).join(', ')}`);
  if (recorded === undefined) reasons.push('not in the baseline');
  else if (current !== undefined && recorded !== current) reasons.push(`metric version ${current} differs from the baseline's ${recorded} (compared anyway)`);
  if (!gate.passed && broken.length === 0) reasons.push(`without the baseline: ${gate.reason ?? 'the gate fails'}`);
  const { reason: _reason, ...rest } = gate;
  // a gate that did not run stays not run: there is nothing to compare
  if (gate.state === 'not run') return gate;
  const passed = gate.informational || broken.length === 0;
  const result: GateResult = {
    ...rest,
    state: passed ? 'pass' : 'fail',
    passed,
    newlyBroken: broken.map((c) => c.id),
    newlyFixed: fixed.map((c) => c.id),
  };
  return reasons.length ? { ...result, reason: reasons.join('; ') } : result;
}
