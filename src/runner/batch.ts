import { setTimeout as sleep } from 'node:timers/promises';
import type { ScoreOutcome, ScoreRequest } from '../metrics/contract.js';
import type { RegisteredMetric } from '../metrics/registry.js';
import { BatchTimeoutError } from '../metrics/timeout.js';

/**
 * Losses in a row, with nothing scored yet, after which the rest of a timed-out batch is not
 * tried alone: a metric that hangs on every input would cost a timeout per request, to say
 * what the batch already said (as command metrics do, adapters/command/alone.ts).
 */
export const MAX_TIMEOUTS_ALONE = 3;

/**
 * One `score` call with the metric's timeout and retries. A bad value fails only its own
 * request. When the metric throws for a batch, its requests are scored again one at a time, so
 * the one that throws is named and the others keep their scores; when each fails alone the same
 * way, every request says the batch failed as a whole. A timeout is scored again alone only for
 * a metric whose hung batch costs nothing but its time (`aloneAfterTimeout`: a `module:` metric,
 * whose worker is replaced), and at most `MAX_TIMEOUTS_ALONE` in a row with nothing scored;
 * elsewhere (a remote judge) it would multiply. Never for error outcomes the metric returned
 * itself (a worker that lost a batch says so; its requests are not sent twice).
 */
export async function runBatch(reg: RegisteredMetric, requests: ScoreRequest[]): Promise<ScoreOutcome[]> {
  const first = await attempt(reg, requests, reg.retries);
  const whole = wholeBatchError(first.outcomes);
  if (requests.length < 2 || whole === undefined || !first.threw || reg.unreachable) return first.outcomes;
  if (first.timedOut) return reg.aloneAfterTimeout ? timedOutAlone(reg, requests, whole) : first.outcomes;
  const singles: ScoreOutcome[] = [];
  for (const r of requests) singles.push((await attempt(reg, [r], 0)).outcomes[0]!);
  if (wholeBatchError(singles) !== undefined) {
    return requests.map(() => ({ error: `${whole} (the batch of ${requests.length} failed as a whole)` }));
  }
  return singles.map((o) => ('error' in o ? { error: `${o.error} (scored alone after its batch of ${requests.length} failed)` } : o));
}

/**
 * The requests of a timed-out batch one at a time, so the one that hangs times out alone. One
 * request alone per metric at a time, across its batches: a busy loop blocks the worker it runs
 * in, and a request sharing that worker would time out with it.
 */
async function timedOutAlone(reg: RegisteredMetric, requests: ScoreRequest[], whole: string): Promise<ScoreOutcome[]> {
  const n = requests.length;
  const singles: ScoreOutcome[] = [];
  let scored = false;
  for (const r of requests) {
    if (!scored && singles.length >= MAX_TIMEOUTS_ALONE) {
      const why = `the batch of ${n} failed as a whole; its first ${singles.length} requests failed alone too, the rest were not tried`;
      return requests.map(() => ({ error: `${whole} (${why})` }));
    }
    const o = (await inTurn(reg.metric, () => attempt(reg, [r], 0))).outcomes[0]!;
    singles.push(o);
    if ('value' in o) scored = true;
  }
  return singles.map((o) => ('error' in o ? { error: `${o.error} (scored alone after its batch of ${n} timed out)` } : o));
}

/** The last turn taken per metric (timedOutAlone): each turn waits for the one before it. */
const turns = new WeakMap<object, Promise<unknown>>();

async function inTurn<T>(key: object, work: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve();
  const mine = before.then(work, work);
  turns.set(key, mine.catch(() => undefined));
  return mine;
}

/** The message when every outcome is the same error, else undefined. */
function wholeBatchError(outcomes: ScoreOutcome[]): string | undefined {
  const e = outcomes[0] && 'error' in outcomes[0] ? outcomes[0].error : undefined;
  return e !== undefined && outcomes.every((o) => 'error' in o && o.error === e) ? e : undefined;
}

