import type { Metric } from '../contract.js';
import { defineMetric } from '../define.js';
import { ModuleWorkerHost, WORKER_START_MS, type HostOptions } from './module-host.js';

export { importModule, mainExport } from './module-import.js';

/**
 * The `module:` adapter: a user's file exporting a metric (`export default defineMetric(...)`,
 * or `export const metric`), or a factory `(options) => metric` for configurable metrics.
 * The metric runs isolated in a worker thread, as vitest runs test files, or in a child
 * process with `isolation: process` (`pool` copies of it side by side): `process.exit`, an
 * unhandled rejection, a busy loop past its timeout or an out-of-memory becomes an error for
 * that metric's pending requests, the worker is replaced, and the run goes on.
 * @throws when the module cannot be imported or does not export a valid metric.
 */
export async function loadModuleMetric(modulePath: string, root: string, options: Record<string, unknown>, host: HostOptions | number = {}): Promise<Metric> {
  const workers = new ModuleWorkerHost({ modulePath, root, options }, host);
  const declaration = await workers.start();
  // The host times each batch from when it reaches a started worker; the runner's own timeout
  // (start-up included) is a longer safety net, so the reason is the batch's own time.
  const declared = typeof declaration.timeoutMs === 'number' ? declaration.timeoutMs : undefined;
  workers.batchTimeoutMs = (typeof host === 'object' ? host.timeoutMs : undefined) ?? declared ?? 60_000;
  try {
    return defineMetric({
      ...(declaration as unknown as Metric),
      timeoutMs: workers.batchTimeoutMs + WORKER_START_MS + 5_000,
      score: (requests, context) => workers.score(requests, context.signal),
      close: () => workers.close(),
    });
  } catch (e) {
    await workers.close(); // an invalid declaration: its worker goes too
    throw e;
  }
}
