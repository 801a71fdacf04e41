import type { AgreementResult } from '../agreement.js';
import { ratedAgreement } from '../rated-agreement.js';
import { evaluateGate, gateFor, notRunGate, type GateScope } from '../gates.js';
import { isUnexpectedPass, type CaseResult, type GateResult, type LawResult } from '../results.js';
import { gateForShard } from '../shard/index.js';
import { redactSecrets } from '../../util/redact.js';
import type { RunContext } from './context.js';
import type { SuitePlan } from './plan.js';
import type { Decided } from './verdicts.js';

/** Everything decided, for the report stage. */
export interface Tally {
  results: CaseResult[];
  laws: LawResult[];
  gates: GateResult[];
  agreement: AgreementResult[];
}

const gatingCase = (r: CaseResult): boolean => !r.informational && !r.knownFailure && (r.verdict === 'fail' || r.verdict === 'error');
const gatingLaw = (r: LawResult): boolean =>
  !r.informational && (r.expected === 'fail' ? r.verdict === 'error' || isUnexpectedPass(r) : r.verdict === 'fail' || r.verdict === 'error');

/**
 * Stage 4, gates: passes each result to the reporters as it arrives, counts gating failures
 * (for --bail), and at the end of each suite evaluates its gates and agreement with raters.
 */
export async function gate(decided: AsyncIterable<Decided>, ctx: RunContext): Promise<Tally> {
  const tally: Tally = { results: [], laws: [], gates: [], agreement: [] };
  let byMetric = new Map<string, CaseResult[]>();
  let lawsOf = new Map<string, LawResult[]>();
  for await (const d of decided) {
    if (d.type === 'case') {
      const r = redacted(d.result);
      tally.results.push(r);
      push(byMetric, r.metric, r);
      if (gatingCase(r)) ctx.failures++;
      await ctx.emit('onCaseResult', r);
    } else if (d.type === 'law') {
      const r = d.result.reason?.includes('://') ? { ...d.result, reason: redactSecrets(d.result.reason) } : d.result;
      tally.laws.push(r);
      push(lawsOf, r.metric, r);
      if (gatingLaw(r)) ctx.failures++;
      await ctx.emit('onLawResult', r);
    } else {
      suiteGates(d.suite, byMetric, lawsOf, tally, ctx);
      byMetric = new Map();
      lawsOf = new Map();
    }
  }
  return tally;
}

function suiteGates(p: SuitePlan, byMetric: Map<string, CaseResult[]>, lawsOf: Map<string, LawResult[]>, tally: Tally, ctx: RunContext): void {
  const { shard, laws, filter, tags, capabilities } = ctx.options;
  // A filtered or sharded run sees part of each suite: a gate with nothing scored there is `not run`.
  const scope: GateScope | undefined = laws?.length || filter || tags?.length || capabilities?.length ? 'filter' : shard ? 'shard' : undefined;
  for (const reg of p.metrics) {
    const mine = byMetric.get(reg.id) ?? [];
    const g = gateFor(p.suite.gate, reg.id);
    const shardGate = shard ? gateForShard(g, p.cases.map((c) => c.id), mine.map((r) => r.caseId)) : g;
    // Agreement with raters over the suite's preference cases; a shard or a filtered run sees only part of them, so it neither reports nor gates it.
    const agreed = scope ? undefined : ratedAgreement(p.suite.name, { id: reg.id, direction: reg.metric.direction, tieTolerance: reg.metric.tieTolerance }, p.cases, mine);
    if (agreed) tally.agreement.push(agreed);
    tally.gates.push(evaluateGate(p.suite.name, reg.id, shardGate, mine, lawsOf.get(reg.id) ?? [], agreed, scope));
  }
  // Metrics that could not be created stay visible as gates that did not run, with the reason.
  for (const [id, reason] of [...p.unavailable, ...p.broken]) tally.gates.push(notRunGate(p.suite.name, id, gateFor(p.suite.gate, id), redactSecrets(reason)));
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A result whose reason or errors name a URL, with secrets in it redacted (src/util/redact.ts). */
function redacted(r: CaseResult): CaseResult {
  const errors = r.errors && Object.values(r.errors).some((e) => e.includes('://'))
    ? Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, redactSecrets(e)]))
    : r.errors;
  if (errors === r.errors && !r.reason?.includes('://')) return r;
  return { ...r, ...(r.reason ? { reason: redactSecrets(r.reason) } : {}), ...(errors ? { errors } : {}) };
}
