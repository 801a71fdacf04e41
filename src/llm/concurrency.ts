/**
 * A concurrency limit that adapts to the server, so a judge fills whatever the server can take
 * without tuning: a vLLM with 64 slots, a hosted API with a rate limit, an Ollama that serves
 * one request at a time.
 *
 * - Start moderately (`initial`, default 32) and grow in slow start while the server keeps up:
 *   +1 per success while the moving average of latency stays within 1.25 x its lowest
 *   value so far, which doubles the limit every round trip while the limit is in use.
 * - Latency is the server's as far as the client can tell: the wall time of an attempt less the
 *   client's own event-loop lag (a timer probe that runs while requests are in flight). A busy
 *   client (parsing replies, writing the cache) answers its sockets late, which is not queueing
 *   at the server and must not shrink the limit: without this the limit settled at 37-45 on a
 *   64-slot server whenever the client was short of CPU.
 * - Once that latency stays beyond tolerance for a window of answers (requests queue at the server: more in flight buys no
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
  /**
   * Latency up to tolerance x the baseline counts as "holding" (default 2: a server queueing
   * beyond its slots is still full, so backing off late costs no throughput, while backing off
   * early on noise leaves slots idle).
   */
  tolerance?: number;
  /** Multiplier on rising latency (default 0.9). */
  backoff?: number;
  /** Adapt (default true); false keeps `initial` fixed. */
  adaptive?: boolean;
  /**
   * The client's event-loop lag now, in ms (default: a timer probe, every 10 ms while requests
   * are in flight). Tests pass their own to script the lag.
   */
  clientLagMs?: () => number;
}

/** What the limiter has done, for tests, benchmarks and reports. */
export interface LimitStats {
  limit: number;
  maxLimit: number;
  inFlight: number;
  maxInFlight: number;
  backoffs: number;
  /** Lowest latency seen (ms, client lag taken off); undefined before the first success. */
  baselineMs?: number;
  /** Largest client event-loop lag taken off a latency (ms). */
  maxClientLagMs: number;
}

/** The limit grows only while latency (less client lag) is within this x the baseline. */
const GROWTH_BAND = 1.25;

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
  private rawMs: number | undefined;
  /** Successes in a row whose smoothed latency was beyond tolerance. */
  private above = 0;
  private lastBackoff = -Infinity;
  private readonly waiting: (() => void)[] = [];
  private readonly counters = { maxLimit: 0, maxInFlight: 0, backoffs: 0, maxClientLagMs: 0 };
  private readonly clientLag: () => number;
  private probe: LagProbe | undefined;

  constructor(options: AdaptiveLimitOptions = {}) {
    this.max = Math.max(1, Math.floor(options.max ?? 256));
    this.limitValue = Math.min(this.max, Math.max(1, Math.floor(options.initial ?? 32)));
    this.tolerance = options.tolerance ?? 2;
    this.backoffFactor = options.backoff ?? 0.9;
    this.adaptive = options.adaptive ?? true;
    this.counters.maxLimit = this.limitValue;
    if (options.clientLagMs) this.clientLag = options.clientLagMs;
    else {
      const probe = (this.probe = new LagProbe(() => this.inFlight > 0));
      this.clientLag = () => probe.lagMs;
    }
  }

  /** Attempts waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
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
    if (this.adaptive) this.probe?.start();
    if (this.inFlight > this.counters.maxInFlight) this.counters.maxInFlight = this.inFlight;
    // The limit is "in use" when at least half of it is taken, when the attempt starts or when
    // it ends: only then can it be the bottleneck. (At the start alone, the first half of a
    // burst would not count, and a start of 32 would open only 49 slots in the first round trip.)
    const inUseAtStart = this.inFlight * 2 >= this.limit;
    let released = false;
    return (outcome) => {
      if (released) return;
      released = true;
      const inUse = inUseAtStart || this.inFlight * 2 >= this.limit;
      this.inFlight--;
      if (this.adaptive) this.observe(outcome, inUse);
      this.wake();
    };
  }

  private observe(outcome: AttemptOutcome, inUse: boolean): void {
    const now = performance.now();
    if (outcome.kind === 'overloaded') return this.decrease(now, 0.5);
    if (outcome.kind !== 'ok') return; // a client-side error says nothing about capacity
    // The baseline is the lowest raw latency (lag only ever adds to it, so it is never below the
    // server's own time); what is compared with it is the latency less the client's lag.
    this.rawMs = this.rawMs === undefined ? outcome.latencyMs : this.rawMs + 0.2 * (outcome.latencyMs - this.rawMs);
    if (this.rawMs < this.baselineMs) this.baselineMs = this.rawMs;
    // At most half the baseline: a client lagging more than that is itself the bottleneck (it
    // cannot tell server queueing from its own), and more in flight would not help it.
    const lag = Math.max(0, Math.min(this.clientLag(), outcome.latencyMs - this.baselineMs, this.baselineMs * 0.5));
    if (lag > this.counters.maxClientLagMs) this.counters.maxClientLagMs = lag;
    // a moving average, so one slow answer (a long completion) is not read as queueing
    const latency = outcome.latencyMs - lag;
    const ms = (this.smoothedMs = this.smoothedMs === undefined ? latency : this.smoothedMs + 0.2 * (latency - this.smoothedMs));
    if (ms > this.baselineMs * this.tolerance) {
      // sustained: a whole window of answers above it (one late burst is the client, not the server)
      if (++this.above >= this.limit) {
        this.above = 0;
        this.decrease(now, this.backoffFactor);
      }
      return;
    }
    this.above = 0;
    // between GROWTH_BAND and tolerance x the baseline: the server has begun to queue; hold
    if (ms > this.baselineMs * GROWTH_BAND) return;
    this.above = 0;
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

/**
 * Event-loop lag: how late a 10 ms timer fires, smoothed. Runs only while `active()` (requests
 * in flight), unref'd, so an idle client neither spends CPU on it nor is kept alive by it.
 */
class LagProbe {
  lagMs = 0;
  private expected = 0;
  private timer: NodeJS.Timeout | undefined;
  private static readonly PERIOD_MS = 10;

  constructor(private readonly active: () => boolean) {}

  start(): void {
    if (this.timer) return;
    this.schedule();
  }

  private schedule(): void {
    this.expected = performance.now() + LagProbe.PERIOD_MS;
    this.timer = setTimeout(() => this.tick(), LagProbe.PERIOD_MS);
    this.timer.unref();
  }

  private tick(): void {
    const late = Math.max(0, performance.now() - this.expected);
    // fast to rise, slower to fall: a reply waits for the whole busy stretch it lands in
    this.lagMs += (late > this.lagMs ? 0.5 : 0.2) * (late - this.lagMs);
    this.timer = undefined;
    if (this.active()) this.schedule();
    else this.lagMs = 0;
  }
}

/** How one attempt ended, as the limiter sees it. */
export type AttemptOutcome =
  | { kind: 'ok'; latencyMs: number }
  /** 429, 503 or another 5xx, a connection failure or timeout: the server is at capacity. */
  | { kind: 'overloaded' }
  /** Anything else (a 400, a cancelled request): no signal about capacity. */
  | { kind: 'other' };
