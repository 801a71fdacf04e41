import type { ScoreOutcome } from '../../metrics/contract.js';
import type { RegisteredMetric } from '../../metrics/registry.js';
import { requestsOf, skipReason, skipped, verdictOf, type Task } from '../evaluate.js';
import { gateFor } from '../gates.js';
import { applyRepeats } from '../repeats.js';
import { lawRerun } from '../rerun.js';
import type { CaseResult, LawResult } from '../results.js';
import { INTERRUPTED, scoreRequests, untilGrace, type ScheduleOptions } from '../scheduler.js';
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
      for (const result of await runChunk(unit.tasks, unit.reg, schedulingOf(ctx))) {
        yield { type: 'case', result };
        // --bail drops the rest of the chunk; an interrupt keeps everything that completed
        if (stopped(ctx) && ctx.stop === 'bail') break;
      }
    } else {
      const { suite, law, metricId, reg } = unit;
      const { runLaw, unavailableLaw } = await import('../../laws/plan.js'); // loaded only when a law runs
      const gate = gateFor(suite.suite.gate, metricId);
      const result = reg
        ? await untilGrace(runLaw(law, reg, { suite: suite.suite.name, score: ctx.lawScore, overrides: ctx.overrides, informational: gate.informational === true }), ctx.interrupt)
        : unavailableLaw(law, metricId, suite.unavailable.get(metricId) ?? 'not created', suite.suite.name);
      if (result && suite.suite.rerunWith) result.rerun = lawRerun(result, suite.suite.rerunWith);
      if (result) yield { type: 'law', result }; // undefined: interrupted before the law finished
    }
  }
}

/** How the stage asks the scheduler: cache, offline, and the interrupt with its grace period. */
function schedulingOf(ctx: RunContext): ScheduleOptions {
  return { ...(ctx.cache ? { cache: ctx.cache } : {}), offline: ctx.offline, ...(ctx.interrupt ? { stop: ctx.interrupt } : {}) };
}

/**
 * Scores one chunk of tasks for one metric and returns their verdicts in task order. After
 * an interrupt, tasks with a request left unscored have no verdict (they did not complete).
 */
async function runChunk(tasks: Task[], reg: RegisteredMetric, scheduling: ScheduleOptions): Promise<CaseResult[]> {
  const reasons = tasks.map((t) => skipReason(t.case, reg));
  // a todo case is never scored (vitest's it.todo); where the metric would skip it anyway, that skip says why
  const todo = tasks.map((t, i) => !reasons[i] && t.case.todo !== undefined);
  todo.forEach((isTodo, i) => isTodo && (reasons[i] = `todo: ${tasks[i]!.case.todo}`));
  const perTask = tasks.map((t, i) => (reasons[i] ? [] : requestsOf(t.case)));
  const requests = perTask.flat().map((x) => x.request);
  const { outcomes } = await scoreRequests(reg, requests, scheduling);
  // Repeats of a non-deterministic metric bypass the cache (they must compute again).
  const { offline } = scheduling;
  const repeats = reg.metric.deterministic || (offline && reg.metric.remote) ? 1 : (reg.repeats ?? 1);
  const again: ScoreOutcome[][] = [];
  const { cache: _, ...uncached } = scheduling;
  for (let r = 1; r < repeats && requests.length > 0; r++) again.push((await scoreRequests(reg, requests, uncached)).outcomes);
  let k = 0;
  const out: CaseResult[] = [];
  tasks.forEach((t, i) => {
    if (reasons[i]) return void out.push(todo[i] ? { ...skipped(t, reg, reasons[i]), todo: true } : skipped(t, reg, reasons[i]));
    const labelled = perTask[i]!.map(({ label }) => {
      const j = k++;
      return { label, outcome: outcomes[j]!, again: again.map((a) => a[j]!) };
    });
    if (labelled.some((l) => l.outcome === INTERRUPTED || l.again.includes(INTERRUPTED))) return;
    const result = verdictOf(t, reg, labelled);
    out.push(repeats > 1 ? applyRepeats(result, labelled, t.case.tolerance ?? reg.metric.tieTolerance) : result);
  });
  return out;
}
