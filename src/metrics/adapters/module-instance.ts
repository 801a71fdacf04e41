import path from 'node:path';
import type { Metric } from '../contract.js';
import { importModule, mainExport } from './module-import.js';

/**
 * Imports a metric module and returns its metric (calling a factory with the options).
 * Runs inside the metric's worker (module-worker.ts); the messages are the ones users see.
 * Only `score` is checked here; the host checks the declaration it is sent.
 */
export async function instantiateModuleMetric(modulePath: string, root: string, options: Record<string, unknown>): Promise<Metric> {
  const file = path.resolve(root, modulePath);
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(file);
  } catch (e) {
    throw new Error(`cannot import metric module ${modulePath}: ${((e as Error)?.message ?? String(e)).split('\n')[0]}`);
  }
  let exported = mainExport(mod, 'metric');
  if (typeof exported === 'function') exported = await (exported as (o: Record<string, unknown>) => unknown)(options);
  if (!exported || typeof exported !== 'object' || !('id' in exported || 'score' in exported)) {
    throw new Error(`metric module ${modulePath} must export a metric (default export or \`metric\`), or a factory returning one`);
  }
  // The declaration is checked by the host (defineMetric in module.ts): zod stays out of the worker.
  const metric = exported as Metric;
  if (typeof metric.score !== 'function') throw new Error(`invalid metric${typeof metric.id === 'string' ? ` "${metric.id}"` : ''}: score must be a function`);
  return metric;
}
