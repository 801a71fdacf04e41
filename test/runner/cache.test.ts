import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskCache } from '../../src/runner/cache.js';
import { scoreRequests } from '../../src/runner/scheduler.js';
import { stableStringify } from '../../src/util/stable-json.js';
import { recording, req, tempDir } from './_helpers.js';

const NS = DiskCache.namespace('fake', '1', 'cfg');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

describe('DiskCache.namespace and key', () => {
  it('is a readable prefix plus a 16-hex hash', () => {
    expect(DiskCache.namespace('crimson:lexicon', '2', 'abc')).toMatch(/^crimson_lexicon-[0-9a-f]{16}$/);
    expect(DiskCache.namespace('bleu', '1', 'abc')).toMatch(/^bleu-[0-9a-f]{16}$/);
    expect(DiskCache.namespace('a b/c', '1', 'x')).toMatch(/^a_b_c-[0-9a-f]{16}$/);
  });

  it('is stable for the same inputs', () => {
    expect(DiskCache.namespace('bleu', '1', 'abc')).toBe(DiskCache.namespace('bleu', '1', 'abc'));
  });

  it('differs by metric id, version and config hash', () => {
    const base = DiskCache.namespace('bleu', '1', 'abc');
    const variants = [
      DiskCache.namespace('bleu2', '1', 'abc'),
      DiskCache.namespace('bleu', '2', 'abc'),
      DiskCache.namespace('bleu', '1', 'abd'),
    ];
    expect(new Set([base, ...variants]).size).toBe(4);
  });

  it('does not confuse ids that sanitise to the same prefix', () => {
    const a = DiskCache.namespace('a:b', '1', 'x');
    const b = DiskCache.namespace('a_b', '1', 'x');
    expect(a.slice(0, 4)).toBe(b.slice(0, 4));
    expect(a).not.toBe(b);
  });

  it('does not confuse fields across the separator', () => {
    expect(DiskCache.namespace('a', '1b', 'c')).not.toBe(DiskCache.namespace('a', '1', 'bc'));
  });

  it('keys are sha256 hex of the request JSON', () => {
    expect(DiskCache.key('{"a":1}')).toBe('015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862');
    expect(DiskCache.key('{"a":2}')).not.toBe(DiskCache.key('{"a":1}'));
  });
});

