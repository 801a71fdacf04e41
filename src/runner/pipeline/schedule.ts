import type { PlannedLaw } from '../../laws/plan.js';
import type { RegisteredMetric } from '../../metrics/registry.js';
import type { Task } from '../evaluate.js';
import { gateFor, isKnownFailure } from '../gates.js';
import { caseKey, lawKey } from '../shard/index.js';
import { stopped, type RunContext } from './context.js';
import type { Planned, SuitePlan } from './plan.js';

/** One unit of work, in run order. */
export type WorkUnit =
  | { type: 'unavailable'; suite: SuitePlan; metricId: string; reason: string; tasks: Task[] }
  | { type: 'cases'; suite: SuitePlan; reg: RegisteredMetric; tasks: Task[] }
  | { type: 'law'; suite: SuitePlan; law: PlannedLaw; metricId: string; reg?: RegisteredMetric }
  | { type: 'suite-end'; suite: SuitePlan };

/**
 * Stage 2, schedule: the plan as a lazy sequence of work units (chunks of cases per metric,
 * then the suite's laws). Lazy on purpose: once --bail is reached or the run is interrupted,
 * no further case or law unit is produced, while every suite still ends (its gates are due).
 */
export function* schedule(planned: Planned, ctx: RunContext): Generator<WorkUnit> {
  const chunk = ctx.options.chunkSize ?? 2_000;
  const display = (file: string) => ctx.loader.display(file);
  for (const suite of planned.suites) {
    const name = suite.suite.name;
    for (const [metricId, reason] of suite.unavailable) {
      const tasks = suite.cases.filter((c) => planned.runs(caseKey(name, metricId, c.id)))
        .map((c) => ({ suite: name, case: c, metricId, informational: false, file: display(c.location.file) }));
      yield { type: 'unavailable', suite, metricId, reason, tasks };
    }
    for (const reg of suite.metrics) {
      const gate = gateFor(suite.suite.gate, reg.id);
      const todo = suite.cases.filter((c) => planned.runs(caseKey(name, reg.id, c.id)));
      for (let i = 0; i < todo.length && !stopped(ctx); i += chunk) {
        const tasks = todo.slice(i, i + chunk).map((c) => ({
          suite: name, case: c, metricId: reg.id, informational: gate.informational === true,
          knownFailure: isKnownFailure(gate, c.id), file: display(c.location.file),
        }));
        yield { type: 'cases', suite, reg, tasks };
      }
    }
    // Laws, after the suite's cases (each law × metric scores its samples in one batched call).
    for (const law of suite.laws) {
      for (const metricId of law.metrics) {
        if (stopped(ctx)) break;
        if (!planned.runs(lawKey(name, law.law, metricId))) continue;
        const reg = suite.metrics.find((m) => m.id === metricId);
        yield { type: 'law', suite, law, metricId, ...(reg ? { reg } : {}) };
      }
    }
    yield { type: 'suite-end', suite };
  }
}
