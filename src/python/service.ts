/**
 * A Python-backed service: one persistent worker, started on first use, initialised with one
 * `init` call (loading the model once), restarted after a crash. Shared by crimson:upstream,
 * the radgraph `python` extractor and the radeval provider; a report generator (MAIRA-2)
 * can build on it the same way.
 */
import type { PythonLaunch } from './launch.js';
import { PythonError, PythonWorker, PythonWorkerFailure, type CallOptions } from './worker.js';

export interface PythonServiceOptions extends PythonLaunch {
  /** Params of the handler's `init` method (the worker keeps what it loads). */
  init?: Record<string, unknown>;
  /** Worker start plus `init` (model loading can take minutes). */
  startTimeoutMs?: number;
}

/** Exceptions that mean "the package is not installed here": the metric cannot run (skip), not a bug. */
export const MISSING_PACKAGE_ERRORS = new Set(['ModuleNotFoundError', 'ImportError']);

export class PythonService<Info = Record<string, unknown>> {
  private worker: Promise<{ worker: PythonWorker; info: Info }> | undefined;
  private closed = false;

  constructor(private readonly o: PythonServiceOptions) {}

  /** Starts the worker (once) and returns what `init` returned. */
  async info(): Promise<Info> {
    return (await this.ensure()).info;
  }

  /** Calls a method, starting (or restarting) the worker when needed. */
  async call<T = unknown>(method: string, params: Record<string, unknown>, o: CallOptions = {}): Promise<T> {
    const { worker } = await this.ensure();
    try {
      return await worker.call<T>(method, params, o);
    } catch (e) {
      if (e instanceof PythonWorkerFailure) this.worker = undefined; // next call starts a fresh one
      throw e;
    }
  }

  private ensure(): Promise<{ worker: PythonWorker; info: Info }> {
    if (this.closed) return Promise.reject(new Error('the python service is closed'));
    if (!this.worker) {
      const starting = (async () => {
        const timeout = this.o.startTimeoutMs ?? 600_000;
        const worker = await PythonWorker.start(this.o, Math.min(timeout, 60_000));
        try {
          const info = await worker.call<Info>('init', this.o.init ?? {}, { timeoutMs: timeout });
          return { worker, info };
        } catch (e) {
          await worker.close(500);
          throw e;
        }
      })();
      this.worker = starting;
      starting.catch(() => {
        if (this.worker === starting) this.worker = undefined;
      });
    }
    return this.worker;
  }

  async close(): Promise<void> {
    this.closed = true;
    const w = this.worker;
    this.worker = undefined;
    if (!w) return;
    try {
      await (await w).worker.close();
    } catch {
      /* it never started */
    }
  }
}

/** True when the error says a Python package (or the interpreter) is missing. */
export function isMissingPython(e: unknown): boolean {
  if (e instanceof PythonError) return MISSING_PACKAGE_ERRORS.has(e.type);
  return e instanceof PythonWorkerFailure && /could not be started|ENOENT|could not load its handler: (ModuleNotFoundError|ImportError)/.test(e.message);
}