describe('DiskCache', () => {
  it('round-trips values and details through disk', async () => {
    const dir = await tempDir();
    const a = new DiskCache(dir);
    const k1 = DiskCache.key('one');
    const k2 = DiskCache.key('two');
    a.set(NS, k1, { value: 0.75 });
    a.set(NS, k2, { value: 0.1, details: { matched: ['effusion'], f1: 0.1 } });
    expect(await a.get(NS, k1)).toEqual({ value: 0.75 });
    expect(await a.flush()).toEqual([]);
    const b = new DiskCache(dir);
    expect(await b.get(NS, k1)).toEqual({ value: 0.75 });
    expect(await b.get(NS, k2)).toEqual({ value: 0.1, details: { matched: ['effusion'], f1: 0.1 } });
    expect(await b.get(NS, DiskCache.key('three'))).toBeUndefined();
    expect(await b.get(DiskCache.namespace('other', '1', 'cfg'), k1)).toBeUndefined();
  });

  it('stores entries in <dir>/<namespace>/<first two hex>.json, without undefined details', async () => {
    const dir = await tempDir();
    const cache = new DiskCache(dir);
    cache.set(NS, 'ab12', { value: 1, details: undefined });
    cache.set(NS, 'ab34', { value: 0 });
    cache.set(NS, 'cd56', { value: 0.5 });
    expect(await cache.flush()).toEqual([]);
    expect(await filesUnder(dir)).toEqual([`${NS}/ab.json`, `${NS}/cd.json`]);
    expect(await readFile(path.join(dir, NS, 'ab.json'), 'utf8')).toBe('{"ab12":{"value":1},"ab34":{"value":0}}');
  });

  it('writes atomically: no .tmp files are left after flush', async () => {
    const dir = await tempDir();
    const cache = new DiskCache(dir);
    for (let i = 0; i < 40; i++) cache.set(NS, DiskCache.key(String(i)), { value: i / 40 });
    expect(await cache.flush()).toEqual([]);
    const files = await filesUnder(dir);
    expect(files.length).toBeGreaterThan(1);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files.every((f) => /^fake-[0-9a-f]{16}\/[0-9a-f]{2}\.json$/.test(f))).toBe(true);
  });

  it('flush with nothing dirty writes nothing', async () => {
    const dir = await tempDir();
    expect(await new DiskCache(dir).flush()).toEqual([]);
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('reads a corrupt bucket as empty and overwrites it on flush', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, NS), { recursive: true });
    await writeFile(path.join(dir, NS, 'ee.json'), '{"ee00": {"value": 0.3');
    await writeFile(path.join(dir, NS, 'ff.json'), '[{"value": 0.3}]');
    const cache = new DiskCache(dir);
    expect(await cache.get(NS, 'ee00')).toBeUndefined();
    expect(await cache.get(NS, 'ff00')).toBeUndefined();
    cache.set(NS, 'ee01', { value: 0.9 });
    expect(await cache.flush()).toEqual([]);
    expect(JSON.parse(await readFile(path.join(dir, NS, 'ee.json'), 'utf8'))).toEqual({ ee01: { value: 0.9 } });
    expect(await new DiskCache(dir).get(NS, 'ee01')).toEqual({ value: 0.9 });
  });

  it('merges entries from two instances sharing a directory on flush', async () => {
    const dir = await tempDir();
    const a = new DiskCache(dir);
    const b = new DiskCache(dir);
    expect(await b.get(NS, 'aa01')).toBeUndefined(); // b has read (and memoised) the empty bucket
    a.set(NS, 'aa01', { value: 0.1 });
    b.set(NS, 'aa02', { value: 0.2 });
    b.set(NS, 'aa01', { value: 0.15 });
    a.set(NS, 'aa03', { value: 0.3 });
    expect(await a.flush()).toEqual([]);
    expect(await b.flush()).toEqual([]);
    const bucket = JSON.parse(await readFile(path.join(dir, NS, 'aa.json'), 'utf8'));
    // the later flush wins for a key both wrote; keys only one wrote survive
    expect(bucket).toEqual({ aa01: { value: 0.15 }, aa02: { value: 0.2 }, aa03: { value: 0.3 } });
    expect(await b.get(NS, 'aa03')).toEqual({ value: 0.3 });
  });

  it('returns a message instead of throwing when the directory is unwritable', async () => {
    const root = await tempDir();
    const blocker = path.join(root, 'a-file');
    await writeFile(blocker, 'not a directory');
    const cache = new DiskCache(path.join(blocker, 'cache'));
    cache.set(NS, 'aa01', { value: 0.1 });
    const failures = await cache.flush();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(new RegExp(`^cache write ${escape(path.join(blocker, 'cache', NS, 'aa.json'))}: ENOTDIR`));
    expect(await cache.flush()).toEqual([]); // failed entries are not retried forever
    expect(await readFile(blocker, 'utf8')).toBe('not a directory');
  });
});

describe('DiskCache with the scheduler', () => {
  it('stores values but not errors', async () => {
    const dir = await tempDir();
    const cache = new DiskCache(dir);
    const { reg, calls } = recording({
      score: (rs) => {
        calls.push(rs);
        return rs.map((r) => (r.candidate === 'candidate bad' ? { error: 'cannot parse' } : { value: 0.5 }));
      },
    });
    const requests = [req(1), req('bad')];
    const first = await scoreRequests(reg, requests, { cache });
    expect(first.outcomes).toEqual([{ value: 0.5 }, { error: 'cannot parse' }]);
    expect(await cache.flush()).toEqual([]);

    const ns = DiskCache.namespace(reg.id, reg.metric.version, reg.configHash);
    const fresh = new DiskCache(dir);
    expect(await fresh.get(ns, DiskCache.key(stableStringify(req(1))))).toEqual({ value: 0.5 });
    expect(await fresh.get(ns, DiskCache.key(stableStringify(req('bad'))))).toBeUndefined();

    const second = await scoreRequests(reg, requests, { cache: fresh });
    expect(second.stats.cacheHits).toBe(1);
    expect(calls.map((c) => c.map((r) => r.candidate))).toEqual([['candidate 1', 'candidate bad'], ['candidate bad']]);
    expect(second.outcomes).toEqual([{ value: 0.5 }, { error: 'cannot parse' }]);
  });

  it('uses a different namespace when the config hash changes', async () => {
    const dir = await tempDir();
    const cache = new DiskCache(dir);
    const a = recording();
    await scoreRequests(a.reg, [req(1)], { cache });
    await cache.flush();
    const b = recording();
    b.reg.configHash = 'other';
    const result = await scoreRequests(b.reg, [req(1)], { cache: new DiskCache(dir) });
    expect(result.stats.cacheHits).toBe(0);
    expect(b.calls).toHaveLength(1);
    expect((await readdir(dir)).length).toBe(1); // only a flushed
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
