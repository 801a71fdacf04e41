import type { ScoreOutcome, ScoreRequest } from '../contract.js';
import { spawnProcess, spawnWorker, type Channel, type Isolation } from './module-channel.js';
import type { FromWorker, ModuleWorkerData, ToWorker } from './module-worker.js';
import { packRequests, unpackOutcomes } from './module-wire.js';
import { BatchTimeoutError } from '../timeout.js';

/** Heap of one metric worker or process (MB): past it the worker ends with an out-of-memory error, the run does not. */
export const WORKER_HEAP_MB = 1024;
/** How long a worker may take to import its module and answer. */
export const WORKER_START_MS = 60_000;
/** After a batch is cancelled (timeout), how long the worker gets to return before it is replaced. */
const ABORT_GRACE_MS = 250;
/**
 * Workers that may fail in a row, none scoring anything, before the metric is given up for the
 * rest of the run: a metric that exits on every batch would otherwise cost a worker start-up
 * (seconds) per batch, and a 140-request run would take minutes to say the same thing.
 */
export const MAX_CONSECUTIVE_CRASHES = 3;

interface Pending {
  resolve(outcomes: ScoreOutcome[]): void;
  reject(e: Error): void;
}

/** A batch already answered for (timed out) that its worker has not answered yet. */
const OWED: Pending = { resolve: () => undefined, reject: () => undefined };

/** One worker (thread or process) and what it owes. */
interface Slot {
  channel: Channel;
  ready: Promise<Record<string, unknown>>;
  pending: Map<number, Pending>;
  ended: boolean;
  /** Taken out of the pool (a cancelled batch): it ends once it owes nothing. */
  retired?: boolean;
}

export interface HostOptions {
  heapMb?: number;
  /** `worker` (a thread, default) or `process` (a child process each). */
  isolation?: Isolation;
  /** Copies of the metric (a pool): batches go to the least busy. Default 1. */
  pool?: number;
  /**
   * Time a batch may take once its worker has started (default: none, the caller's own timeout):
   * a worker started afresh after a crash or a timeout does not eat into the batch's time.
   */
  timeoutMs?: number;
}

/**
 * One module metric in a pool of workers (threads or child processes), each replaced whenever
 * it fails. A crash of any kind (process.exit, an uncaught throw or rejection, out of memory)
 * rejects that worker's pending batches with the reason. A batch cancelled by its timeout
 * retires its worker at once (new batches go to a fresh one); the old worker gets a short
 * grace, then is ended.
 */
export class ModuleWorkerHost {
  private readonly slots: (Slot | undefined)[];
  private nextId = 1;
  private closed = false;
  private readonly heapMb: number;
  private readonly isolation: Isolation;
  /** Retired workers still finishing (or failing) what they owe: ended with the host too. */
  private readonly retiredSlots = new Set<Slot>();
  private crashesInARow = 0;
  private lastCrash = '';
  /** Per-batch time from when it is sent to a started worker; set from the config or the declaration (module.ts). */
  batchTimeoutMs: number | undefined;

  constructor(private readonly data: ModuleWorkerData, options: HostOptions | number = {}) {
    const o = typeof options === 'number' ? { heapMb: options } : options;
    this.heapMb = o.heapMb ?? WORKER_HEAP_MB;
    this.isolation = o.isolation ?? 'worker';
    this.slots = new Array<Slot | undefined>(Math.max(1, o.pool ?? 1)).fill(undefined);
    this.batchTimeoutMs = o.timeoutMs;
  }

  /** Starts the first worker (if none runs) and resolves with the metric's declaration. */
  start(): Promise<Record<string, unknown>> {
    return (this.slots[0] ??= this.spawn()).ready;
  }

