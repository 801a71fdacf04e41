import { runLaw, unavailableLaw } from '../../laws/plan.js';
import type { ScoreOutcome } from '../../metrics/contract.js';
import type { RegisteredMetric } from '../../metrics/registry.js';
import type { DiskCache } from '../cache.js';
import { requestsOf, skipReason, skipped, verdictOf, type Task } from '../evaluate.js';
import { gateFor } from '../gates.js';
import { applyRepeats } from '../repeats.js';
import type { CaseResult, LawResult } from '../results.js';
import { scoreRequests } from '../scheduler.js';
import { stopped, type RunContext } from './context.js';
import type { SuitePlan } from './plan.js';
import type { WorkUnit } from './schedule.js';

/** What the verdicts stage streams on: each result as it is decided, and the end of each suite. */
export type Decided =
  | { type: 'case'; result: CaseResult }
  | { type: 'law'; result: LawResult }
  | { type: 'suite-end'; suite: SuitePlan };

/**
 * Stage 3, verdicts: scores each unit and yields its results one by one. Pulled by the gates
 * stage, so a result that reaches --bail (or an interrupt) stops the rest of its chunk.
 */
export async function* verdicts(units: Iterable<WorkUnit>, ctx: RunContext): AsyncGenerator<Decided> {
  for (const unit of units) {
    if (unit.type === 'suite-end') yield unit;
    else if (unit.type === 'unavailable') {
      for (const t of unit.tasks) yield { type: 'case', result: skipped(t, undefined, `${unit.metricId} unavailable: ${unit.reason}`) };
    } else if (unit.type === 'cases') {
      for (const result of await runChunk(unit.tasks, unit.reg, ctx.cache, ctx.offline)) {
        yield { type: 'case', result };
        if (stopped(ctx)) break;
      }
    } else {
      const { suite, law, metricId, reg } = unit;
      const gate = gateFor(suite.suite.gate, metricId);
      const result = reg
        ? await runLaw(law, reg, { suite: suite.suite.name, score: ctx.lawScore, overrides: ctx.overrides, informational: gate.informational === true })
        : unavailableLaw(law, metricId, suite.unavailable.get(metricId) ?? 'not created', suite.suite.name);
      yield { type: 'law', result };
    }
  }
}

/** Scores one chunk of tasks for one metric and returns their verdicts in task order. */
async function runChunk(tasks: Task[], reg: RegisteredMetric, cache: DiskCache | undefined, offline: boolean): Promise<CaseResult[]> {
  const reasons = tasks.map((t) => skipReason(t.case, reg));
  const perTask = tasks.map((t, i) => (reasons[i] ? [] : requestsOf(t.case)));
  const requests = perTask.flat().map((x) => x.request);
  const { outcomes } = await scoreRequests(reg, requests, { ...(cache ? { cache } : {}), offline });
  // Repeats of a non-deterministic metric bypass the cache (they must compute again).
  const repeats = reg.metric.deterministic || (offline && reg.metric.remote) ? 1 : (reg.repeats ?? 1);
  const again: ScoreOutcome[][] = [];
  for (let r = 1; r < repeats && requests.length > 0; r++) again.push((await scoreRequests(reg, requests, { offline })).outcomes);
  let k = 0;
  return tasks.map((t, i) => {
    if (reasons[i]) return skipped(t, reg, reasons[i]);
    const labelled = perTask[i]!.map(({ label }) => {
      const j = k++;
      return { label, outcome: outcomes[j]!, again: again.map((a) => a[j]!) };
    });
    const result = verdictOf(t, reg, labelled);
    return repeats > 1 ? applyRepeats(result, labelled, t.case.tolerance ?? reg.metric.tieTolerance) : result;
  });
}
