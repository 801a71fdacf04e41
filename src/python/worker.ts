/**
 * One persistent Python worker process (python/metric_suite_worker.py) speaking
 * newline-delimited JSON: `call` messages in, `result` / `error` messages out. Calls are
 * queued and sent one at a time, so a handler never sees two at once.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { commandOf, type PythonLaunch } from './launch.js';

/** A method raised in Python; the worker is fine and takes the next call. */
export class PythonError extends Error {
  override readonly name = 'PythonError';
  constructor(
    /** The Python exception class, e.g. `ModuleNotFoundError`. */
    readonly type: string,
    message: string,
    readonly traceback: string,
  ) {
    super(`${type}: ${message}`);
  }
}

/** The worker cannot be used any more (failed start, crash, timeout, garbage on stdout); it was killed. */
export class PythonWorkerFailure extends Error {
  override readonly name = 'PythonWorkerFailure';
}

export interface CallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

interface Pending {
  id: number;
  resolve(v: unknown): void;
  reject(e: Error): void;
}

const STDERR_KEEP = 8_000;

export class PythonWorker {
  private readonly child: ChildProcessWithoutNullStreams;
  private stderr = '';
  private buffer = '';
  private nextId = 1;
  private pending: Pending | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private failure: string | undefined;
  private readonly closed: Promise<void>;
  private ready!: (info: Record<string, unknown>) => void;
  private notReady!: (e: Error) => void;
  /** What the worker said at start: python version, handler, executable. */
  readonly started: Promise<Record<string, unknown>>;

  private constructor(private readonly argv: string[], launch: PythonLaunch) {
    const cmd = commandOf(launch);
    this.child = spawn(cmd.argv[0]!, cmd.argv.slice(1), { cwd: cmd.cwd, env: cmd.env, stdio: ['pipe', 'pipe', 'pipe'] });
    this.started = new Promise((resolve, reject) => {
      this.ready = resolve;
      this.notReady = reject;
    });
    this.started.catch(() => undefined);
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (c: string) => this.onStdout(c));
    this.child.stderr.on('data', (c: string) => {
      this.stderr = (this.stderr + c).slice(-STDERR_KEEP);
    });
    this.child.stdin.on('error', () => undefined);
    this.closed = new Promise((resolve) => {
      this.child.on('close', (code, signal) => {
        this.fail(signal ? `exited on signal ${signal}` : `exited with code ${code}`);
        resolve();
      });
    });
    this.child.on('error', (e) => this.fail(`could not be started (${e.message}); set the \`python\` option to your interpreter`));
  }

  /** Starts a worker and waits for its `ready` line. */
  static async start(launch: PythonLaunch, startTimeoutMs = 30_000): Promise<PythonWorker> {
    const w = new PythonWorker(commandOf(launch).argv, launch);
    const timer = setTimeout(() => w.fail(`did not start within ${startTimeoutMs} ms`), startTimeoutMs);
    try {
      await w.started;
      return w;
    } finally {
      clearTimeout(timer);
    }
  }

  get alive(): boolean {
    return this.failure === undefined;
  }

  /** The last lines the worker wrote to stderr. */
  stderrTail(lines = 15): string {
    return this.stderr.trimEnd().split(/\r?\n/).slice(-lines).join('\n').trim();
  }

  /** Calls a handler method; queued behind earlier calls. */
  call<T = unknown>(method: string, params: Record<string, unknown> = {}, o: CallOptions = {}): Promise<T> {
    const run = this.queue.then(() => this.send(method, params, o));
    this.queue = run.catch(() => undefined);
    return run as Promise<T>;
  }

  private send(method: string, params: Record<string, unknown>, o: CallOptions): Promise<unknown> {
    if (this.failure !== undefined) return Promise.reject(new PythonWorkerFailure(this.describe(this.failure)));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => this.fail(`was stopped: the call to ${method} was cancelled`);
      const done = () => {
        clearTimeout(timer);
        o.signal?.removeEventListener('abort', onAbort);
        this.pending = undefined;
      };
      this.pending = {
        id,
        resolve: (v) => {
          done();
          resolve(v);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      if (o.timeoutMs) timer = setTimeout(() => this.fail(`did not answer ${method} within ${o.timeoutMs} ms (killed)`), o.timeoutMs);
      if (o.signal?.aborted) return onAbort();
      o.signal?.addEventListener('abort', onAbort, { once: true });
      this.child.stdin.write(`${JSON.stringify({ type: 'call', id, method, params })}\n`);
    });
  }

  private onStdout(chunk: string): void {
    this.buffer += chunk;
    for (let nl = this.buffer.indexOf('\n'); nl >= 0 && this.failure === undefined; nl = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      if (line.trim()) this.onMessage(line);
    }
  }

  private onMessage(line: string): void {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return this.fail(`wrote a line that is not JSON: ${JSON.stringify(line.slice(0, 120))}`);
    }
    if (m.type === 'ready') return this.ready(m);
    if (m.type === 'error' && m.id === null) {
      const e = (m.error ?? {}) as Record<string, string>;
      return this.fail(`could not load its handler: ${e.type}: ${e.message}`);
    }
    const p = this.pending;
    if (!p || m.id !== p.id) return this.fail(`answered a call nobody made: ${JSON.stringify(line.slice(0, 120))}`);
    if (m.type === 'result') return p.resolve(m.result);
    if (m.type === 'error') {
      const e = (m.error ?? {}) as Record<string, string>;
      return p.reject(new PythonError(e.type ?? 'Exception', e.message ?? '', e.traceback ?? ''));
    }
    this.fail(`sent an unknown message: ${JSON.stringify(line.slice(0, 120))}`);
  }

  /** `worker (python3 ... handler) <reason>` plus the stderr tail. */
  describe(reason: string): string {
    const tail = this.stderrTail();
    return `python worker \`${this.argv.join(' ')}\` ${reason}${tail ? `; its stderr (tail):\n${tail}` : ''}`;
  }

  private fail(reason: string): void {
    if (this.failure !== undefined) return;
    this.failure = reason;
    this.kill();
    const p = this.pending;
    // Last words arrive on stderr around the exit: give them a moment.
    void Promise.race([this.closed, new Promise((r) => setTimeout(r, 200))]).then(() => {
      const e = new PythonWorkerFailure(this.describe(reason));
      this.notReady(e);
      p?.reject(e);
    });
  }

  kill(): void {
    if (this.failure === undefined) this.failure = 'was stopped';
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  /** `shutdown`, then SIGTERM, then SIGKILL. */
  async close(graceMs = 2_000): Promise<void> {
    const running = () => this.child.exitCode === null && this.child.signalCode === null && this.child.pid !== undefined;
    const wait = (ms: number) => Promise.race([this.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
    if (!running()) return;
    if (this.failure === undefined) {
      this.failure = 'was shut down';
      this.child.stdin.write(`${JSON.stringify({ type: 'shutdown' })}\n`);
      this.child.stdin.end();
      if (await wait(graceMs)) return;
    }
    if (running()) this.child.kill('SIGTERM');
    if (await wait(graceMs)) return;
    this.child.kill('SIGKILL');
    await wait(graceMs);
  }
}
