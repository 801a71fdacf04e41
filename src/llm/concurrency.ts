/**
 * A concurrency limit that adapts to the server, so a judge fills whatever the server can take
 * without tuning: a vLLM with 64 slots, a hosted API with a rate limit, an Ollama that serves
 * one request at a time.
 *
 * - Start moderately (`initial`, default 32) and grow in slow start while the server keeps up:
 *   +1 per success while the moving average of latency stays within `tolerance` x its lowest
 *   value so far, which doubles the limit every round trip while the limit is in use.
 * - Once latency rises beyond that (requests queue at the server: more in flight buys no
 *   throughput) or the server refuses (429, 503 and other 5xx, connection failures), back off:
 *   x `backoff` for rising latency, halve for a refusal, at most once per round trip, and
 *   leave slow start: from then on +1 per round trip (additive increase), as TCP does.
 * - Never above `max`, never below 1. The limit only grows while at least half of it is in
 *   use, so a client that sends little does not inflate it.
 *
 * A fixed limit (`adaptive: false`) is the old behaviour: exactly `initial` at a time.
 */
export interface AdaptiveLimitOptions {
  /** Starting limit (default 32). */
  initial?: number;
  /** Upper bound (default 256). */
  max?: number;
  /** Latency up to tolerance x the baseline counts as "holding" (default 1.5). */
  tolerance?: number;
  /** Multiplier on rising latency (default 0.9). */
  backoff?: number;
  /** Adapt (default true); false keeps `initial` fixed. */
  adaptive?: boolean;
}

/** What the limiter has done, for tests, benchmarks and reports. */
export interface LimitStats {
  limit: number;
  maxLimit: number;
  inFlight: number;
  maxInFlight: number;
  backoffs: number;
  /** Lowest latency seen (ms); undefined before the first success. */
  baselineMs?: number;
}

export class AdaptiveLimit {
  private limitValue: number;
  private readonly max: number;
  private readonly tolerance: number;
  private readonly backoffFactor: number;
  private readonly adaptive: boolean;
  private inFlight = 0;
  private slowStart = true;
  private baselineMs = Infinity;
  private smoothedMs: number | undefined;
  private lastBackoff = -Infinity;
  private readonly waiting: (() => void)[] = [];
  private readonly counters = { maxLimit: 0, maxInFlight: 0, backoffs: 0 };

  constructor(options: AdaptiveLimitOptions = {}) {
    this.max = Math.max(1, Math.floor(options.max ?? 256));
    this.limitValue = Math.min(this.max, Math.max(1, Math.floor(options.initial ?? 32)));
    this.tolerance = options.tolerance ?? 1.5;
    this.backoffFactor = options.backoff ?? 0.9;
    this.adaptive = options.adaptive ?? true;
    this.counters.maxLimit = this.limitValue;
  }

  /** The current limit (rounded down). */
  get limit(): number {
    return Math.max(1, Math.floor(this.limitValue));
  }

  get stats(): LimitStats {
    return { limit: this.limit, inFlight: this.inFlight, ...this.counters, ...(Number.isFinite(this.baselineMs) ? { baselineMs: this.baselineMs } : {}) };
  }

  /** Waits for a slot; resolves to the function that gives it back with the attempt's outcome. */
  async acquire(signal?: AbortSignal): Promise<(outcome: AttemptOutcome) => void> {
    while (this.inFlight >= this.limit) {
      if (signal?.aborted) throw signal.reason ?? new Error('aborted');
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          const i = this.waiting.indexOf(wake);
          if (i >= 0) this.waiting.splice(i, 1);
          resolve();
        };
        this.waiting.push(wake);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    }
    this.inFlight++;
    if (this.inFlight > this.counters.maxInFlight) this.counters.maxInFlight = this.inFlight;
    // the limit is "in use" when at least half of it is taken: only then can it be the bottleneck
    const inUse = this.inFlight * 2 >= this.limit;
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      this.inFlight--;
      if (this.adaptive) this.observe(outcome, inUse);
      this.wake();
    };
  }

  private observe(outcome: AttemptOutcome, inUse: boolean): void {
    const now = performance.now();
    if (outcome.kind === 'overloaded') return this.decrease(now, 0.5);
    if (outcome.kind !== 'ok') return; // a client-side error says nothing about capacity
    // a moving average, so one slow answer (a long completion) is not read as queueing
    const ms = (this.smoothedMs = this.smoothedMs === undefined ? outcome.latencyMs : this.smoothedMs + 0.2 * (outcome.latencyMs - this.smoothedMs));
    if (ms < this.baselineMs) this.baselineMs = ms;
    if (ms > this.baselineMs * this.tolerance) return this.decrease(now, this.backoffFactor);
    if (!inUse) return; // an idle client does not inflate the limit
    this.limitValue = Math.min(this.max, this.limitValue + (this.slowStart ? 1 : 1 / this.limitValue));
    if (this.limit > this.counters.maxLimit) this.counters.maxLimit = this.limit;
    this.wake();
  }

  /** Multiplicative decrease, at most once per round trip (a burst of refusals is one signal). */
  private decrease(now: number, factor: number): void {
    this.slowStart = false;
    const roundTrip = Number.isFinite(this.baselineMs) ? this.baselineMs * this.tolerance : 0;
    if (now - this.lastBackoff < roundTrip) return;
    this.lastBackoff = now;
    this.limitValue = Math.max(1, this.limitValue * factor);
    this.counters.backoffs++;
  }

  private wake(): void {
    let free = this.limit - this.inFlight;
    while (free-- > 0 && this.waiting.length) this.waiting.shift()!();
  }
}

/** How one attempt ended, as the limiter sees it. */
export type AttemptOutcome =
  | { kind: 'ok'; latencyMs: number }
  /** 429, 503 or another 5xx, a connection failure or timeout: the server is at capacity. */
  | { kind: 'overloaded' }
  /** Anything else (a 400, a cancelled request): no signal about capacity. */
  | { kind: 'other' };
