import type { Metric } from './contract.js';

/** Where a metric is created: paths in options resolve against `root`. */
export interface MetricEnvironment {
  root: string;
  /** `--record`: metrics with a live generator write its output back into the case files. */
  record?: boolean;
}

/**
 * A built-in metric family. `create` receives the user's options from the config file
 * (already parsed YAML/JSON/JS values) and returns a ready metric. Options are part of the
 * cache key, so two configurations of one metric never share cached scores.
 */
export interface MetricProvider {
  id: string;
  description: string;
  create(options: Record<string, unknown>, env: MetricEnvironment): Metric | Promise<Metric>;
}

/**
 * Thrown by `create` when a metric cannot run here for a reason that is not a mistake, such
 * as an LLM judge with no endpoint configured. The runner reports its cases as `skip` with
 * this message instead of failing the run.
 */
export class MetricUnavailableError extends Error {
  override readonly name = 'MetricUnavailableError';
}
