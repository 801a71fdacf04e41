import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ScoreOutcome, ScoreRequest } from '../contract.js';
import type { FromWorker, ModuleWorkerData, ToWorker } from './module-worker.js';

/** Heap of one metric worker (MB): past it the worker ends with an out-of-memory error, the run does not. */
export const WORKER_HEAP_MB = 1024;
/** How long a worker may take to import its module and answer. */
export const WORKER_START_MS = 60_000;
/** After a batch is cancelled (timeout), how long the worker gets to return before it is replaced. */
const ABORT_GRACE_MS = 250;

interface Pending {
  resolve(outcomes: ScoreOutcome[]): void;
  reject(e: Error): void;
}

// The worker's entry, resolved here so it works from dist (.js) and from sources under tsx (.ts).
const self = import.meta.url;
const entry = self.replace(/module-host\.(ts|js)$/, (_, ext: string) => `module-worker.${ext}`);
// From sources (tests) the entry is TypeScript and is loaded through tsx; never needed from dist.
const tsxApi = (): string => (entry.endsWith('.ts') ? pathToFileURL(createRequire(self).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href : '');
const BOOT = `
const { workerData } = require('node:worker_threads');
const { entry, tsx } = workerData.boot;
const load = entry.endsWith('.ts') ? import(tsx).then((t) => t.tsImport(entry, entry)) : import(entry);
load.then((m) => m.runModuleWorker());
`;

/** One worker and what it owes. */
interface Slot {
  worker: Worker;
  ready: Promise<Record<string, unknown>>;
  pending: Map<number, Pending>;
}

/**
 * One module metric in a worker thread, replaced whenever it fails. A crash of any kind
 * (process.exit, an uncaught throw or rejection, out of memory) rejects that worker's pending
 * batches with the reason. A batch cancelled by its timeout retires its worker at once (new
 * batches go to a fresh one); the old worker gets a short grace, then is terminated.
 */
export class ModuleWorkerHost {
  private slot: Slot | undefined;
  private nextId = 1;
  private closed = false;

  constructor(private readonly data: ModuleWorkerData, private readonly heapMb = WORKER_HEAP_MB) {}

  /** Starts the worker (if none runs) and resolves with the metric's declaration. */
  start(): Promise<Record<string, unknown>> {
    return (this.slot ??= this.spawn()).ready;
  }

  async score(requests: ScoreRequest[], signal: AbortSignal): Promise<ScoreOutcome[]> {
    if (this.closed) throw new Error('its worker was closed');
    const slot = (this.slot ??= this.spawn());
    await slot.ready;
    const id = this.nextId++;
    return new Promise<ScoreOutcome[]>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      const onAbort = () => {
        if (!slot.pending.has(id)) return;
        if (this.slot === slot) this.slot = undefined;
        this.post(slot, { type: 'abort', id });
        // a batch that cannot stop (a busy loop) takes its worker with it
        setTimeout(() => slot.pending.has(id) && this.crash(slot, 'did not stop after its batch was cancelled (timeout); the worker was replaced'), ABORT_GRACE_MS).unref();
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      this.post(slot, { type: 'score', id, requests });
    });
  }

  /** Asks the metric to close, then ends the worker. */
  async close(): Promise<void> {
    this.closed = true;
    const slot = this.slot;
    if (!slot) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      timer.unref();
      slot.worker.on('message', (m: FromWorker) => m.type === 'closed' && (clearTimeout(timer), resolve()));
      slot.worker.once('exit', () => (clearTimeout(timer), resolve()));
      this.post(slot, { type: 'close' });
    });
    this.crash(slot, 'was closed');
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { ...this.data, boot: { entry, tsx: tsxApi() } },
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot = { worker, pending: new Map<number, Pending>() } as Slot;
    slot.ready = new Promise((resolve, reject) => {
      let started = false;
      const timer = setTimeout(() => this.crash(slot, `did not load within ${WORKER_START_MS} ms`), WORKER_START_MS);
      timer.unref();
      const fail = (reason: string) => {
        clearTimeout(timer);
        if (!started) reject(new Error(reason));
      };
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'ready') {
          started = true;
          clearTimeout(timer);
          resolve(m.declaration);
        } else if (m.type === 'load-error') {
          fail(m.message);
          this.crash(slot, m.message);
        } else if (m.type === 'result' || m.type === 'score-error') {
          const p = slot.pending.get(m.id);
          slot.pending.delete(m.id);
          if (m.type === 'result') p?.resolve(m.outcomes);
          else p?.reject(new Error(m.message));
        }
      });
      worker.on('error', (e) => {
        const reason = (e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `ran out of memory (worker heap limit ${this.heapMb} MB)`
          : `crashed: ${e?.message ?? String(e)}`;
        fail(`metric module ${this.data.modulePath} ${reason}`);
        this.crash(slot, reason);
      });
      worker.on('exit', (code) => {
        fail(`metric module ${this.data.modulePath} exited (code ${code}) while loading`);
        this.crash(slot, `exited with code ${code} (process.exit in the metric?)`);
      });
    });
    // a failed start is reported to whoever awaits it; never an unhandled rejection
    slot.ready.catch(() => undefined);
    return slot;
  }

  private post(slot: Slot, m: ToWorker): void {
    try {
      slot.worker.postMessage(m);
    } catch (e) {
      this.crash(slot, `could not be sent its batch: ${(e as Error).message}`);
    }
  }

  /** Ends a worker and fails what it still owed; the next batch starts a new one. */
  private crash(slot: Slot, reason: string): void {
    if (this.slot === slot) this.slot = undefined;
    const owed = [...slot.pending.values()];
    slot.pending.clear();
    for (const p of owed) p.reject(new Error(`its worker ${reason}`));
    void slot.worker.terminate().catch(() => undefined);
  }
}
