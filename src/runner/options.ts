import type { LawOverrides } from '../laws/plan.js';
import type { MetricProvider } from '../metrics/provider.js';
import type { Baseline } from './baseline/types.js';
import type { Reporter } from './hooks.js';
import type { CaseFilter, SuiteSelection } from './select.js';
import type { Shard } from './shard/index.js';

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
  /**
   * Interrupts the run (the CLI aborts it on SIGINT/SIGTERM): nothing new is scheduled,
   * requests in flight get `interruptGraceMs` (default 3,000) to finish, and the report covers
   * what completed, marked `interrupted` (exit 130).
   */
  signal?: AbortSignal;
  interruptGraceMs?: number;
}
