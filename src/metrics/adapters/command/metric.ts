import path from 'node:path';
import type { Metric, MetricDeclaration, ScoreContext, ScoreOutcome, ScoreRequest } from '../../contract.js';
import { MetricDeclarationSchema } from '../../define.js';
import { packageRoot } from '../../../util/package-root.js';
import { scoreAlone, type Attempt } from './alone.js';
import { checkOutcomes } from './outcomes.js';
import { withStderr } from './stderr-tail.js';
import { CommandWorker, WorkerFailure, type WorkerCommand } from './worker.js';

/** `command:` in the config: an argv, or an argv with a working folder and extra environment. */
export type CommandSpec =
  | string[]
  | {
      argv: string[];
      /** Relative to the config file's folder (default: that folder). */
      cwd?: string;
      /** Added to the inherited environment. Values are literal: keep secrets in the parent environment. */
      env?: Record<string, string>;
      /** Time allowed for start-up and the handshake (default 60,000 ms). */
      startTimeoutMs?: number;
    };

/** The settings a command metric takes from its config entry. */
export interface CommandMetricSettings {
  command: CommandSpec;
  /** Sent to the worker in `hello`. */
  options?: Record<string, unknown>;
  /** Per-batch timeout of the worker (overrides the declaration's). */
  timeoutMs?: number;
  /** Worker processes run in parallel (overrides the declaration's `concurrency`; default 1). */
  concurrency?: number;
  /** Re-sends of a batch lost to a worker failure, each to a fresh worker (default 0). */
  retries?: number;
  /** Requests per batch (the config's, else the declaration's, else 64): bounds the runner's timeout. */
  batchSize?: number;
}

/** The folder holding `metric_suite.py`, the stdlib-only Python helper; on every worker's PYTHONPATH. */
export function pythonHelperDir(): string {
  return path.join(packageRoot(), 'python');
}

/** The argv, folder and environment a command spec resolves to. */
export function resolveCommand(spec: CommandSpec, root: string, env: NodeJS.ProcessEnv = process.env): WorkerCommand & { startTimeoutMs: number } {
  const s = Array.isArray(spec) ? { argv: spec } : spec;
  if (!Array.isArray(s.argv) || s.argv.length === 0 || s.argv.some((a) => typeof a !== 'string') || !s.argv[0]) {
    throw new Error('`command` needs a non-empty argv, e.g. [python3, my_metric.py]');
  }
  const pythonPath = [pythonHelperDir(), env.PYTHONPATH].filter(Boolean).join(path.delimiter);
  return {
    argv: s.argv,
    cwd: path.resolve(root, s.cwd ?? '.'),
    env: { ...env, PYTHONUNBUFFERED: '1', PYTHONIOENCODING: 'utf-8', ...s.env, PYTHONPATH: s.env?.PYTHONPATH ? `${s.env.PYTHONPATH}${path.delimiter}${pythonHelperDir()}` : pythonPath },
    startTimeoutMs: s.startTimeoutMs ?? 60_000,
  };
}

/** What goes into the config hash: the command and options, never the inherited environment. */
export function commandConfig(settings: CommandMetricSettings): unknown {
  const s = Array.isArray(settings.command) ? { argv: settings.command } : settings.command;
  return { command: { argv: s.argv, cwd: s.cwd ?? '.', env: s.env ?? {} }, options: settings.options ?? {} };
}

/**
 * Starts a command metric: spawns the worker, checks its declaration, and returns a Metric
 * whose `score` never throws. A batch lost as a whole (a crash, hang or garbage on stdout,
 * after the retries, or an `error` reply) is scored again one request at a time, each in a
 * fresh worker where the last one died, so only the requests that fail alone are errors, with
 * the reason and the worker's stderr tail. Wrong counts and bad values are errors too.
 * @throws when the first worker cannot start or sends an invalid declaration.
 */
