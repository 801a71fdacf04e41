import { codeFingerprint } from '../util/code-fingerprint.js';
import type { Metric } from './contract.js';
import { loadModuleMetric } from './adapters/module.js';
import { commandConfig, createCommandMetric, type CommandSpec } from './adapters/command/index.js';
import { createHttpMetric, httpConfig, type HttpSpec } from './adapters/http.js';
import { defineMetric } from './define.js';
import { MetricUnavailableError, type MetricProvider } from './provider.js';
import { hashOf } from '../util/stable-json.js';
import path from 'node:path';
import { commandSourceHash, moduleSourceHash } from './adapters/source-hash.js';
import { preflighted } from './adapters/http-preflight.js';

/** A metric ready to run: its scheduling settings resolved and its config hashed for the cache. */
export interface RegisteredMetric {
  /** The id suites and results use (the config key, which may differ from metric.id). */
  id: string;
  metric: Metric;
  /** Hash of how the metric was configured; part of every cache key. */
  configHash: string;
  batchSize: number;
  concurrency: number;
  timeoutMs: number;
  retries: number;
  cache: boolean;
  /** Times a non-deterministic metric scores each request; disagreeing repeats are `inconclusive`. */
  repeats?: number;
  /** Set when the endpoint preflight found the metric's server unreachable: every request is an error with this reason. */
  unreachable?: string;
  /**
   * A batch that times out is scored again one request at a time (src/runner/batch.ts): set for
   * `module:` metrics, whose hung worker is replaced, so the request that hangs fails alone.
   */
  aloneAfterTimeout?: boolean;
}

/** How the config provides a metric id (the config file's zod schema checks it). */
export interface MetricSpec {
  use?: string;
  /** `{ radeval: bertscore }`: shorthand for `use: radeval:bertscore`. */
  radeval?: string;
  module?: string;
  /** A long-lived worker process speaking NDJSON (src/metrics/adapters/command/PROTOCOL.md). */
  command?: CommandSpec;
  /** A metric served over HTTP (src/metrics/adapters/http.ts). */
  http?: HttpSpec;
  options?: Record<string, unknown>;
  batchSize?: number;
  concurrency?: number;
  timeoutMs?: number;
  retries?: number;
  /** Non-deterministic metrics: score each request this many times (default 1). */
  repeats?: number;
  /** `module:` metrics: heap limit of the metric's worker thread (or process) in MB (default 1024). */
  maxHeapMb?: number;
  /** `module:` metrics: a worker thread (default) or a child process of its own (src/metrics/adapters/module-channel.ts). */
  isolation?: 'worker' | 'process';
  /** `module:` metrics: copies of the metric side by side, batches going to the least busy (default 1). */
  poolSize?: number;
  /**
   * `module:` and `command:` metrics: more files (globs, relative to the config folder) whose
   * content joins the cache key, next to the module and its local imports or the command's scripts.
   */
  cacheKeyFiles?: string[];
}

type Spec = MetricSpec | Metric;
const isInline = (s: Spec): s is Metric => typeof (s as Metric).score === 'function';

/** Knows every metric id: the built-ins and the config's. Creates each once, on first use. */
export class MetricRegistry {
  private readonly byId = new Map<string, MetricProvider>();
  private readonly made = new Map<string, Promise<RegisteredMetric>>();

  /**
   * `run` is the run-wide environment: `record` (`--record`) joins the config hash when set;
   * `configFile`, the JS/TS config holding inline metrics, whose content keys their cache.
   */
  constructor(
    providers: MetricProvider[],
    private readonly specs: Record<string, Spec> = {},
    private readonly root = process.cwd(),
    private readonly run: { record?: boolean; configFile?: string; offline?: boolean } = {},
  ) {
    for (const p of providers) this.byId.set(p.id, p);
  }

  /** Every id that can be asked for, sorted. */
  ids(): string[] {
    return [...new Set([...this.byId.keys(), ...Object.keys(this.specs)])].sort();
  }

  /** Whether the config defines `id` (rather than a built-in). */
  configures(id: string): boolean {
    return Object.hasOwn(this.specs, id);
  }

  has(id: string): boolean {
    return this.byId.has(id) || Object.hasOwn(this.specs, id);
  }

  /** The metric for an id; rejects with a clear message for unknown ids and failed creation. */
  get(id: string): Promise<RegisteredMetric> {
    let pending = this.made.get(id);
    if (!pending) {
      // remote metrics: one preflight request, so an unreachable endpoint is one reason at once (adapters/http-preflight.ts)
      const spec = Object.hasOwn(this.specs, id) ? this.specs[id] : undefined;
      pending = this.create(id).then((reg) => (spec && isInline(spec) ? reg : preflighted(reg, spec ?? {}, this.run)));
      this.made.set(id, pending);
    }
    return pending;
  }

