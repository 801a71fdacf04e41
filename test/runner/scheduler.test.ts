import { readdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ScoreRequest } from '../../src/metrics/contract.js';
import { DiskCache } from '../../src/runner/cache.js';
import { scoreRequests } from '../../src/runner/scheduler.js';
import { recording, registered, req, tempDir } from './_helpers.js';

/** Scores each request by its candidate number, so outcomes show which request they belong to. */
const byNumber = (r: ScoreRequest) => ({ value: Number(String(r.candidate).split(' ')[1]) / 100 });

describe('scoreRequests', () => {
  it('returns one outcome per request, in order', async () => {
    const { reg, calls } = recording({ score: (rs) => { calls.push(rs); return rs.map(byNumber); } });
    const { outcomes, stats } = await scoreRequests(reg, [req(3), req(1), req(2)]);
    expect(outcomes).toEqual([{ value: 0.03 }, { value: 0.01 }, { value: 0.02 }]);
    expect(stats).toEqual({ requests: 3, unique: 3, cacheHits: 0, batches: 1 });
  });

  it('handles no requests without calling the metric', async () => {
    const { reg, calls } = recording();
    expect(await scoreRequests(reg, [])).toEqual({ outcomes: [], stats: { requests: 0, unique: 0, cacheHits: 0, batches: 0 } });
    expect(calls).toEqual([]);
  });

  it('scores identical requests once, whatever their key order, and fans the outcome back out', async () => {
    const { reg, calls } = recording({ score: (rs) => { calls.push(rs); return rs.map(byNumber); } });
    const a = req(7, { context: { age: 60, sex: 'M' } });
    const reordered: ScoreRequest = { context: { sex: 'M', age: 60 }, candidate: a.candidate, reference: a.reference };
    const { outcomes, stats } = await scoreRequests(reg, [a, req(8), reordered, a, req(8)]);
    expect(calls.flat()).toHaveLength(2);
    expect(calls.flat().map((r) => r.candidate)).toEqual(['candidate 7', 'candidate 8']);
    expect(outcomes).toEqual([{ value: 0.07 }, { value: 0.08 }, { value: 0.07 }, { value: 0.07 }, { value: 0.08 }]);
    expect(stats).toEqual({ requests: 5, unique: 2, cacheHits: 0, batches: 1 });
  });

  it('treats requests differing only in context as different', async () => {
    const { reg, calls } = recording();
    await scoreRequests(reg, [req(1, { context: { age: 40 } }), req(1, { context: { age: 41 } }), req(1)]);
    expect(calls.flat()).toHaveLength(3);
  });

  it('splits requests into batches of at most batchSize', async () => {
    const { reg, calls } = recording({ batchSize: 3 });
    expect(reg.batchSize).toBe(3);
    const requests = Array.from({ length: 8 }, (_, i) => req(i));
    const { stats } = await scoreRequests(reg, requests);
    expect(calls.map((c) => c.length)).toEqual([3, 3, 2]);
    expect(calls.flat().map((r) => r.candidate)).toEqual(requests.map((r) => r.candidate));
    expect(stats.batches).toBe(3);
  });

  it('never has more than `concurrency` score calls in flight', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    let calls = 0;
    const reg = registered({
      score: async (rs) => {
        calls++;
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(15);
        inFlight--;
        return rs.map(() => ({ value: 0.5 }));
      },
    }, { batchSize: 1, concurrency: 3 });
    const { outcomes, stats } = await scoreRequests(reg, Array.from({ length: 10 }, (_, i) => req(i)));
    expect(calls).toBe(10);
    expect(stats.batches).toBe(10);
    expect(maxInFlight).toBe(3);
    expect(outcomes.every((o) => 'value' in o && o.value === 0.5)).toBe(true);
  });

  it('runs batches one at a time with concurrency 1', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const reg = registered({
      score: async (rs) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(5);
        inFlight--;
        return rs.map(() => ({ value: 0 }));
      },
    }, { batchSize: 2, concurrency: 1 });
    await scoreRequests(reg, Array.from({ length: 6 }, (_, i) => req(i)));
    expect(maxInFlight).toBe(1);
  });

  it('reuses cached outcomes from an earlier run (fresh DiskCache, same dir) without calling the metric', async () => {
    const dir = await tempDir();
    const requests = [req(1), req(2), req(1), req(3)];
    const first = recording({ score: (rs) => { first.calls.push(rs); return rs.map(byNumber); } });
    const cache1 = new DiskCache(dir);
    const one = await scoreRequests(first.reg, requests, { cache: cache1 });
    expect(one.stats.cacheHits).toBe(0);
    expect(await cache1.flush()).toEqual([]);

    const second = recording({ score: (rs) => { second.calls.push(rs); return rs.map(byNumber); } });
    const two = await scoreRequests(second.reg, requests, { cache: new DiskCache(dir) });
    expect(second.calls).toEqual([]);
    expect(two.stats).toEqual({ requests: 4, unique: 3, cacheHits: 3, batches: 0 });
    expect(two.outcomes).toEqual(one.outcomes);
    expect(two.outcomes).toEqual([{ value: 0.01 }, { value: 0.02 }, { value: 0.01 }, { value: 0.03 }]);
  });

  it('only scores the cache misses', async () => {
    const dir = await tempDir();
    const cache = new DiskCache(dir);
    const a = recording();
    await scoreRequests(a.reg, [req(1), req(2)], { cache });
    const b = recording();
    const { stats } = await scoreRequests(b.reg, [req(1), req(2), req(3)], { cache }); // same instance: unflushed entries count
    expect(stats.cacheHits).toBe(2);
    expect(b.calls.flat().map((r) => r.candidate)).toEqual(['candidate 3']);
  });

  it('keeps details from cached outcomes', async () => {
    const dir = await tempDir();
    const cache = new DiskCache(dir);
    const a = recording({ score: (rs) => rs.map(() => ({ value: 0.4, details: { matched: 2 } })) });
    await scoreRequests(a.reg, [req(1)], { cache });
    await cache.flush();
    const { outcomes } = await scoreRequests(recording().reg, [req(1)], { cache: new DiskCache(dir) });
    expect(outcomes).toEqual([{ value: 0.4, details: { matched: 2 } }]);
  });

  it('never caches a metric declaring `cache: false`', async () => {
    const dir = await tempDir();
    const { reg, calls } = recording({ cache: false });
    expect(reg.cache).toBe(false);
    const cache = new DiskCache(dir);
    await scoreRequests(reg, [req(1)], { cache });
    expect(await cache.flush()).toEqual([]);
    await scoreRequests(reg, [req(1)], { cache });
    const again = await scoreRequests(reg, [req(1)], { cache: new DiskCache(dir) });
    expect(calls).toHaveLength(3);
    expect(again.stats.cacheHits).toBe(0);
    expect(await readdir(dir)).toEqual([]);
  });

  it('offline: a remote metric\'s cache miss is an error mentioning offline, and the metric is not called', async () => {
    const { reg, calls } = recording({ id: 'judge', remote: true });
    const { outcomes, stats } = await scoreRequests(reg, [req(1), req(2)], { offline: true });
    expect(calls).toEqual([]);
    expect(outcomes).toEqual([
      { error: 'offline: no cached score for this request and judge needs the network' },
      { error: 'offline: no cached score for this request and judge needs the network' },
    ]);
    expect(stats.batches).toBe(0);
  });

  it('offline: a remote metric still serves cache hits', async () => {
    const dir = await tempDir();
    const cache = new DiskCache(dir);
    const online = recording({ id: 'judge', remote: true });
    await scoreRequests(online.reg, [req(1)], { cache });
    const offline = recording({ id: 'judge', remote: true });
    const { outcomes } = await scoreRequests(offline.reg, [req(1), req(2)], { cache, offline: true });
    expect(offline.calls).toEqual([]);
    expect(outcomes[0]).toEqual({ value: 0.25 });
    expect(outcomes[1]).toEqual({ error: expect.stringContaining('offline') });
  });

  it('offline: a local metric still computes', async () => {
    const { reg, calls } = recording({ id: 'local' });
    const { outcomes } = await scoreRequests(reg, [req(1)], { offline: true });
    expect(calls).toHaveLength(1);
    expect(outcomes).toEqual([{ value: 0.25 }]);
  });

  it('never throws: a throwing metric gives error outcomes', async () => {
    const reg = registered({ id: 'boom', score: () => { throw new Error('kaput'); } });
    const { outcomes } = await scoreRequests(reg, [req(1), req(1), req(2)]);
    const whole = 'boom threw: kaput (the batch of 2 failed as a whole)';
    expect(outcomes).toEqual([{ error: whole }, { error: whole }, { error: whole }]);
  });
});

describe('scoreRequests: cache entries are checked like fresh outcomes', () => {
  it('treats an entry outside the declared range as a miss and scores the request again', async () => {
    const { DiskCache } = await import('../../src/runner/cache.js');
    const { scoreRequests } = await import('../../src/runner/scheduler.js');
    const { stableStringify } = await import('../../src/util/stable-json.js');
    const dir = await tempDir();
    const { reg, calls } = recording();
    const request = req(1);
    const cache = new DiskCache(dir);
    cache.set(DiskCache.namespace(reg.id, reg.metric.version, reg.configHash), DiskCache.key(stableStringify(request)), { value: 42 });
    const { outcomes, stats } = await scoreRequests(reg, [request], { cache });
    expect(stats.cacheHits).toBe(0);
    expect(calls.flat()).toHaveLength(1);
    expect(outcomes[0]).toEqual({ value: 0.25 });
  });
});