  async score(requests: ScoreRequest[], signal: AbortSignal): Promise<ScoreOutcome[]> {
    if (this.closed) throw new Error('its worker was closed');
    if (this.crashesInARow >= MAX_CONSECUTIVE_CRASHES) {
      throw new Error(`its worker failed ${this.crashesInARow} times in a row without scoring anything (last: ${this.lastCrash}); its remaining requests were not sent`);
    }
    const i = this.leastBusy();
    const slot = (this.slots[i] ??= this.spawn());
    await slot.ready;
    // never post to a worker that ended meanwhile: nothing would answer the batch
    if (slot.ended) throw new Error('its worker ended before the batch was sent');
    const id = this.nextId++;
    return new Promise<ScoreOutcome[]>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settled = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      slot.pending.set(id, { resolve: (o) => (settled(), resolve(o)), reject: (e) => (settled(), reject(e)) });
      const cancel = () => {
        this.retire(slot);
        this.post(slot, { type: 'abort', id });
        // a batch that cannot stop (a busy loop) takes its worker with it
        setTimeout(() => slot.pending.has(id) && this.crash(slot, 'did not stop after its batch was cancelled (timeout); the worker was replaced'), ABORT_GRACE_MS).unref();
      };
      const onAbort = () => {
        if (slot.pending.has(id)) cancel();
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      const ms = this.batchTimeoutMs;
      if (ms !== undefined && !signal.aborted) {
        timer = setTimeout(() => {
          const p = slot.pending.get(id);
          if (!p) return;
          // the batch's promise settles now; the worker still owes an answer (a late one is dropped)
          slot.pending.set(id, OWED);
          cancel();
          p.reject(new BatchTimeoutError(ms));
        }, ms);
        timer.unref();
      }
      this.post(slot, { type: 'score', id, ...packRequests(requests) });
    });
  }

  /** Asks each metric copy to close, then ends the workers. */
  async close(): Promise<void> {
    this.closed = true;
    for (const slot of this.retiredSlots) this.end(slot);
    await Promise.all(this.slots.map(async (slot) => {
      if (!slot || slot.ended) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        timer.unref();
        slot.pending.set(0, { resolve: () => (clearTimeout(timer), resolve()), reject: () => (clearTimeout(timer), resolve()) });
        this.post(slot, { type: 'close' });
      });
      this.crash(slot, 'was closed');
    }));
  }

  /** The slot to use: an empty one first, else the one owing the fewest batches. */
  private leastBusy(): number {
    let best = 0;
    for (let i = 0; i < this.slots.length; i++) {
      const s = this.slots[i];
      if (!s) return i;
      if (s.pending.size < this.slots[best]!.pending.size) best = i;
    }
    return best;
  }

  private spawn(): Slot {
    const spawn = this.isolation === 'process' ? spawnProcess : spawnWorker;
    const slot = { pending: new Map<number, Pending>(), ended: false } as Slot;
    let started = false;
    let settle: { resolve(d: Record<string, unknown>): void; reject(e: Error): void } | undefined;
    slot.ready = new Promise((resolve, reject) => (settle = { resolve, reject }));
    const timer = setTimeout(() => this.crash(slot, `did not load within ${WORKER_START_MS} ms`), WORKER_START_MS);
    timer.unref();
    const onMessage = (m: FromWorker) => {
      if (m.type === 'ready') {
        started = true;
        clearTimeout(timer);
        settle!.resolve(m.declaration);
      } else if (m.type === 'load-error') {
        clearTimeout(timer);
        settle!.reject(new Error(m.message));
        this.crash(slot, m.message);
      } else if (m.type === 'closed') {
        slot.pending.get(0)?.resolve([]);
      } else {
        const p = slot.pending.get(m.id);
        slot.pending.delete(m.id);
        if (m.type === 'result') {
          this.crashesInARow = 0;
          p?.resolve(unpackOutcomes(m));
        }
        else p?.reject(new Error(m.message));
        if (slot.retired && slot.pending.size === 0) this.end(slot);
      }
    };
    const onEnded = (reason: string) => {
      clearTimeout(timer);
      if (!started) settle!.reject(new Error(/^exited/.test(reason) ? `metric module ${this.data.modulePath} exited (${reason.replace(/^exited with (code \S+).*/, '$1')}) while loading` : `metric module ${this.data.modulePath} ${reason}`));
      this.crash(slot, reason);
    };
    slot.channel = spawn(this.data, this.heapMb, { message: onMessage, ended: onEnded });
    // a failed start is reported to whoever awaits it; never an unhandled rejection
    slot.ready.catch(() => undefined);
    return slot;
  }

  private post(slot: Slot, m: ToWorker): void {
    try {
      slot.channel.post(m);
    } catch (e) {
      this.crash(slot, `could not be sent its batch: ${(e as Error).message}`);
    }
  }

  /** New batches go to a fresh worker; this one finishes (or fails) what it owes, then ends. */
  private retire(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots[i] = undefined;
    if (slot.ended || slot.retired) return;
    slot.retired = true;
    this.retiredSlots.add(slot);
    if (slot.pending.size === 0) this.end(slot);
  }

  /** Ends a retired worker that owes nothing (no crash: nothing is failed or counted). */
  private end(slot: Slot): void {
    this.retiredSlots.delete(slot);
    if (slot.ended) return;
    slot.ended = true;
    for (const p of slot.pending.values()) p.reject(new Error('its worker was closed'));
    slot.pending.clear();
    slot.channel.kill();
  }

  /** Ends a worker and fails what it still owed; the next batch starts a new one. */
  private crash(slot: Slot, reason: string): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots[i] = undefined;
    this.retiredSlots.delete(slot);
    if (slot.ended) return;
    slot.ended = true;
    if (!this.closed) {
      this.crashesInARow++;
      this.lastCrash = reason;
    }
    const owed = [...slot.pending.values()];
    slot.pending.clear();
    for (const p of owed) p.reject(new Error(`its worker ${reason}`));
    slot.channel.kill();
  }
}