export async function createCommandMetric(settings: CommandMetricSettings, root: string): Promise<Metric> {
  const command = resolveCommand(settings.command, root);
  const options = settings.options ?? {};
  const first = await CommandWorker.start(command, options, command.startTimeoutMs);
  const parsed = MetricDeclarationSchema.safeParse(first.declaration);
  if (!parsed.success) {
    await first.worker.close(500);
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`\`${command.argv.join(' ')}\` sent an invalid declaration: ${issues.join('; ')}`);
  }
  const decl = parsed.data as MetricDeclaration;
  const batchTimeoutMs = settings.timeoutMs ?? decl.timeoutMs ?? 60_000;
  const retries = settings.retries ?? decl.retries ?? 0;
  const batchSize = settings.batchSize ?? decl.batchSize ?? 64;
  const pool = new WorkerPool(settings.concurrency ?? decl.concurrency ?? 1, first.worker, () => CommandWorker.start(command, options, command.startTimeoutMs).then((s) => s.worker));

  /** One try of a batch (with its retries): the outcomes, and `lost` when the batch failed as a whole. */
  const scoreOnce = async (requests: ScoreRequest[], signal: AbortSignal, tries: number): Promise<Attempt> => {
    const fail = (reason: string): Attempt => ({ outcomes: requests.map(() => ({ error: reason })), lost: reason });
    let lastFailure = '';
    for (let attempt = 0; attempt <= tries; attempt++) {
      if (signal.aborted) return { outcomes: requests.map(() => ({ error: `${decl.id}: cancelled` })) };
      const lease = await pool.acquire();
      try {
        const worker = await lease.worker();
        const reply = await worker.score(requests, batchTimeoutMs, signal);
        // stderr travels on its own pipe: let a traceback written just before the reply arrive
        if (reply.type !== 'result' || !Array.isArray(reply.outcomes) || !reply.outcomes.every(isValue)) await stderrQuiet(() => worker.stderrTail());
        const suffix = (reason: string) => withStderr(reason, worker.stderrTail());
        if (reply.type === 'error') return fail(suffix(`${decl.id}: the worker failed the batch: ${reply.error}`));
        if (reply.type !== 'result') return { outcomes: requests.map(() => ({ error: suffix(`${decl.id}: the worker answered a batch with "${reply.type}"`) })) };
        return { outcomes: checkOutcomes(decl, reply.outcomes, requests.length, suffix) };
      } catch (e) {
        if (!(e instanceof WorkerFailure)) throw e;
        lastFailure = `${decl.id}: ${e.message}`;
      } finally {
        lease.release();
      }
    }
    if (signal.aborted) return { outcomes: requests.map(() => ({ error: lastFailure })) };
    return fail(tries > 0 ? `${lastFailure} (after ${tries + 1} attempts)` : lastFailure);
  };

  const scoreBatch = async (requests: ScoreRequest[], { signal }: ScoreContext): Promise<ScoreOutcome[]> => {
    const first = await scoreOnce(requests, signal, retries);
    if (first.lost === undefined || requests.length < 2 || signal.aborted) return first.outcomes;
    return scoreAlone(requests, first.lost, (one) => scoreOnce([one], signal, 0));
  };

  return {
    ...decl,
    concurrency: pool.size,
    // The worker's own timeouts fire first, so its reason and stderr reach the verdict: the batch
    // (start-up and retries included), then, when it was lost, each of its requests alone.
    timeoutMs: (batchTimeoutMs + command.startTimeoutMs) * (retries + 1 + batchSize) + 5_000,
    retries: 0,
    score: scoreBatch,
    close: () => pool.close(),
  };
}

/** A worker slot lent to one batch; the worker is (re)started on demand. */
interface Lease {
  worker(): Promise<CommandWorker>;
  release(): void;
}

/** `size` worker slots; a dead worker is replaced when its slot is next used. */
class WorkerPool {
  private readonly slots: (CommandWorker | undefined)[];
  private readonly free: number[];
  private readonly queue: ((slot: number) => void)[] = [];
  private closing = false;

  constructor(readonly size: number, first: CommandWorker, private readonly start: () => Promise<CommandWorker>) {
    this.slots = Array.from({ length: size }, (_, i) => (i === 0 ? first : undefined));
    this.free = Array.from({ length: size }, (_, i) => i);
  }

  async acquire(): Promise<Lease> {
    const slot = this.free.shift() ?? (await new Promise<number>((resolve) => this.queue.push(resolve)));
    return {
      worker: async () => {
        const current = this.slots[slot];
        if (current?.alive) return current;
        if (this.closing) throw new WorkerFailure('the metric was closed');
        current?.kill();
        this.slots[slot] = undefined;
        const fresh = await this.start();
        this.slots[slot] = fresh;
        return fresh;
      },
      release: () => {
        const next = this.queue.shift();
        if (next) next(slot);
        else this.free.push(slot);
      },
    };
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((w) => w?.close()));
  }
}

const isValue = (o: unknown): boolean => typeof o === 'number' || (typeof o === 'object' && o !== null && typeof (o as { value?: unknown }).value === 'number');

/** Waits until stderr has been quiet for 30 ms (at most 250 ms), polling its tail. */
async function stderrQuiet(tail: () => string): Promise<void> {
  const started = Date.now();
  let last = tail();
  let quietSince = Date.now();
  while (Date.now() - started < 250 && Date.now() - quietSince < 30) {
    await new Promise((r) => setTimeout(r, 10));
    const now = tail();
    if (now !== last) [last, quietSince] = [now, Date.now()];
  }
}
