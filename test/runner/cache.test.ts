import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
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

  it('appends each entry to <dir>/<namespace>/<first two hex>.jsonl as it is set, with a checksum', async () => {
    const dir = await tempDir();
    const cache = new DiskCache(dir);
    cache.set(NS, 'ab12', { value: 1, details: undefined });
    cache.set(NS, 'ab34', { value: 0 });
    cache.set(NS, 'cd56', { value: 0.5 });
    // on disk before any flush (written off the event loop): a run killed now keeps them
    await until(async () => (await filesUnder(dir).catch(() => [])).length === 2 && (await readFile(path.join(dir, NS, 'ab.jsonl'), 'utf8')).includes('ab34'));
    expect(await filesUnder(dir)).toEqual([`${NS}/ab.jsonl`, `${NS}/cd.jsonl`]);
    const lines = (await readFile(path.join(dir, NS, 'ab.jsonl'), 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    expect(lines).toEqual([{ k: 'ab12', v: 1, c: expect.stringMatching(/^[0-9a-f]{16}$/) }, { k: 'ab34', v: 0, c: expect.stringMatching(/^[0-9a-f]{16}$/) }]);
    expect(await cache.flush()).toEqual([]);
    expect(new DiskCache(dir).get(NS, 'ab34')).toEqual({ value: 0 });
  });

  it('flush with nothing set writes nothing', async () => {
    const dir = await tempDir();
    expect(await new DiskCache(dir).flush()).toEqual([]);
    expect(await filesUnder(dir)).toEqual([]);
  });

  it('a torn line or a hand-edited value is not used: it is scored again, with a warning', async () => {
    const dir = await tempDir();
    const a = new DiskCache(dir);
    a.set(NS, 'ee01', { value: 0.9 });
    a.set(NS, 'ee02', { value: 0.4 });
    await a.flush();
    const file = path.join(dir, NS, 'ee.jsonl');
    const text = await readFile(file, 'utf8');
    // edit a value by hand (well-formed JSON), and leave a line torn by a crash
    await writeFile(file, `${text.replace('"v":0.4', '"v":0.41')}{"k":"ee03","v":0.`);
    const warnings: string[] = [];
    const b = new DiskCache(dir, (m) => warnings.push(m));
    expect(b.get(NS, 'ee01')).toEqual({ value: 0.9 });
    expect(b.get(NS, 'ee02')).toBeUndefined();
    expect(b.get(NS, 'ee03')).toBeUndefined();
    expect(warnings).toEqual([`metric-suite: 2 cache entries in ${file} failed the checksum and will be scored again`]);
    // a record appended after a torn line is intact
    b.set(NS, 'ee04', { value: 0.2 });
    await b.flush();
    expect(new DiskCache(dir, () => undefined).get(NS, 'ee04')).toEqual({ value: 0.2 });
  });

  it('two instances sharing a directory lose nothing; the last write of a key wins', async () => {
    const dir = await tempDir();
    const a = new DiskCache(dir);
    const b = new DiskCache(dir);
    expect(b.get(NS, 'aa01')).toBeUndefined(); // b has read (and memoised) the empty bucket
    a.set(NS, 'aa01', { value: 0.1 });
    b.set(NS, 'aa02', { value: 0.2 });
    b.set(NS, 'aa01', { value: 0.15 });
    a.set(NS, 'aa03', { value: 0.3 });
    expect(await a.flush()).toEqual([]);
    expect(await b.flush()).toEqual([]);
    const fresh = new DiskCache(dir);
    expect(['aa01', 'aa02', 'aa03'].map((k) => fresh.get(NS, k))).toEqual([{ value: 0.15 }, { value: 0.2 }, { value: 0.3 }]);
  });

  it('a second cache in the process reads entries the first has set but not yet written', async () => {
    const dir = await tempDir();
    const a = new DiskCache(dir);
    a.set(NS, 'ef01', { value: 0.6, details: { x: 1 } });
    expect(new DiskCache(dir).get(NS, 'ef01')).toEqual({ value: 0.6, details: { x: 1 } });
    await a.flush();
    expect(new DiskCache(dir).get(NS, 'ef01')).toEqual({ value: 0.6, details: { x: 1 } });
  });

  it('a namespace folder removed while its files are open is made again by the next write', async () => {
    const dir = await tempDir();
    const a = new DiskCache(dir);
    a.set(NS, 'fa01', { value: 0.1 });
    await a.flush();
    await rm(path.join(dir, NS), { recursive: true });
    const b = new DiskCache(dir);
    b.set(NS, 'fa02', { value: 0.2 });
    expect(await b.flush()).toEqual([]);
    expect(new DiskCache(dir).get(NS, 'fa02')).toEqual({ value: 0.2 });
    expect(new DiskCache(dir).get(NS, 'fa01')).toBeUndefined();
  });

  it('many entries over every bucket, set in one burst, are all on disk after flush, one line each', async () => {
    const dir = await tempDir();
    const a = new DiskCache(dir);
    const keys = Array.from({ length: 3000 }, (_, i) => DiskCache.key(`burst ${i}`));
    keys.forEach((k, i) => a.set(NS, k, { value: i / 3000 }));
    expect(await a.flush()).toEqual([]);
    const files = await filesUnder(dir);
    expect(files).toHaveLength(256);
    let lines = 0;
    for (const f of files) lines += (await readFile(path.join(dir, f), 'utf8')).split('\n').filter(Boolean).length;
    expect(lines).toBe(3000);
    const fresh = new DiskCache(dir);
    expect(keys.every((k, i) => fresh.get(NS, k)?.value === i / 3000)).toBe(true);
  });

  it('returns a message instead of throwing when the directory is unwritable', async () => {
    const root = await tempDir();
    const blocker = path.join(root, 'a-file');
    await writeFile(blocker, 'not a directory');
    const cache = new DiskCache(path.join(blocker, 'cache'));
    cache.set(NS, 'aa01', { value: 0.1 });
    const failures = await cache.flush();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(new RegExp(`^cache write ${escape(path.join(blocker, 'cache', NS, 'aa.jsonl'))}: ENOTDIR`));
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
    expect((await readdir(dir)).length).toBe(2); // one namespace per configuration
  });
});

/** Waits (polling) until `ok` holds; fails the test after 10 s. */
async function until(ok: () => Promise<boolean>): Promise<void> {
  for (const t0 = Date.now(); !(await ok()); ) {
    if (Date.now() - t0 > 10_000) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
