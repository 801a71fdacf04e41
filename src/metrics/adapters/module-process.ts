/**
 * The entry of a module metric's child process (`isolation: process`, module-channel.ts):
 * the same protocol as the worker thread, over the IPC channel. A stray exception or
 * rejection is reported as `fatal` and ends the process; the host turns it into an error for
 * what was pending.
 */
import type { FromWorker, ModuleWorkerData, Port, ToWorker } from './module-worker.js';
import { serveMetric } from './module-worker.js';

const send = (m: unknown, then?: () => void): void => {
  if (process.connected) process.send!(m, undefined, {}, () => then?.());
  else then?.();
};

const fatal = (e: unknown): void => {
  const message = e instanceof Error ? e.message : String(e);
  send({ type: 'fatal', message }, () => process.exit(1));
};
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);
// the host went away (the run ended, or was killed): so does the metric
process.on('disconnect', () => process.exit(0));

const port: Port = {
  postMessage: (m: FromWorker) => send(m),
  on: (_event, listener) => void process.on('message', (m) => listener(m as ToWorker)),
};

void serveMetric(port, JSON.parse(process.argv[2] ?? '{}') as ModuleWorkerData);
