import { afterEach, describe, expect, it } from 'vitest';
import { ChatClient } from '../../src/llm/client.js';
import { AdaptiveLimit } from '../../src/llm/concurrency.js';
import { startChatServer, type ChatServer, type ScriptedReply } from './_chat-server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('AdaptiveLimit (synthetic outcomes)', () => {
  it('slow start: +1 per success while the limit is in use and latency holds', async () => {
    const l = new AdaptiveLimit({ initial: 4, max: 10 });
    for (let round = 0; round < 3; round++) {
      const releases = await Promise.all(Array.from({ length: l.limit }, () => l.acquire()));
      for (const r of releases) r({ kind: 'ok', latencyMs: 100 });
    }
    expect(l.limit).toBe(10); // 4 -> 8 -> 10 (capped at max)
  });

  it('from the default start of 32, one round trip of answers at steady latency opens 64 slots', async () => {
    const l = new AdaptiveLimit({ clientLagMs: () => 0 });
    const first = await Promise.all(Array.from({ length: l.limit }, () => l.acquire()));
    // answers arrive one by one; each freed slot is taken again at once (a busy client)
    const refills: ReturnType<AdaptiveLimit['acquire']>[] = [];
    for (const release of first) {
      release({ kind: 'ok', latencyMs: 100 });
      while (refills.length < 1000 && l.stats.inFlight < l.limit) refills.push(l.acquire());
    }
    expect(l.limit).toBe(64);
    expect(l.stats.inFlight).toBe(64);
    for (const release of await Promise.all(refills)) release({ kind: 'other' });
  });

  it('does not grow while the limit is not reached', async () => {
    const l = new AdaptiveLimit({ initial: 8 });
    for (let i = 0; i < 50; i++) (await l.acquire())({ kind: 'ok', latencyMs: 100 });
    expect(l.limit).toBe(8);
  });

  it('halves on a refusal, once per round trip, and leaves slow start', async () => {
    const l = new AdaptiveLimit({ initial: 16 });
    (await l.acquire())({ kind: 'ok', latencyMs: 1000 }); // a long round trip: the burst below is one signal
    const releases = await Promise.all(Array.from({ length: 16 }, () => l.acquire()));
    for (const r of releases) r({ kind: 'overloaded' });
    expect(l.limit).toBe(8);
    expect(l.stats.backoffs).toBe(1);
    const again = await Promise.all(Array.from({ length: 8 }, () => l.acquire()));
    for (const r of again) r({ kind: 'ok', latencyMs: 1000 });
    expect(l.limit).toBeGreaterThanOrEqual(8);
    expect(l.limit).toBeLessThanOrEqual(9); // additive now: at most +1 a round trip, not +8
  });

  it('backs off when latency rises (queueing at the server)', async () => {
    const l = new AdaptiveLimit({ initial: 4 });
    for (const ms of [100, 100, 400, 400, 400, 400]) {
      const releases = await Promise.all(Array.from({ length: l.limit }, () => l.acquire()));
      for (const r of releases) r({ kind: 'ok', latencyMs: ms });
    }
    expect(l.stats.backoffs).toBeGreaterThan(0);
    expect(l.limit).toBeLessThan(l.stats.maxLimit);
  });

  /** One round: the whole limit acquired, then released with `latencyMs` each. */
  const round = async (l: AdaptiveLimit, latencyMs: number) => {
    const releases = await Promise.all(Array.from({ length: l.limit }, () => l.acquire()));
    for (const r of releases) r({ kind: 'ok', latencyMs });
  };

  it("the client's own event-loop lag is not read as server queueing: the limit still grows", async () => {
    let lag = 0;
    const l = new AdaptiveLimit({ initial: 8, max: 64, clientLagMs: () => lag });
    await round(l, 100); // baseline 100 ms
    lag = 60; // a busy client answers its sockets 60 ms late
    for (let i = 0; i < 4; i++) await round(l, 160);
    expect(l.stats.backoffs).toBe(0);
    expect(l.limit).toBe(64);
    expect(l.stats.maxClientLagMs).toBe(50); // at most half the baseline is taken off
  });

  it('the same latencies without lag hold the limit (queueing begun), and do not back off below 2x', async () => {
    const l = new AdaptiveLimit({ initial: 8, max: 64, clientLagMs: () => 0 });
    await round(l, 100);
    await round(l, 160); // the moving average catches up (its first answers still read as holding)
    const after = l.limit;
    for (let i = 0; i < 6; i++) await round(l, 160);
    expect(l.limit).toBe(after);
    expect(l.stats.backoffs).toBe(0);
  });

  it('a rise well beyond the client lag, sustained over a window, backs off', async () => {
    const l = new AdaptiveLimit({ initial: 8, max: 64, clientLagMs: () => 20 });
    await round(l, 100);
    await round(l, 100);
    const before = l.limit;
    for (let i = 0; i < 4; i++) await round(l, 400);
    expect(l.stats.backoffs).toBeGreaterThan(0);
    expect(l.limit).toBeLessThan(before);
  });

  it('one late window is not enough to back off', async () => {
    const l = new AdaptiveLimit({ initial: 8, max: 64, clientLagMs: () => 0 });
    await round(l, 100);
    const releases = await Promise.all(Array.from({ length: 4 }, () => l.acquire()));
    for (const r of releases) r({ kind: 'ok', latencyMs: 1000 }); // 4 slow answers, fewer than the limit
    expect(l.stats.backoffs).toBe(0);
  });

  it('starts at 32 by default', () => expect(new AdaptiveLimit().limit).toBe(32));

  it('a fixed limit never moves', async () => {
    const l = new AdaptiveLimit({ initial: 3, max: 3, adaptive: false });
    const releases = await Promise.all(Array.from({ length: 3 }, () => l.acquire()));
    for (const r of releases) r({ kind: 'overloaded' });
    expect(l.limit).toBe(3);
  });

  it('queues callers beyond the limit and releases them in turn; an aborted wait rejects', async () => {
    const l = new AdaptiveLimit({ initial: 1, adaptive: false });
    const first = await l.acquire();
    const ac = new AbortController();
    const waiting = l.acquire(ac.signal);
    ac.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    const second = l.acquire();
    first({ kind: 'ok', latencyMs: 1 });
    (await second)({ kind: 'ok', latencyMs: 1 });
    expect(l.stats.maxInFlight).toBe(1);
  });
});

