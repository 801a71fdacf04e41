import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ModuleWorkerData, ToWorker } from './module-worker.js';

/**
 * How a module metric is isolated: `worker` (a worker thread, the default) or `process` (a
 * child process of its own: a metric with native state, a leak, or one that must not share
 * the run's heap asks for it in the config with `isolation: process`).
 */
export type Isolation = 'worker' | 'process';

/** One isolated copy of the metric, as the host (module-host.ts) sees it. */
export interface Channel {
  /** Throws when the message cannot be sent. */
  post(m: ToWorker): void;
  /** Ends it at once (a process: its whole process group). */
  kill(): void;
}

/** What a channel reports: messages, and its end with the reason (once). */
export interface ChannelEvents {
  message(m: FromWorker): void;
  ended(reason: string): void;
}

export type Spawn = (data: ModuleWorkerData, heapMb: number, events: ChannelEvents) => Channel;

// Entries resolved here so they work from dist (.js) and from sources under tsx (.ts).
const self = import.meta.url;
const sibling = (name: string): string => self.replace(/module-channel\.(ts|js)$/, (_, ext: string) => `${name}.${ext}`);
const fromSources = self.endsWith('.ts');
const tsxUrl = (spec: string): string => pathToFileURL(createRequire(self).resolve(spec).replace(/\.cjs$/, '.mjs')).href;

const BOOT = `
const { workerData } = require('node:worker_threads');
const { entry, tsx } = workerData.boot;
const load = entry.endsWith('.ts') ? import(tsx).then((t) => t.tsImport(entry, entry)) : import(entry);
load.then((m) => m.runModuleWorker());
`;

/** A worker thread; its heap limit is V8's resourceLimits. */
export const spawnWorker: Spawn = (data, heapMb, events) => {
  const entry = sibling('module-worker');
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { ...data, boot: { entry, tsx: fromSources ? tsxUrl('tsx/esm/api') : '' } },
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    stdout: false,
    stderr: false,
  });
  worker.unref();
  worker.on('message', (m: FromWorker) => events.message(m));
  worker.on('error', (e) => {
    events.ended((e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY' ? `ran out of memory (worker heap limit ${heapMb} MB)` : `crashed: ${e?.message ?? String(e)}`);
  });
  worker.on('exit', (code) => events.ended(`exited with code ${code} (process.exit in the metric?)`));
  return { post: (m) => worker.postMessage(m), kill: () => void worker.terminate().catch(() => undefined) };
};

/** Enough of a child's stderr to recognise V8's out-of-memory report. */
const STDERR_TAIL = 4_096;

/**
 * A child process in a process group of its own (killed as a whole, so no grandchild outlives
 * the run), its heap limited with --max-old-space-size. A crash the child can still report
 * (an uncaught exception or rejection) arrives as a `fatal` message before it exits.
 */
export const spawnProcess: Spawn = (data, heapMb, events) => {
  const entry = new URL(sibling('module-process')).pathname;
  const child = fork(entry, [JSON.stringify(data)], {
    execArgv: [...(fromSources ? ['--import', tsxUrl('tsx')] : []), `--max-old-space-size=${heapMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    detached: true,
  });
  child.unref();
  child.channel?.unref();
  let stderr = '';
  let fatal: string | undefined;
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-STDERR_TAIL)));
  child.on('message', (m: FromWorker | { type: 'fatal'; message: string }) => (m.type === 'fatal' ? (fatal = m.message) : events.message(m)));
  child.on('error', (e) => events.ended(`could not start: ${e.message}`));
  child.on('exit', (code, signal) => {
    if (/heap out of memory|Reached heap limit/i.test(stderr)) events.ended(`ran out of memory (process heap limit ${heapMb} MB)`);
    else if (fatal !== undefined) events.ended(`crashed: ${fatal}`);
    else if (signal) events.ended(`was killed by ${signal}`);
    else events.ended(`exited with code ${code} (process.exit in the metric?)`);
  });
  const kill = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  // a detached child would outlive the run: it ends with it, however the run ends
  process.on('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return {
    post: (m) => {
      if (!child.connected) throw new Error('its process is not connected');
      child.send(m);
    },
    kill,
  };
};
