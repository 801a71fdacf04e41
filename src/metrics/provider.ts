import type { Metric } from './contract.js';

/** Where a metric is created: paths in options resolve against `root`. */
export interface MetricEnvironment {
  root: string;
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