let servers: ChatServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A server with `slots` slots: `full` says what happens beyond them (queue, or a 429). */
async function slotServer(slots: number, full: 'queue' | '429', delayMs = 15) {
  let busy = 0;
  let rejected = 0;
  const queue: (() => void)[] = [];
  const server = await startChatServer(async (): Promise<ScriptedReply> => {
    if (busy >= slots) {
      if (full === '429') {
        rejected++;
        return { status: 429, headers: { 'retry-after-ms': '2' }, error: 'too many requests' };
      }
      await new Promise<void>((r) => queue.push(r));
    }
    busy++;
    await sleep(delayMs);
    busy--;
    queue.shift()?.();
    return { content: '{"ok": true}' };
  });
  servers.push(server);
  return { server, rejected: () => rejected };
}

const ask = (c: ChatClient, n: number) => Promise.all(Array.from({ length: n }, () => c.complete({ messages: [{ role: 'user', content: 'hi' }] })));

describe('ChatClient concurrency against a local server', () => {
  it('grows from a start of 8 towards a 48-slot server', async () => {
    // 60 ms a request: scheduling jitter on a loaded machine stays small next to it
    const { server } = await slotServer(48, 'queue', 60);
    const c = new ChatClient({ baseURL: server.url, model: 'm', concurrency: { initial: 8 } });
    const replies = await ask(c, 600);
    c.close();
    expect(replies.every((r) => r.content === '{"ok": true}')).toBe(true);
    expect(c.limiter.stats.maxLimit).toBeGreaterThan(16);
    expect(server.maxInFlight).toBeGreaterThan(16);
  });

  it('backs off on 429 and still completes every call', async () => {
    const { server, rejected } = await slotServer(6, '429');
    const c = new ChatClient({ baseURL: server.url, model: 'm', retries: 50, backoffMs: 1, concurrency: { initial: 16 } });
    const replies = await ask(c, 200);
    c.close();
    expect(replies).toHaveLength(200);
    expect(c.limiter.stats.backoffs).toBeGreaterThan(0);
    expect(c.limiter.limit).toBeLessThan(16);
    expect(rejected()).toBeGreaterThan(0);
  });

  it('a number is a fixed limit: never more in flight', async () => {
    const { server } = await slotServer(64, 'queue', 5);
    const c = new ChatClient({ baseURL: server.url, model: 'm', concurrency: 5 });
    await ask(c, 60);
    c.close();
    expect(server.maxInFlight).toBeLessThanOrEqual(5);
  });
});