  private async create(id: string): Promise<RegisteredMetric> {
    const spec: Spec = (Object.hasOwn(this.specs, id) ? this.specs[id] : undefined) ?? {};
    // User code is keyed by its content as well as its declared version: an edit gives fresh scores.
    if (isInline(spec)) {
      const source = this.run.configFile && !/\.(ya?ml|json)$/.test(this.run.configFile) ? moduleSourceHash(this.run.configFile, this.root) : undefined;
      return register(id, defineMetric(spec), { inline: spec.id, ...(source ? { source } : {}) });
    }
    const options = spec.options ?? {};
    if (spec.module) {
      const metric = await loadModuleMetric(spec.module, this.root, options, {
        ...(spec.maxHeapMb ? { heapMb: spec.maxHeapMb } : {}),
        ...(spec.isolation ? { isolation: spec.isolation } : {}),
        ...(spec.poolSize ? { pool: spec.poolSize } : {}),
        ...(spec.timeoutMs !== undefined ? { timeoutMs: spec.timeoutMs } : {}),
      });
      const source = this.sourceHash(id, () => moduleSourceHash(path.resolve(this.root, spec.module!), this.root, spec.cacheKeyFiles));
      // the host applies timeoutMs per batch once its worker has started; the runner's timeout is the adapter's, which is longer
      return { ...register(id, metric, { module: spec.module, options, source }, { ...spec, timeoutMs: undefined }), aloneAfterTimeout: true };
    }
    if (spec.command || spec.http) {
      try {
        if (spec.command) {
          const settings = { command: spec.command, options, timeoutMs: spec.timeoutMs, concurrency: spec.concurrency, retries: spec.retries, batchSize: spec.batchSize };
          // The adapter applies timeoutMs/retries per worker batch (so the verdict gets the worker's stderr);
          // the runner's own timeout is the adapter's, which is longer.
          const argv = Array.isArray(spec.command) ? spec.command : spec.command.argv;
          const cwd = path.resolve(this.root, (Array.isArray(spec.command) ? undefined : spec.command.cwd) ?? '.');
          const source = commandSourceHash(argv, cwd, this.root, spec.cacheKeyFiles);
          const metric = await createCommandMetric(settings, this.root);
          return register(id, metric, { ...(commandConfig(settings) as object), source }, { ...spec, timeoutMs: undefined, retries: undefined });
        }
        const settings = { http: spec.http!, options };
        return register(id, await createHttpMetric(settings), httpConfig(settings), spec);
      } catch (e) {
        throw new Error(`cannot create metric "${id}": ${(e as Error).message}`);
      }
    }
    const providerId = spec.radeval ? `radeval:${spec.radeval}` : (spec.use ?? id);
    const provider = this.byId.get(providerId);
    if (!provider) throw new Error(unknownMessage(providerId, this.ids()));
    try {
      const env = { root: this.root, ...(this.run.record ? { record: true } : {}) };
      // Recording must call the live generator, so it never shares cached outcomes.
      const metric = await provider.create(options, env);
      // A local deterministic built-in is keyed by the package's code too, so editing the extractor
      // or a scorer gives fresh scores; remote metrics keep their entries (paid calls) across edits.
      const code = metric.deterministic && !metric.remote ? { code: codeFingerprint() } : {};
      return register(id, metric, { use: providerId, options, ...code, ...(this.run.record ? { record: true } : {}) }, spec);
    } catch (e) {
      if (e instanceof MetricUnavailableError) throw e;
      throw new Error(`cannot create metric "${id}": ${(e as Error).message}`);
    }
  }

  private sourceHash(id: string, compute: () => string): string {
    try {
      return compute();
    } catch (e) {
      throw new Error(`cannot create metric "${id}": ${(e as Error).message}`);
    }
  }

  /**
   * Closes every metric that was created (processes, sessions), each within `timeoutMs`.
   * Never throws; returns the metrics whose close() did not finish in time.
   */
  async closeAll(timeoutMs = 5_000): Promise<string[]> {
    const stuck: string[] = [];
    await Promise.all([...this.made.entries()].map(async ([id, pending]) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
        timer.unref();
      });
      try {
        const closing = pending.then((reg) => reg.metric.close?.());
        if ((await Promise.race([closing, late])) === 'late') stuck.push(`${id}: close() did not finish within ${timeoutMs} ms`);
      } catch {
        /* a metric that failed to create or close must not hide the run's results */
      } finally {
        clearTimeout(timer);
      }
    }));
    return stuck.sort();
  }
}

function register(id: string, metric: Metric, config: unknown, spec: MetricSpec = {}): RegisteredMetric {
  return {
    id,
    metric,
    // an endpoint taken from the environment (CRIMSON_BASE_URL) is not in the config: it joins the key, so
    // pointing the same config at another server never returns the first server's cached scores
    configHash: hashOf(metric.endpoint === undefined ? config : { config, endpoint: metric.endpoint }),
    batchSize: spec.batchSize ?? metric.batchSize ?? 64,
    concurrency: spec.concurrency ?? metric.concurrency ?? 4,
    timeoutMs: spec.timeoutMs ?? metric.timeoutMs ?? 60_000,
    retries: spec.retries ?? metric.retries ?? 0,
    cache: metric.cache ?? true,
    ...(spec.repeats !== undefined ? { repeats: spec.repeats } : {}),
  };
}

function unknownMessage(id: string, known: string[]): string {
  const near = known.filter((k) => k.includes(id) || id.includes(k) || editDistance(k, id) <= 2);
  return `unknown metric "${id}"${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}; known metrics: ${known.join(', ') || 'none'}`;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}
