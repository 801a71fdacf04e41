import pLimit from 'p-limit';
import type { ScoreOutcome, ScoreRequest } from '../metrics/contract.js';
import type { RegisteredMetric } from '../metrics/registry.js';
import { stableStringify } from '../util/stable-json.js';
import { DiskCache } from './cache.js';
import { checkOutcome, runBatch } from './batch.js';

export interface ScheduleOptions {
  cache?: DiskCache;
  /** No network: a remote metric's cache miss is an error outcome. */
  offline?: boolean;
  /** An interrupt: batches not started are not started; batches in flight get `graceMs`, then are abandoned. */
  stop?: { signal: AbortSignal; graceMs: number };
}

/** The outcome of a request left unscored by an interrupt (the verdicts stage drops its task). */
export const INTERRUPTED: ScoreOutcome = Object.freeze({ error: 'interrupted before this request was scored' });

/** `work`, or undefined once the interrupt's grace period has passed. */
export function untilGrace<T>(work: Promise<T>, stop: ScheduleOptions['stop']): Promise<T | undefined> {
  if (!stop) return work;
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const onStop = () => {
      timer = setTimeout(() => resolve(undefined), stop.graceMs);
    };
    if (stop.signal.aborted) onStop();
    else stop.signal.addEventListener('abort', onStop, { once: true });
    work.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      stop.signal.removeEventListener('abort', onStop);
    });
  });
}

/**
 * A key equal for equal requests: a text pair as its two strings (never JSON, which starts
 * with `{`), anything else as its stable JSON.
 */
function dedupKey(r: ScoreRequest): string {
  const { reference, candidate } = r;
  if (typeof reference === 'string' && typeof candidate === 'string') {
    let n = 0;
    for (const _ in r) n++;
    if (n === 2) return `\u0001${reference.length}:${reference}${candidate}`;
  }
  return stableStringify(r);
}

/** What scheduling did, for tests and `--verbose` style reporting. */
export interface ScheduleStats {
  requests: number;
  unique: number;
  cacheHits: number;
  batches: number;
}

/**
 * Requests keyed before the scheduler yields, once a batch of them is waiting: the first
 * calls go out while the rest are keyed and looked up (a key is a stable JSON and a SHA-256,
 * ~10 µs; keying 1,000 requests before the first call kept a judge's server idle for the
 * first ~10-20 ms of a run, and 30,000 for a third of a second).
 */
const KEY_CHUNK = 64;

/**
 * Scores requests with one metric: identical requests are scored once, cached outcomes
 * are reused, the rest go out in batches under the metric's concurrency limit, timeout
 * and retry policy. Returns one outcome per request, in order; never throws.
 *
 * Dispatch streams: requests are keyed, deduplicated and looked up in the cache in order,
 * and a batch is handed to the limit as soon as it is full, so the metric's first calls run
 * while later requests are still being keyed.
 */
export async function scoreRequests(
  reg: RegisteredMetric,
  requests: ScoreRequest[],
  options: ScheduleOptions = {},
): Promise<{ outcomes: ScoreOutcome[]; stats: ScheduleStats }> {
  const slotOf = new Map<string, number>();
  const unique: ScoreRequest[] = [];
  const keys: string[] = [];
  const cache = reg.cache ? options.cache : undefined;
  // the stable JSON keys the cache; without one, a cheaper key finds the duplicates
  const keyOf = cache ? stableStringify : dedupKey;
  const results: (ScoreOutcome | undefined)[] = [];
  const ns = cache ? DiskCache.namespace(reg.id, reg.metric.version, reg.configHash) : '';
  const offline = options.offline && reg.metric.remote;
  const limit = pLimit(reg.concurrency);
  const running: Promise<void>[] = [];
  let cacheHits = 0;
  let batch: number[] = [];
  let launchedSinceYield = false;

  const launch = (slots: number[]): void => {
    launchedSinceYield = true;
    running.push(limit(async () => {
      if (options.stop?.signal.aborted) return;
      const outcomes = await untilGrace(runBatch(reg, slots.map((i) => unique[i]!)), options.stop);
      if (!outcomes) return;
      slots.forEach((slot, k) => {
        const o = outcomes[k]!;
        results[slot] = o;
        if (cache && 'value' in o) cache.set(ns, keys[slot]!, o);
      });
    }));
  };

  const index: number[] = new Array(requests.length);
  for (let i = 0; i < requests.length; i++) {
    const request = requests[i]!;
    const json = keyOf(request);
    let slot = slotOf.get(json);
    if (slot === undefined) {
      slot = unique.push(request) - 1;
      slotOf.set(json, slot);
      results.push(undefined);
      if (cache) {
        const key = DiskCache.key(json);
        keys.push(key);
        const hit = cache.get(ns, key);
        // a hand-edited or corrupt entry is a miss, never a score
        if (hit && 'value' in checkOutcome(reg, hit)) {
          results[slot] = hit;
          cacheHits++;
        }
      }
      if (results[slot] === undefined) {
        if (offline) results[slot] = { error: `offline: no cached score for this request and ${reg.id} needs the network` };
        else if (batch.push(slot) >= reg.batchSize) {
          launch(batch);
          batch = [];
        }
      }
    }
    index[i] = slot;
    // let the batches handed over start (and their calls go out) before keying on
    if (launchedSinceYield && (i + 1) % KEY_CHUNK === 0 && i + 1 < requests.length) {
      launchedSinceYield = false;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  if (batch.length) launch(batch);
  await Promise.all(running);

  return {
    outcomes: index.map((slot) => results[slot] ?? INTERRUPTED),
    stats: { requests: requests.length, unique: unique.length, cacheHits, batches: running.length },
  };
}
