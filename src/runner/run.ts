import path from 'node:path';
import { CaseLoader } from '../cases/load.js';
import { planSuiteLaws, runLaw, unavailableLaw, type LawOverrides, type PlannedLaw } from '../laws/plan.js';
import { loadConfig } from '../config/load.js';
import { builtinProviders } from '../metrics/builtins.js';
import type { MetricProvider } from '../metrics/provider.js';
import type { ScoreOutcome } from '../metrics/contract.js';
import { MetricRegistry, type RegisteredMetric } from '../metrics/registry.js';
import { MetricUnavailableError } from '../metrics/provider.js';
import type { Reporter } from '../reporting/reporter.js';
import type { Suite } from '../suite/schema.js';
import { DiskCache } from './cache.js';
import { requestsOf, skipReason, skipped, verdictOf, type Task } from './evaluate.js';
import { evaluateGate, gateFor, isKnownFailure } from './gates.js';
import type { AgreementResult } from './agreement.js';
import { ratedAgreement } from './rated-agreement.js';
import { isUnexpectedPass, summarize, usageProblem, type CaseResult, type GateResult, type LawResult, type Problem, type RunReport } from './results.js';
import { schedulerScorer } from './law-scorer.js';
import { unknownMetricReferences } from './references.js';
import { applyRepeats } from './repeats.js';
import { scoreRequests } from './scheduler.js';
import { matchesFilter, selectSuites, type CaseFilter, type SuiteSelection } from './select.js';
import { applyBaseline } from './baseline/compare.js';
import type { Baseline } from './baseline/types.js';
import { caseKey, gateForShard, lawKey, type Shard } from './shard/index.js';
import { describePlan } from './shard/plan.js';

/** Options of `runSuites`; the CLI maps its flags onto these. */
export interface RunOptions extends CaseFilter, SuiteSelection, LawOverrides {
  cwd?: string;
  /** Config file path; by default `metric-suite.config.*` in cwd is used if present. */
  config?: string;
  reporters?: Reporter[];
  /** Stop after this many gating failures or errors. */
  bail?: number;
  /** Disk cache on (default) or off (`--no-cache`). */
  cache?: boolean;
  cacheDir?: string;
  offline?: boolean;
  /** Metrics with a live generator (cseval) write its output back into the case files. */
  record?: boolean;
  /** Replaces the built-in metric families (tests, embedding). */
  providers?: MetricProvider[];
  /** An empty selection is not an error (jest's --passWithNoTests). */
  passWithNoCases?: boolean;
  /** Cases scored per scheduling round: bounds memory and makes --bail prompt. */
  chunkSize?: number;
  /** `--shard i/n`: run only this share of the planned case × metric and law × metric items (src/shard). */
  shard?: Shard;
  /** `--baseline`: gates fail only on results newly broken against this baseline (src/baseline). */
  baseline?: Baseline;
}

