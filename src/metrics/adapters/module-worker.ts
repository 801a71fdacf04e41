/**
 * Inside a module metric's worker thread (or child process, module-process.ts): imports the
 * metric, answers score requests, and reports failures as messages. Whatever the metric does
 * here (process.exit, a stray rejection, a busy loop, running out of memory) ends this
 * thread or process, never the run.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Metric, ScoreOutcome } from '../contract.js';
import { instantiateModuleMetric } from './module-instance.js';
import { packOutcomes, unpackRequests, type WireOutcomes, type WireRequests } from './module-wire.js';

/** Host -> worker. */
export type ToWorker = ({ type: 'score'; id: number } & WireRequests) | { type: 'abort'; id: number } | { type: 'close' };
/** Worker -> host. */
export type FromWorker =
  | { type: 'ready'; declaration: Record<string, unknown> }
  | { type: 'load-error'; message: string }
  | ({ type: 'result'; id: number } & WireOutcomes)
  | { type: 'score-error'; id: number; message: string }
  | { type: 'closed' };

export interface ModuleWorkerData {
  modulePath: string;
  root: string;
  options: Record<string, unknown>;
}

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The declaration: every field but the functions. */
function declarationOf(metric: Metric): Record<string, unknown> {
  return Object.fromEntries(Object.entries(metric).filter(([, v]) => typeof v !== 'function'));
}

/** Where the metric's side of the protocol talks: a worker's parentPort, or a child process's IPC channel. */
export interface Port {
  postMessage(m: FromWorker): void;
  on(event: 'message', listener: (m: ToWorker) => void): void;
}

/** The worker thread's entry (module-channel.ts boots it). */
export function runModuleWorker(): Promise<void> {
  return serveMetric(parentPort!, workerData as ModuleWorkerData);
}

/** Imports the metric and answers the host's messages on `port` until closed. */
export async function serveMetric(port: Port, data: ModuleWorkerData): Promise<void> {
  const { modulePath, root, options } = data;
  let metric: Metric;
  try {
    metric = await instantiateModuleMetric(modulePath, root, options);
  } catch (e) {
    port.postMessage({ type: 'load-error', message: message(e) } satisfies FromWorker);
    return;
  }
  port.postMessage({ type: 'ready', declaration: declarationOf(metric) } satisfies FromWorker);
  const inFlight = new Map<number, AbortController>();
  port.on('message', (m: ToWorker) => {
    if (m.type === 'abort') inFlight.get(m.id)?.abort();
    else if (m.type === 'close') {
      void Promise.resolve().then(() => metric.close?.()).catch(() => undefined).finally(() => port.postMessage({ type: 'closed' } satisfies FromWorker));
    } else {
      const controller = new AbortController();
      inFlight.set(m.id, controller);
      void Promise.resolve()
        .then(() => metric.score(unpackRequests(m) as never, { signal: controller.signal }))
        .then((outcomes) => {
          try {
            port.postMessage({ type: 'result', id: m.id, ...packOutcomes(outcomes) } satisfies FromWorker);
          } catch (e) {
            port.postMessage({ type: 'score-error', id: m.id, message: `returned outcomes that cannot leave its worker (${message(e)})` } satisfies FromWorker);
          }
        }, (e: unknown) => port.postMessage({ type: 'score-error', id: m.id, message: message(e) } satisfies FromWorker))
        .finally(() => inFlight.delete(m.id));
    }
  });
}
