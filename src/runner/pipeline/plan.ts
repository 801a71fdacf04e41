import path from 'node:path';
import type { Case } from '../../cases/model.js';
import type { PlannedLaw } from '../../laws/plan.js';
import { MetricUnavailableError } from '../../metrics/provider.js';
import type { RegisteredMetric } from '../../metrics/registry.js';
import type { Suite } from '../../suite/schema.js';
import { metricEntryAt } from '../../config/locate.js';
import { checkMetricReferences } from '../references.js';
import { usageProblem } from '../results.js';
import { matchesFilter } from '../select.js';
import { describePlan, type RunPlan } from '../shard/plan.js';
import type { RunContext } from './context.js';

/** One suite, ready to run: its selected cases, created metrics, unavailable ones, laws. */
export interface SuitePlan {
  suite: Suite;
  cases: Case[];
  metrics: RegisteredMetric[];
  /** Metric id -> why it could not be created (its results are skips). */
  unavailable: Map<string, string>;
  /** Metrics that failed to be created (a located problem, exit 2): still shown as gates that did not run. */
  broken: Map<string, string>;
  laws: PlannedLaw[];
}

/** The plan stage's output. */
export interface Planned {
  suites: SuitePlan[];
  /** The whole run's work keys and gates (carried on the report for shards). */
  plan: RunPlan;
  /** Whether this process runs a work key (always, without --shard). */
  runs: (key: string) => boolean;
  /** Planned items of this process. */
  total: number;
}

/** Stage 1, plan: load every suite's cases and create every metric before anything runs. */
export async function planRun(ctx: RunContext, suites: Suite[]): Promise<Planned> {
  const { options, loader, registry, problems } = ctx;
  // `--law` selects laws only: the suites' cases do not run (rerunning one law's counterexample).
  const lawsOnly = (options.laws?.length ?? 0) > 0;
  const caseFiltered = Boolean(options.filter || options.tags?.length || options.capabilities?.length || options.caseFiles);
  const checked = new Set<Case>();
  const invalid = new Set<Case>();
  const out: SuitePlan[] = [];
  for (const suite of suites) {
    const { files, problems: globProblems } = await loader.resolve(suite.cases, suite.dir);
    const loaded = await loader.load(files);
    problems.push(...globProblems, ...loaded.problems);
    const metrics: RegisteredMetric[] = [];
    const unavailable = new Map<string, string>();
    const broken = new Map<string, string>();
    for (const id of suite.metrics) {
      try {
        metrics.push(await registry.get(id));
      } catch (e) {
        if (e instanceof MetricUnavailableError) {
          unavailable.set(id, e.message);
          continue;
        }
        // a metric the config defines failed as configured (an unset env var, an unreachable service, a bad declaration): its entry there
        const entry = ctx.configFile && registry.configures(id) ? metricEntryAt(ctx.configFile, id, displayPath(ctx.cwd, ctx.configFile)) : undefined;
        const at = entry ?? suite.metricAt[id] ?? { file: suite.file, line: 1, column: 1 };
        problems.push({ ...at, message: (e as Error).message });
        broken.set(id, `could not be created: ${(e as Error).message}`);
      }
    }
    // a case `validate` rejects for a metric it names is reported once and not scored
    const fresh = loaded.cases.filter((c) => !checked.has(c));
    fresh.forEach((c) => checked.add(c));
    const references = checkMetricReferences(fresh, registry, (f) => loader.display(f));
    problems.push(...references.problems);
    references.invalid.forEach((c) => invalid.add(c));
    const cases = loaded.cases.filter((c) => !invalid.has(c));
    // the laws (fast-check and the clinical core) load only for a suite that has laws
    const lawPlan = suite.laws?.length ? (await import('../../laws/plan.js')).planSuiteLaws(suite, ctx.overrides) : { laws: [], problems: [] };
    problems.push(...lawPlan.problems);
    const known = new Set([...metrics.map((m) => m.id), ...unavailable.keys()]);
    // Case filters (-t, --tag, --capability) select cases; laws then run only when named with --law.
    const laws = caseFiltered && !lawsOnly ? [] : lawPlan.laws.map((l) => ({ ...l, metrics: l.metrics.filter((m) => known.has(m)) }));
    out.push({ suite, cases: lawsOnly ? [] : cases.filter((c) => matchesFilter(c, options)), metrics, unavailable, broken, laws });
  }
  const caseTotal = out.reduce((n, p) => n + p.cases.length * (p.metrics.length + p.unavailable.size), 0);
  const lawTotal = out.reduce((n, p) => n + p.laws.reduce((k, l) => k + l.metrics.length, 0), 0);
  const { plan, runs } = describePlan(out, options.shard);
  // a shard may be empty when the plan is not
  const total = options.shard ? plan.work.filter(runs).length : caseTotal + lawTotal;
  // after a root-cause problem (config, suite or case files), "no cases to run" would mislead
  if (total === 0 && problems.length === 0 && !options.passWithNoCases && !(options.shard && plan.work.length > 0)) {
    problems.push(usageProblem(lawsOnly
      ? `no law to run with these suites and filters (--law ${options.laws!.join(', ')})`
      : 'no cases to run with these suites and filters (pass --pass-with-no-cases to allow an empty run)'));
  }
  return { suites: out, plan, runs, total };
}


const displayPath = (cwd: string, file: string) => {
  const rel = path.relative(cwd, file);
  return rel && !rel.startsWith('..') ? rel : file;
};
