import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { decode, encode, preview, PROTOCOL_VERSION, type HostMessage, type WorkerMessage } from './protocol.js';
import { StderrTail, withStderr } from './stderr-tail.js';

/** How to start a worker process. */
export interface WorkerCommand {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/**
 * The worker can no longer be trusted (crash, hang, garbage on stdout, failed start): the
 * message holds the reason and the stderr tail. The worker is killed; start a new one.
 */
export class WorkerFailure extends Error {
  override readonly name = 'WorkerFailure';
}

interface Waiter {
  id: number | 'hello';
  resolve(m: WorkerMessage): void;
  reject(e: WorkerFailure): void;
}

/**
 * One long-lived worker process speaking newline-delimited JSON. One message is in flight
 * at a time (the caller serializes); anything the worker writes to stdout while nothing is
 * awaited, or that is not a protocol message, is a protocol failure.
 */
export class CommandWorker {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly stderr = new StderrTail();
  /** Pieces of the line being received (joined when its newline arrives). */
  private readonly pending: string[] = [];
  private waiter: Waiter | undefined;
  private nextId = 1;
  private failure: string | undefined;
  private readonly closed: Promise<void>;

  private constructor(private readonly command: WorkerCommand) {
    const [file, ...args] = command.argv;
    // its own process group: the worker and anything it starts are killed together
    this.child = spawn(file!, args, { cwd: command.cwd, env: command.env, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onStdout(chunk));
    this.child.stderr.on('data', (chunk: string) => this.stderr.push(chunk));
    this.child.stdin.on('error', () => {
      /* EPIPE when the worker died: reported by 'close' */
    });
    // 'exit', not 'close': a grandchild holding stdout open must not hide the worker's death.
    // Output already in the pipe still arrives: 'close', or a short wait, comes first.
    const streamsClosed = new Promise<void>((resolve) => this.child.on('close', () => resolve()));
    this.closed = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        void Promise.race([streamsClosed, new Promise((r) => setTimeout(r, 100).unref())]).then(() => {
          this.fail(signal ? `exited on signal ${signal}` : `exited with code ${code}`);
          this.killGroup('SIGKILL');
          resolve();
        });
      });
    });
    this.child.on('error', (e) => {
      this.fail(`could not be started: ${e.message}`);
    });
  }

  /** Starts a worker and does the handshake; returns it with the declaration it sent (unchecked). */
  static async start(command: WorkerCommand, options: Record<string, unknown>, startTimeoutMs: number): Promise<{ worker: CommandWorker; declaration: unknown }> {
    const worker = new CommandWorker(command);
    try {
      const reply = await worker.send({ type: 'hello', protocol: PROTOCOL_VERSION, options }, 'hello', startTimeoutMs);
      if (reply.type === 'error') throw new WorkerFailure(worker.describe(`reported an error during the handshake: ${reply.error}`));
      if (reply.type !== 'hello') throw new WorkerFailure(worker.describe(`answered the handshake with a "${reply.type}" message`));
      if (reply.protocol !== PROTOCOL_VERSION) {
        throw new WorkerFailure(worker.describe(`speaks protocol ${reply.protocol}; this metric-suite speaks protocol ${PROTOCOL_VERSION}`));
      }
      return { worker, declaration: reply.declaration };
    } catch (e) {
      worker.kill();
      throw e;
    }
  }

  /** Whether the worker can take another message. */
  get alive(): boolean {
    return this.failure === undefined;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The tail of what the worker wrote to stderr. */
  stderrTail(): string {
    return this.stderr.tail();
  }

  /** `the worker (python3 m.py) <reason>` with the stderr tail. */
  describe(reason: string): string {
    return withStderr(`worker \`${this.command.argv.join(' ')}\` ${reason}`, this.stderr.tail());
  }

  /**
   * Sends a batch and waits for its result. Throws WorkerFailure (and kills the worker)
   * on a crash, a timeout, cancellation or a protocol violation.
   */
  async score(requests: unknown[], timeoutMs: number, signal?: AbortSignal): Promise<WorkerMessage> {
    const id = this.nextId++;
    return this.send({ type: 'score', id, requests }, id, timeoutMs, signal);
  }

  private send(message: HostMessage, id: number | 'hello', timeoutMs: number, signal?: AbortSignal): Promise<WorkerMessage> {
    if (this.failure !== undefined) return Promise.reject(new WorkerFailure(this.describe(this.failure)));
    if (this.waiter) return Promise.reject(new Error('CommandWorker: a message is already in flight'));
    return new Promise<WorkerMessage>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => this.fail('was stopped: the batch was cancelled');
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.waiter = undefined;
      };
      this.waiter = {
        id,
        resolve: (m) => {
          done();
          resolve(m);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      };
      const what = id === 'hello' ? 'the handshake' : `batch ${id}`;
      timer = setTimeout(() => this.fail(`did not answer ${what} within ${timeoutMs} ms (killed)`), timeoutMs);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.child.stdin.write(encode(message));
    });
  }

  /** Linear in the output: only the new chunk is searched, and a long line is joined once. */
  private onStdout(chunk: string): void {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0 && this.failure === undefined; nl = chunk.indexOf('\n', start)) {
      const piece = chunk.slice(start, nl);
      const line = this.pending.length > 0 ? this.pending.join('') + piece : piece;
      this.pending.length = 0;
      start = nl + 1;
      if (!line.trim()) continue;
      const message = decode(line);
      if (typeof message === 'string') return this.fail(`wrote garbage to stdout (${message})`);
      const w = this.waiter;
      if (!w) return this.fail(`wrote a message nobody asked for: ${preview(line)}`);
      const expected = w.id === 'hello' ? message.type === 'hello' || message.type === 'error' : message.type !== 'hello' && (message.id === undefined || message.id === w.id);
      if (!expected) return this.fail(`answered ${w.id === 'hello' ? 'the handshake' : `batch ${w.id}`} with ${preview(line)}`);
      w.resolve(message);
    }
    if (start < chunk.length && this.failure === undefined) this.pending.push(start === 0 ? chunk : chunk.slice(start));
  }

  /** Marks the worker failed, kills it, and fails the message in flight. */
  private fail(reason: string): void {
    if (this.failure !== undefined) return;
    this.failure = reason;
    this.kill();
    const w = this.waiter;
    if (!w) return;
    // A crash's last words arrive on stderr around the exit: give them a moment.
    void Promise.race([this.closed, new Promise((r) => setTimeout(r, 200))]).then(() => w.reject(new WorkerFailure(this.describe(reason))));
  }

  /** Kills the process group at once (SIGKILL): the worker and whatever it started. */
  kill(): void {
    if (this.failure === undefined) this.failure = 'was stopped';
    this.killGroup('SIGKILL');
  }

  /** Signals the worker's process group (the worker alone where groups do not exist). */
  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      if (process.platform !== 'win32') process.kill(-pid, signal);
      else if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    } catch {
      /* the group is gone already */
    }
  }

  /** Clean shutdown: `{"type":"shutdown"}`, then SIGTERM after `graceMs`, then SIGKILL. */
  async close(graceMs = 2_000): Promise<void> {
    const running = () => this.child.exitCode === null && this.child.signalCode === null && this.child.pid !== undefined;
    const wait = (ms: number) => Promise.race([this.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
    if (!running()) return;
    if (this.failure === undefined) {
      this.failure = 'was shut down';
      this.child.stdin.write(encode({ type: 'shutdown' }));
      this.child.stdin.end();
      if (await wait(graceMs)) return;
    }
    if (!running()) return this.killGroup('SIGKILL');
    this.killGroup('SIGTERM');
    if (await wait(graceMs)) return this.killGroup('SIGKILL');
    this.killGroup('SIGKILL');
    await wait(graceMs);
  }
}
