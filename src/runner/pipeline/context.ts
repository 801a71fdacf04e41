import type { CaseLoader } from '../../cases/load.js';
import type { LawOverrides } from '../../laws/plan.js';
import type { LawScorer } from '../../laws/_internals/types.js';
import type { MetricRegistry } from '../../metrics/registry.js';
import type { DiskCache } from '../cache.js';
import type { RunOptions } from '../options.js';
import type { Problem } from '../results.js';
import type { Emit } from './emit.js';

/** What every stage of a run reads: the options, the shared services, and the run's state. */
export interface RunContext {
  options: RunOptions;
  cwd: string;
  /** The folder the config's relative paths resolve against. */
  root: string;
  /** The config file, if any: problems creating a configured metric point at its entry there. */
  configFile?: string;
  problems: Problem[];
  registry: MetricRegistry;
  loader: CaseLoader;
  cache?: DiskCache;
  offline: boolean;
  overrides: LawOverrides;
  lawScore: LawScorer;
  emit: Emit;
  /** Gating failures and errors so far (for --bail). */
  failures: number;
  /** Set when scheduling must stop: --bail reached, or an interrupt. */
  stop?: 'bail' | 'interrupt';
  /** The interrupt signal (SIGINT/SIGTERM) and how long requests in flight may still finish. */
  interrupt?: { signal: AbortSignal; graceMs: number };
}

/** Whether scheduling stops: --bail reached, or an interrupt. */
export function stopped(ctx: RunContext): boolean {
  const bail = ctx.options.bail;
  if (!ctx.stop && bail !== undefined && bail > 0 && ctx.failures >= bail) ctx.stop = 'bail';
  return ctx.stop !== undefined;
}
