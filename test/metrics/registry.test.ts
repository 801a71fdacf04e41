import { codeFingerprint } from '../../src/util/code-fingerprint.js';
import { writeFile } from 'node:fs/promises';
import { moduleSourceHash } from '../../src/metrics/adapters/source-hash.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { Metric } from '../../src/metrics/contract.js';
import type { MetricProvider } from '../../src/metrics/provider.js';
import { MetricRegistry } from '../../src/metrics/registry.js';
import { hashOf } from '../../src/util/stable-json.js';
import { metric, tempDir } from '../runner/_helpers.js';

const defineUrl = pathToFileURL(path.resolve(import.meta.dirname, '../../src/metrics/define.ts')).href;

/** A provider whose metric records the options and environment it was created with. */
function fakeProvider(id: string, fields: Partial<Metric> = {}) {
  const created: { options: Record<string, unknown>; root: string }[] = [];
  const close = vi.fn();
  const provider: MetricProvider = {
    id,
    description: `fake ${id}`,
    create: vi.fn((options: Record<string, unknown>, env: { root: string }) => {
      created.push({ options, root: env.root });
      return metric({ id, close, ...fields });
    }),
  };
  return { provider, created, close };
}

describe('MetricRegistry', () => {
  it('lists built-in and configured ids, sorted and without duplicates', () => {
    const reg = new MetricRegistry([fakeProvider('rouge').provider, fakeProvider('bleu').provider], { bleu: { options: { n: 2 } }, mine: { use: 'bleu' } });
    expect(reg.ids()).toEqual(['bleu', 'mine', 'rouge']);
    expect(reg.has('rouge')).toBe(true);
    expect(reg.has('mine')).toBe(true);
    expect(reg.has('nope')).toBe(false);
  });

  // Regression: `has` uses `id in this.specs`, which is true for Object.prototype names, so `toString`
  // and `constructor` (valid metric ids) count as configured although nothing provides them.
  it('does not treat Object.prototype names as configured ids', () => {
    const reg = new MetricRegistry([fakeProvider('bleu').provider], { mine: { use: 'bleu' } });
    expect(reg.has('toString')).toBe(false);
    expect(reg.has('constructor')).toBe(false);
  });

  it('creates a built-in metric once and memoises it', async () => {
    const { provider, created } = fakeProvider('bleu');
    const reg = new MetricRegistry([provider], {}, '/some/root');
    const [a, b] = await Promise.all([reg.get('bleu'), reg.get('bleu')]);
    const c = await reg.get('bleu');
    expect(provider.create).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a).toBe(c);
    expect(created).toEqual([{ options: {}, root: '/some/root' }]);
    expect(a).toEqual({
      id: 'bleu',
      metric: expect.objectContaining({ id: 'bleu' }),
      configHash: hashOf({ use: 'bleu', options: {}, code: codeFingerprint() }), // a local deterministic built-in: keyed by the code too
      batchSize: 64,
      concurrency: 4,
      timeoutMs: 60_000,
      retries: 0,
      cache: true,
    });
  });

  it('takes scheduling settings from the metric, and the config spec over the metric', async () => {
    const { provider } = fakeProvider('judge', { batchSize: 8, concurrency: 2, timeoutMs: 1000, retries: 1, cache: false });
    const reg = new MetricRegistry([provider], { tuned: { use: 'judge', batchSize: 3, retries: 4 } });
    const plain = await reg.get('judge');
    expect([plain.batchSize, plain.concurrency, plain.timeoutMs, plain.retries, plain.cache]).toEqual([8, 2, 1000, 1, false]);
    const tuned = await reg.get('tuned');
    expect([tuned.batchSize, tuned.concurrency, tuned.timeoutMs, tuned.retries, tuned.cache]).toEqual([3, 2, 1000, 4, false]);
  });

  it('gives `use:` with options a different configHash than the default, and passes the options', async () => {
    const { provider, created } = fakeProvider('bleu');
    const reg = new MetricRegistry([provider], { 'bleu-2': { use: 'bleu', options: { n: 2 } } });
    const plain = await reg.get('bleu');
    const two = await reg.get('bleu-2');
    expect(two.id).toBe('bleu-2');
    expect(two.metric.id).toBe('bleu');
    expect(two.configHash).toBe(hashOf({ use: 'bleu', options: { n: 2 }, code: codeFingerprint() }));
    expect(two.configHash).not.toBe(plain.configHash);
    expect(created.map((c) => c.options)).toEqual([{}, { n: 2 }]);
    expect(provider.create).toHaveBeenCalledTimes(2);
  });

  it('registers an inline metric after checking it', async () => {
    const inline = metric({ id: 'inline-metric', batchSize: 5 });
    const reg = new MetricRegistry([], { custom: inline });
    expect(reg.ids()).toEqual(['custom']);
    const r = await reg.get('custom');
    expect(r.metric).toBe(inline);
    expect(r.id).toBe('custom');
    expect(r.batchSize).toBe(5);
    expect(r.configHash).toBe(hashOf({ inline: 'inline-metric' }));
  });

  it('keys the cache by a remote metric\'s endpoint too (an environment URL is not in the config)', async () => {
    const at = async (endpoint?: string) => (await new MetricRegistry([], { judge: metric({ remote: true, ...(endpoint ? { endpoint } : {}) }) }).get('judge')).configHash;
    const [a, b, none] = [await at('http://127.0.0.1:8001/v1'), await at('http://127.0.0.1:8002/v1'), await at()];
    expect(a).not.toBe(b);
    expect(await at('http://127.0.0.1:8001/v1')).toBe(a);
    expect(none).toBe(hashOf({ inline: 'fake' })); // no endpoint: the key is the config's alone, as before
  });

  it('rejects an invalid inline metric with defineMetric\'s message', async () => {
    const reg = new MetricRegistry([], { custom: metric({ version: '' }) });
    await expect(reg.get('custom')).rejects.toThrow(/^invalid metric "fake": version: /);
  });

  it('loads a module metric from a .ts file exporting defineMetric(...)', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'my-metric.ts'), `
import { defineMetric } from ${JSON.stringify(defineUrl)};
export default defineMetric({
  id: 'my-metric', version: '3', description: 'length ratio', direction: 'higher',
  range: [0, 1], tieTolerance: 0.01, deterministic: true, inputs: ['text'],
  score: (requests: { candidate: unknown }[]) => requests.map((r) => ({ value: String(r.candidate).length > 3 ? 1 : 0 })),
});
`);
    const reg = new MetricRegistry([], { mine: { module: './my-metric.ts', concurrency: 1 } }, dir);
    const r = await reg.get('mine');
    expect(r.metric.id).toBe('my-metric');
    expect(r.metric.version).toBe('3');
    expect(r.concurrency).toBe(1);
    // The key holds the module's content: an edit gives fresh scores without a version bump.
    expect(r.configHash).toBe(hashOf({ module: './my-metric.ts', options: {}, source: moduleSourceHash(path.join(dir, 'my-metric.ts'), dir) }));
    expect(r.configHash).not.toBe(hashOf({ module: './my-metric.ts', options: {} }));
    expect(await r.metric.score([{ reference: 'x', candidate: 'long' }, { reference: 'x', candidate: 'no' }], { signal: new AbortController().signal }))
      .toEqual([{ value: 1 }, { value: 0 }]);
  });

  it('passes options to a module factory and hashes them', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'factory.ts'), `
export default (options: { threshold?: number }) => ({
  id: 'thresholded', version: 'v' + String(options.threshold), description: 'factory', direction: 'higher',
  range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'],
  score: (requests: unknown[]) => requests.map(() => ({ value: options.threshold ?? 0 })),
});
`);
    const reg = new MetricRegistry([], {
      low: { module: 'factory.ts', options: { threshold: 0.2 } },
      high: { module: 'factory.ts', options: { threshold: 0.9 } },
    }, dir);
    const low = await reg.get('low');
    const high = await reg.get('high');
    expect(low.metric.version).toBe('v0.2');
    expect(high.metric.version).toBe('v0.9');
    expect(await high.metric.score([{ reference: 'a', candidate: 'b' }], { signal: new AbortController().signal })).toEqual([{ value: 0.9 }]);
    expect(low.configHash).not.toBe(high.configHash);
  });

  it('rejects an unknown id, listing known ids and suggesting near ones', async () => {
    const reg = new MetricRegistry([fakeProvider('bleu').provider, fakeProvider('rouge').provider, fakeProvider('green').provider], { 'crimson': { use: 'green' } });
    await expect(reg.get('blue')).rejects.toThrow('unknown metric "blue" (did you mean bleu?); known metrics: bleu, crimson, green, rouge');
    await expect(reg.get('zzzzzz')).rejects.toThrow('unknown metric "zzzzzz"; known metrics: bleu, crimson, green, rouge');
    await expect(reg.get('rouge-l')).rejects.toThrow('unknown metric "rouge-l" (did you mean rouge?); known metrics: bleu, crimson, green, rouge');
  });

  it('names the unknown provider of a `use:` spec', async () => {
    const reg = new MetricRegistry([fakeProvider('bleu').provider], { mine: { use: 'bleuu' } });
    await expect(reg.get('mine')).rejects.toThrow('unknown metric "bleuu" (did you mean bleu?); known metrics: bleu, mine');
  });

  it('says "none" when nothing is known', async () => {
    await expect(new MetricRegistry([]).get('x')).rejects.toThrow('unknown metric "x"; known metrics: none');
  });

  it('wraps a provider that throws in "cannot create metric"', async () => {
    const provider: MetricProvider = { id: 'broken', description: 'throws', create: () => { throw new Error('model file missing'); } };
    const asyncProvider: MetricProvider = { id: 'broken-async', description: 'rejects', create: async () => { throw new Error('no GPU'); } };
    const reg = new MetricRegistry([provider, asyncProvider], { alias: { use: 'broken' } });
    await expect(reg.get('broken')).rejects.toThrow('cannot create metric "broken": model file missing');
    await expect(reg.get('alias')).rejects.toThrow('cannot create metric "alias": model file missing');
    await expect(reg.get('broken-async')).rejects.toThrow('cannot create metric "broken-async": no GPU');
  });

  it('closeAll closes every created metric and swallows errors', async () => {
    const a = fakeProvider('a');
    const b = fakeProvider('b');
    const c = fakeProvider('c');
    const never = fakeProvider('never');
    a.close.mockImplementation(() => { throw new Error('close failed'); });
    b.close.mockImplementation(async () => { throw new Error('async close failed'); });
    const broken: MetricProvider = { id: 'broken', description: 'throws', create: () => { throw new Error('boom'); } };
    const noClose: MetricProvider = { id: 'plain', description: 'no close', create: () => metric({ id: 'plain' }) };
    const reg = new MetricRegistry([a.provider, b.provider, c.provider, never.provider, broken, noClose]);
    await reg.get('a');
    await reg.get('b');
    await reg.get('c');
    await reg.get('plain');
    await expect(reg.get('broken')).rejects.toThrow('cannot create metric');
    await expect(reg.closeAll()).resolves.toEqual([]);
    expect(a.close).toHaveBeenCalledTimes(1);
    expect(b.close).toHaveBeenCalledTimes(1);
    expect(c.close).toHaveBeenCalledTimes(1);
    expect(never.close).not.toHaveBeenCalled();
    expect(never.provider.create).not.toHaveBeenCalled();
  });
});
