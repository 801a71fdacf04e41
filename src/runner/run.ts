import path from 'node:path';
import { capabilityFilterProblems, knownCapabilities } from '../cases/lint/capabilities.js';
import { CaseLoader } from '../cases/load.js';
import { loadConfig } from '../config/load.js';
import { builtinProviders } from '../metrics/builtins.js';
import { MetricRegistry } from '../metrics/registry.js';
import { DiskCache } from './cache.js';
import { schedulerScorer } from './law-scorer.js';
import type { RunOptions } from './options.js';
import type { Problem, RunReport } from './results.js';
import { selectSuites } from './select.js';
import type { RunContext } from './pipeline/context.js';
import { emitter } from './pipeline/emit.js';
import { gate } from './pipeline/gating.js';
import { guardProcess } from './pipeline/guard.js';
import { planRun } from './pipeline/plan.js';
import { report } from './pipeline/report.js';
import { schedule } from './pipeline/schedule.js';
import { verdicts } from './pipeline/verdicts.js';

export type { RunOptions };

/**
 * Runs suites of cases against metrics and reports; never throws for bad input. A pipeline
 * of named stages (src/runner/pipeline): plan -> schedule -> verdicts -> gates -> report,
 * with results streaming from scoring to the reporters as they are decided.
 */
export async function runSuites(options: RunOptions = {}): Promise<RunReport> {
  const started = performance.now();
  const unguard = guardProcess();
  try {
    return await pipeline(options, started);
  } finally {
    unguard();
  }
}

async function pipeline(options: RunOptions, started: number): Promise<RunReport> {
  const ctx = await context(options);
  const onInterrupt = () => (ctx.stop = 'interrupt');
  if (options.signal?.aborted) onInterrupt();
  options.signal?.addEventListener('abort', onInterrupt, { once: true });
  const selection = await selectSuites(ctx.root, ctx.cwd, { ...options, suiteGlobs: options.suiteGlobs ?? ctx.suiteGlobs });
  ctx.problems.push(...selection.problems);
  // a --capability no case can have (cases name documented or declared ones) is said at once, with the near name
  const badFilters = capabilityFilterProblems(options.capabilities, ctx.capabilities);
  ctx.problems.push(...badFilters);
  const planned = await planRun(ctx, badFilters.length ? [] : selection.suites);
  const metrics = [...new Set(planned.suites.flatMap((p) => p.metrics.map((m) => m.id)))];
  await ctx.emit('onRunStart', { suites: planned.suites.map((p) => p.suite.name), metrics, total: planned.total, problems: ctx.problems });
  const tally = await gate(verdicts(schedule(planned, ctx), ctx), ctx);
  return report(tally, planned, ctx, started);
}

/** The run's shared services, from the options and the config file. */
async function context(options: RunOptions): Promise<RunContext & { suiteGlobs?: string[]; capabilities: ReadonlySet<string> }> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const loadedConfig = await loadConfig(cwd, options.config);
  const { config, root } = loadedConfig;
  const problems: Problem[] = [...loadedConfig.problems];
  const cache = options.cache === false ? undefined : new DiskCache(path.resolve(root, options.cacheDir ?? config.cacheDir ?? '.metric-suite/cache'));
  const offline = options.offline === true;
  const capabilities = knownCapabilities(config.capabilities);
  return {
    options, cwd, root, problems, offline, capabilities,
    ...(loadedConfig.file ? { configFile: loadedConfig.file } : {}),
    ...(config.suites ? { suiteGlobs: config.suites } : {}),
    registry: new MetricRegistry(options.providers ?? builtinProviders, config.metrics, root, { ...(options.record ? { record: true } : {}), ...(loadedConfig.file ? { configFile: loadedConfig.file } : {}), ...(offline ? { offline: true } : {}) }),
    loader: new CaseLoader(cwd, capabilities),
    ...(cache ? { cache } : {}),
    lawScore: schedulerScorer({ ...(cache ? { cache } : {}), offline }),
    overrides: {
      ...(options.laws ? { laws: options.laws } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.lawPath ? { lawPath: options.lawPath } : {}),
      ...(options.numRuns !== undefined ? { numRuns: options.numRuns } : {}),
    },
    emit: emitter(options.reporters ?? [], problems),
    failures: 0,
    ...(options.signal ? { interrupt: { signal: options.signal, graceMs: options.interruptGraceMs ?? 3_000 } } : {}),
  };
}