/** Runs suites of cases against metrics and reports; never throws for bad input. */
export async function runSuites(options: RunOptions = {}): Promise<RunReport> {
  const started = performance.now();
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const loadedConfig = await loadConfig(cwd, options.config);
  const { config, root } = loadedConfig;
  const problems: Problem[] = [...loadedConfig.problems];
  const registry = new MetricRegistry(options.providers ?? builtinProviders, config.metrics, root, { ...(options.record ? { record: true } : {}), ...(loadedConfig.file ? { configFile: loadedConfig.file } : {}) });
  const selection = await selectSuites(root, cwd, { ...options, suiteGlobs: options.suiteGlobs ?? config.suites });
  problems.push(...selection.problems);
  const loader = new CaseLoader(cwd);
  const cache = options.cache === false ? undefined : new DiskCache(path.resolve(root, options.cacheDir ?? config.cacheDir ?? '.metric-suite/cache'));
  const lawScore = schedulerScorer({ ...(cache ? { cache } : {}), offline: options.offline === true });
  const reporters = [...(options.reporters ?? [])];
  // A reporter that throws is turned off with a problem: the run and the other reporters go on.
  const emit = async <K extends keyof Reporter>(hook: K, arg: Parameters<NonNullable<Reporter[K]>>[0]) => {
    for (const r of [...reporters]) {
      try {
        await (r[hook] as ((a: typeof arg) => unknown) | undefined)?.call(r, arg);
      } catch (e) {
        reporters.splice(reporters.indexOf(r), 1);
        problems.push(usageProblem(`a reporter failed in ${hook} and was turned off: ${(e as Error)?.message ?? String(e)}`));
      }
    }
  };

  // Plan: load every suite's cases and resolve every metric before anything runs.
  const plans: { suite: Suite; cases: Task['case'][]; metrics: RegisteredMetric[]; unavailable: Map<string, string>; laws: PlannedLaw[] }[] = [];
  // `--law` selects laws only: the suites' cases do not run (rerunning one law's counterexample).
  const lawsOnly = (options.laws?.length ?? 0) > 0;
  const caseFiltered = Boolean(options.filter || options.tags?.length || options.capabilities?.length);
  const overrides: LawOverrides = {
    ...(options.laws ? { laws: options.laws } : {}),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.lawPath ? { lawPath: options.lawPath } : {}),
    ...(options.numRuns !== undefined ? { numRuns: options.numRuns } : {}),
  };
  const checked = new Set<Task['case']>();
  for (const suite of selection.suites) {
    const { files, problems: globProblems } = await loader.resolve(suite.cases, suite.dir);
    const loaded = await loader.load(files);
    problems.push(...globProblems, ...loaded.problems);
    const metrics: RegisteredMetric[] = [];
    const unavailable = new Map<string, string>();
    for (const id of suite.metrics) {
      try {
        metrics.push(await registry.get(id));
      } catch (e) {
        if (e instanceof MetricUnavailableError) {
          unavailable.set(id, e.message);
          continue;
        }
        const at = suite.metricAt[id] ?? { file: suite.file, line: 1, column: 1 };
        problems.push({ ...at, message: (e as Error).message });
      }
    }
    for (const c of loaded.cases) {
      if (checked.has(c)) continue;
      checked.add(c);
      problems.push(...unknownMetricReferences(c, (id) => registry.has(id), loader.display(c.location.file)));
    }
    const lawPlan = planSuiteLaws(suite, overrides);
    problems.push(...lawPlan.problems);
    const known = new Set([...metrics.map((m) => m.id), ...unavailable.keys()]);
    // Case filters (-t, --tag, --capability) select cases; laws then run only when named with --law.
    const laws = caseFiltered && !lawsOnly ? [] : lawPlan.laws.map((l) => ({ ...l, metrics: l.metrics.filter((m) => known.has(m)) }));
    plans.push({ suite, cases: lawsOnly ? [] : loaded.cases.filter((c) => matchesFilter(c, options)), metrics, unavailable, laws });
  }
  const caseTotal = plans.reduce((n, p) => n + p.cases.length * (p.metrics.length + p.unavailable.size), 0);
  const lawTotal = plans.reduce((n, p) => n + p.laws.reduce((k, l) => k + l.metrics.length, 0), 0);
  const { plan, runs } = describePlan(plans, options.shard);
  // a shard may be empty when the plan is not
  const total = options.shard ? plan.work.filter(runs).length : caseTotal + lawTotal;
  if (total === 0 && !options.passWithNoCases && !(options.shard && plan.work.length > 0)) {
    problems.push(usageProblem(lawsOnly
      ? `no law to run with these suites and filters (--law ${options.laws!.join(', ')})`
      : 'no cases to run with these suites and filters (pass --pass-with-no-cases to allow an empty run)'));
  }
  await emit('onRunStart', { suites: plans.map((p) => p.suite.name), metrics: [...new Set(plans.flatMap((p) => p.metrics.map((m) => m.id)))], total, problems });

  const results: CaseResult[] = [];
  const laws: LawResult[] = [];
  const gates: GateResult[] = [];
  const agreement: AgreementResult[] = [];
  let failures = 0;
  const bailed = () => options.bail !== undefined && options.bail > 0 && failures >= options.bail;
  const chunk = options.chunkSize ?? 2_000;
  for (const { suite, cases, metrics, unavailable, laws: planned } of plans) {
    for (const [id, reason] of unavailable) {
      const mine = cases.filter((c) => runs(caseKey(suite.name, id, c.id))).map((c) => skipped({ suite: suite.name, case: c, metricId: id, informational: false, file: loader.display(c.location.file) }, undefined, `${id} unavailable: ${reason}`));
      for (const r of mine) await emit('onCaseResult', r);
      results.push(...mine);
    }
    const byMetric = new Map<string, CaseResult[]>();
    for (const reg of metrics) {
      const gate = gateFor(suite.gate, reg.id);
      const mine: CaseResult[] = [];
      const todo = cases.filter((c) => runs(caseKey(suite.name, reg.id, c.id)));
      for (let i = 0; i < todo.length && !bailed(); i += chunk) {
        const tasks = todo.slice(i, i + chunk).map((c) => ({
          suite: suite.name, case: c, metricId: reg.id, informational: gate.informational === true,
          knownFailure: isKnownFailure(gate, c.id), file: loader.display(c.location.file),
        }));
        for (const r of await runChunk(tasks, reg, cache, options.offline === true)) {
          mine.push(r);
          if (!r.informational && !r.knownFailure && (r.verdict === 'fail' || r.verdict === 'error')) failures++;
          await emit('onCaseResult', r);
          if (bailed()) break;
        }
      }
      results.push(...mine);
      byMetric.set(reg.id, mine);
    }
    // Laws, after the suite's cases (each law × metric scores its samples in one batched call).
    const lawsOf = new Map<string, LawResult[]>();
    for (const p of planned) {
      for (const id of p.metrics) {
        if (bailed()) break;
        if (!runs(lawKey(suite.name, p.law, id))) continue;
        const reg = metrics.find((m) => m.id === id);
        const gate = gateFor(suite.gate, id);
        const r = reg
          ? await runLaw(p, reg, { suite: suite.name, score: lawScore, overrides, informational: gate.informational === true })
          : unavailableLaw(p, id, unavailable.get(id) ?? 'not created', suite.name);
        laws.push(r);
        lawsOf.set(id, [...(lawsOf.get(id) ?? []), r]);
        const gating = !r.informational && (r.expected === 'fail' ? r.verdict === 'error' || isUnexpectedPass(r) : r.verdict === 'fail' || r.verdict === 'error');
        if (gating) failures++;
        await emit('onLawResult', r);
      }
    }
    for (const reg of metrics) {
      const gate = gateFor(suite.gate, reg.id);
      const shardGate = options.shard ? gateForShard(gate, cases.map((c) => c.id), (byMetric.get(reg.id) ?? []).map((r) => r.caseId)) : gate;
      // Agreement with raters over the suite's preference cases; a shard sees only part of them, so it neither reports nor gates it.
      const agreed = options.shard ? undefined : ratedAgreement(suite.name, { id: reg.id, direction: reg.metric.direction, tieTolerance: reg.metric.tieTolerance }, cases, byMetric.get(reg.id) ?? []);
      if (agreed) agreement.push(agreed);
      const { minAgreement, ...rest } = shardGate;
      gates.push(evaluateGate(suite.name, reg.id, options.shard && minAgreement !== undefined ? rest : shardGate, byMetric.get(reg.id) ?? [], lawsOf.get(reg.id) ?? [], agreed));
    }
  }

  for (const failure of (await cache?.flush()) ?? []) process.emitWarning(failure);
  for (const stuck of await registry.closeAll()) process.emitWarning(`metric-suite: ${stuck}`);
  // Counts over case results AND law results (DESIGN §6 `summary`).
  const summary = summarize([...results, ...laws]);
  const metricVersions = Object.fromEntries(plans.flatMap((p) => p.metrics.map((m) => [m.id, m.metric.version] as const)));
  const baseline = options.baseline ? applyBaseline(options.baseline, { results, laws, gates, metricVersions }) : undefined;
  const exitCode = problems.length > 0 ? 2 : gates.every((g) => g.passed) ? 0 : 1;
  const report: RunReport = { summary, results, laws, gates, problems, exitCode, durationMs: performance.now() - started, ...(bailed() ? { bailed: true } : {}), ...(agreement.length ? { agreement } : {}), metricVersions, plan, ...(baseline ? { baseline } : {}) };
  const before = problems.length;
  await emit('onRunEnd', report);
  if (problems.length > before) report.exitCode = 2; // a reporter failed at the end: its output is incomplete
  return report;
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
