import { describe, expect, it } from 'vitest';
import type { ScoreRequest } from '../../src/metrics/contract.js';
import { DiskCache } from '../../src/runner/cache.js';
import { scoreRequests } from '../../src/runner/scheduler.js';
import { registered, req, tempDir } from './_helpers.js';

const byNumber = (r: ScoreRequest) => ({ value: Number(String(r.candidate).split(' ')[1]) / 1000 });

/** A cache that records, in one shared log, every lookup beside the metric's calls. */
class LoggingCache extends DiskCache {
  constructor(dir: string, private readonly log: string[]) {
    super(dir);
  }
  override get(ns: string, key: string) {
    this.log.push('get');
    return super.get(ns, key);
  }
}

describe('scoreRequests streams dispatch', () => {
  it('the first batch is scored before the last request is looked up in the cache', async () => {
    const log: string[] = [];
    const reg = registered({ batchSize: 1, score: (rs) => { log.push('score'); return rs.map(byNumber); } }, { batchSize: 1, concurrency: 8 });
    const cache = new LoggingCache(await tempDir(), log);
    const requests = Array.from({ length: 500 }, (_, i) => req(i));
    const { outcomes, stats } = await scoreRequests(reg, requests, { cache });
    expect(log.indexOf('score')).toBeGreaterThan(-1);
    expect(log.indexOf('score')).toBeLessThan(log.lastIndexOf('get'));
    expect(log.filter((e) => e === 'get')).toHaveLength(500);
    expect(outcomes).toEqual(requests.map(byNumber));
    expect(stats).toEqual({ requests: 500, unique: 500, cacheHits: 0, batches: 500 });
  });

  it('while streaming, duplicates are scored once, cache hits are not scored, and batches keep request order', async () => {
    const dir = await tempDir();
    const warm = Array.from({ length: 100 }, (_, i) => req(2 * i)); // the even ones are cached
    const reg = registered({ batchSize: 3, score: (rs) => rs.map(byNumber) }, { batchSize: 3, concurrency: 2 });
    await scoreRequests(reg, warm, { cache: new DiskCache(dir) });
    const calls: ScoreRequest[][] = [];
    const counted = registered({ batchSize: 3, score: (rs) => { calls.push(rs); return rs.map(byNumber); } }, { batchSize: 3, concurrency: 2 });
    const requests = Array.from({ length: 400 }, (_, i) => req(i % 200)); // every request twice
    const { outcomes, stats } = await scoreRequests(counted, requests, { cache: new DiskCache(dir) });
    expect(outcomes).toEqual(requests.map(byNumber));
    expect(stats).toEqual({ requests: 400, unique: 200, cacheHits: 100, batches: 34 });
    const scored = calls.flat().map((r) => Number(String(r.candidate).split(' ')[1]));
    expect(scored).toEqual(Array.from({ length: 100 }, (_, i) => 2 * i + 1));
    expect(calls.slice(0, -1).every((c) => c.length === 3)).toBe(true);
  });

  it('an interrupt before the start scores nothing, and cached outcomes are still returned', async () => {
    const dir = await tempDir();
    const reg = registered({ score: (rs) => rs.map(byNumber) });
    await scoreRequests(reg, [req(1)], { cache: new DiskCache(dir) });
    const stop = new AbortController();
    stop.abort();
    let called = 0;
    const counted = registered({ score: (rs) => { called++; return rs.map(byNumber); } });
    const requests = Array.from({ length: 300 }, (_, i) => req(i));
    const { outcomes } = await scoreRequests(counted, requests, { cache: new DiskCache(dir), stop: { signal: stop.signal, graceMs: 10 } });
    expect(called).toBe(0);
    expect(outcomes[1]).toEqual({ value: 0.001 });
    expect(outcomes.filter((o) => 'error' in o)).toHaveLength(299);
  });
});
