/**
 * Metric ids for the vitest matchers: `expect('bleu')`, or an id from the project's config (found
 * upwards from the working directory, like the CLI finds it): a configured built-in, a module,
 * a Python `command` or an `http` metric. One registry per project, created on first use;
 * `closeMetrics()` stops the workers it started (the matchers' module also does at exit).
 */
import { loadConfig } from '../config/load.js';
import { builtinProviders } from '../metrics/builtins.js';
import { MetricRegistry, type RegisteredMetric } from '../metrics/registry.js';
import { formatProblem } from '../runner/results.js';

const registries = new Map<string, Promise<MetricRegistry>>();

async function registryFor(cwd: string): Promise<MetricRegistry> {
  const { config, root, file, problems } = await loadConfig(cwd);
  if (problems.length) throw new Error(`metric-suite config could not be loaded: ${problems.map(formatProblem).join('; ')}`);
  return new MetricRegistry(builtinProviders, config.metrics, root, file ? { configFile: file } : {});
}

/** The metric an id names, as `metric-suite run` would create it (errors say why it cannot run). */
export async function metricById(id: string, cwd: string = process.cwd()): Promise<RegisteredMetric> {
  let pending = registries.get(cwd);
  if (!pending) {
    pending = registryFor(cwd);
    registries.set(cwd, pending);
    pending.catch(() => registries.delete(cwd));
  }
  return (await pending).get(id);
}

/** Closes every metric the matchers created by id (worker processes, sessions). */
export async function closeMetrics(): Promise<void> {
  const all = [...registries.values()];
  registries.clear();
  await Promise.all(all.map(async (r) => (await r.catch(() => undefined))?.closeAll()));
}