async function attempt(reg: RegisteredMetric, requests: ScoreRequest[], retries: number): Promise<{ outcomes: ScoreOutcome[]; threw: boolean; timedOut: boolean }> {
  let lastError = '';
  let timedOut = false;
  let threw = false;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(Math.min(100 * 2 ** (attempt - 1), 5_000));
    try {
      const raw = await withTimeout(reg, requests);
      if (!Array.isArray(raw) || raw.length !== requests.length) {
        lastError = `${reg.id} returned ${Array.isArray(raw) ? `${raw.length} outcome${raw.length === 1 ? '' : 's'}` : `${typeof raw}, not an array of outcomes,`} for ${requests.length} request${requests.length === 1 ? '' : 's'}`;
        threw = false;
        continue;
      }
      return { outcomes: raw.map((o) => checkOutcome(reg, o)), threw: false, timedOut: false };
    } catch (e) {
      // an adapter's own batch timeout (module metrics: start-up not counted) reads as the runner's
      const adapterTimeout = (e as Error)?.cause instanceof BatchTimeoutError ? ((e as Error).cause as BatchTimeoutError) : undefined;
      lastError = adapterTimeout ? `${reg.id} timed out after ${adapterTimeout.ms} ms` : configName(reg, (e as Error)?.message ?? String(e));
      timedOut = e instanceof TimeoutError || adapterTimeout !== undefined;
      threw = true;
    }
  }
  const tries = retries > 0 ? ` (after ${retries + 1} attempts)` : '';
  return { outcomes: requests.map(() => ({ error: `${lastError}${tries}` })), threw, timedOut };
}

class TimeoutError extends Error {}

/**
 * Messages name the metric as the user's config does: an adapter's message that starts with the
 * metric's declared id (a module or worker declaring `len`, configured as `overlap`) is
 * relabelled `overlap (declared id "len")`.
 */
export function configName(reg: Pick<RegisteredMetric, 'id' | 'metric'>, message: string): string {
  const declared = reg.metric.id;
  if (!declared || declared === reg.id) return message;
  const named = `${reg.id} (declared id "${declared}")`;
  return message.replace(new RegExp(`(^|threw: )${declared.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[: ]|$)`, 'g'), `$1${named}`);
}

async function withTimeout(reg: RegisteredMetric, requests: ScoreRequest[]): Promise<unknown> {
  const controller = new AbortController();
  // made when the timer fires: an Error captures a stack trace, which cost ~40 µs per judge call
  let timedOut: TimeoutError | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject((timedOut = new TimeoutError(`${reg.id} timed out after ${reg.timeoutMs} ms`)));
    }, reg.timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => reg.metric.score(requests, { signal: controller.signal })), timeout]);
  } catch (e) {
    if (timedOut !== undefined && e === timedOut) throw e;
    // Wrap rather than relabel: a DOMException's message is read-only, and a thrown string has none.
    throw new Error(`${reg.id} threw: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  } finally {
    clearTimeout(timer);
  }
}

/** A value must be a finite number inside the declared range; anything else is an error. */
export function checkOutcome(reg: RegisteredMetric, o: unknown): ScoreOutcome {
  if (o && typeof o === 'object') {
    const { error, value, details } = o as { error?: unknown; value?: unknown; details?: unknown };
    if (typeof error === 'string') return { error: error ? configName(reg, error) : `${reg.id} reported an error without a message` };
    if (typeof value === 'number') {
      const [lo, hi] = reg.metric.range;
      if (!Number.isFinite(value)) return { error: `${reg.id} returned a non-finite value (${value})` };
      if (value < lo || value > hi) return { error: `${reg.id} returned ${value}, outside its declared range [${lo}, ${hi}]` };
      return details && typeof details === 'object' ? { value, details: details as Record<string, unknown> } : { value };
    }
  }
  return { error: `${reg.id} returned an invalid outcome: ${JSON.stringify(o)?.slice(0, 120)}` };
}
