/** What a run planned, carried on the RunReport so shard outputs can be merged as one run. */
import type { Case } from '../../cases/model.js';
import { gateFor } from '../gates.js';
import { isRated } from '../rated-agreement.js';
import type { Gate } from '../../suite/schema.js';
import { shardKeys, workKeys, type Shard, type SuiteWork } from './index.js';
import type { PlannedGate, RunPlan } from './types.js';

export type { PlannedGate, RunPlan };

/** The runner's plan, structurally (see runSuites). */
export interface PlanLike {
  suite: { name: string; gate?: Record<string, Gate> };
  cases: Case[];
  metrics: { id: string; metric: { direction: 'higher' | 'lower'; tieTolerance: number } }[];
  unavailable: Map<string, string>;
  laws: { law: string; metrics: string[] }[];
}

/** The plan, and which items this process runs (all of them without a shard). */
export function describePlan(plans: PlanLike[], shard?: Shard): { plan: RunPlan; runs: (key: string) => boolean } {
  const suites: SuiteWork[] = plans.map((p) => ({
    suite: p.suite.name,
    caseIds: p.cases.map((c) => c.id),
    metrics: [...p.unavailable.keys(), ...p.metrics.map((m) => m.id)],
    laws: p.laws.map((l) => ({ law: l.law, metrics: l.metrics })),
  }));
  const work = workKeys(suites);
  const plan: RunPlan = {
    work,
    gates: plans.flatMap((p) => [
      ...p.metrics.map((m): PlannedGate => ({ suite: p.suite.name, metric: m.id, gate: gateFor(p.suite.gate, m.id), direction: m.metric.direction, tieTolerance: m.metric.tieTolerance })),
      ...[...p.unavailable].map(([id, reason]): PlannedGate => ({ suite: p.suite.name, metric: id, gate: gateFor(p.suite.gate, id), notRun: reason })),
    ]),
    suites: plans.map((p) => p.suite.name),
    metrics: [...new Set(plans.flatMap((p) => p.metrics.map((m) => m.id)))],
    ...(shard ? { shard } : {}),
  };
  const preference = plans.map((p) => [p.suite.name, p.cases.filter(isRated)] as const).filter(([, cs]) => cs.length > 0);
  if (preference.length) plan.preferenceCases = Object.fromEntries(preference);
  if (!shard) return { plan, runs: () => true };
  const mine = shardKeys(work, shard);
  return { plan, runs: (key) => mine.has(key) };
}
