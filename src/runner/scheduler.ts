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
 * Scores requests with one metric: identical requests are scored once, cached outcomes
 * are reused, the rest go out in batches under the metric's concurrency limit, timeout
 * and retry policy. Returns one outcome per request, in order; never throws.
 */
export async function scoreRequests(
  reg: RegisteredMetric,
  requests: ScoreRequest[],
  options: ScheduleOptions = {},
): Promise<{ outcomes: ScoreOutcome[]; stats: ScheduleStats }> {
  const slotOf = new Map<string, number>();
  const unique: { json: string; request: ScoreRequest }[] = [];
  const cache = reg.cache ? options.cache : undefined;
  // the stable JSON keys the cache; without one, a cheaper key finds the duplicates
  const keyOf = cache ? stableStringify : dedupKey;
  const index = requests.map((request) => {
    const json = keyOf(request);
    let slot = slotOf.get(json);
    if (slot === undefined) {
      slot = unique.push({ json, request }) - 1;
      slotOf.set(json, slot);
    }
    return slot;
  });

  const results: (ScoreOutcome | undefined)[] = new Array(unique.length);
  const ns = DiskCache.namespace(reg.id, reg.metric.version, reg.configHash);
  const keys = cache ? unique.map((u) => DiskCache.key(u.json)) : [];
  let cacheHits = 0;
  if (cache) {
    unique.forEach((_, i) => {
      const hit = cache.get(ns, keys[i]!);
      // a hand-edited or corrupt entry is a miss, never a score
      if (hit && 'value' in checkOutcome(reg, hit)) [results[i], cacheHits] = [hit, cacheHits + 1];
    });
  }

  const misses = unique.map((_, i) => i).filter((i) => results[i] === undefined);
  if (options.offline && reg.metric.remote) {
    for (const i of misses) results[i] = { error: `offline: no cached score for this request and ${reg.id} needs the network` };
    misses.length = 0;
  }

  const limit = pLimit(reg.concurrency);
  const batches: number[][] = [];
  for (let i = 0; i < misses.length; i += reg.batchSize) batches.push(misses.slice(i, i + reg.batchSize));
  await Promise.all(batches.map((batch) => limit(async () => {
    if (options.stop?.signal.aborted) return;
    const outcomes = await untilGrace(runBatch(reg, batch.map((i) => unique[i]!.request)), options.stop);
    if (!outcomes) return;
    batch.forEach((slot, k) => {
      const o = outcomes[k]!;
      results[slot] = o;
      if (cache && 'value' in o) cache.set(ns, keys[slot]!, o);
    });
  })));

  return {
    outcomes: index.map((slot) => results[slot] ?? INTERRUPTED),
    stats: { requests: requests.length, unique: unique.length, cacheHits, batches: batches.length },
  };
}
