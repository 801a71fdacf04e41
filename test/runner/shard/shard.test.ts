import { describe, expect, it } from 'vitest';
import { caseKey, gateForShard, lawKey, parseShard, shardKeys, workKeys } from '../../../src/runner/shard/index.js';

describe('shards', () => {
  it('parses i/n and rejects the rest', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '1', '1/2/3', '-1/2']) expect(() => parseShard(bad)).toThrow(/--shard takes i\/n/);
  });

  it('lists planned work in run order: metrics × cases, then laws × metrics', () => {
    const keys = workKeys([{ suite: 's', caseIds: ['a', 'b'], metrics: ['m1', 'm2'], laws: [{ law: 'bounded', metrics: ['m2'] }] }]);
    expect(keys).toEqual([caseKey('s', 'm1', 'a'), caseKey('s', 'm1', 'b'), caseKey('s', 'm2', 'a'), caseKey('s', 'm2', 'b'), lawKey('s', 'bounded', 'm2')]);
  });

  it('partitions the work: every key in exactly one shard, balanced, independent of input order', () => {
    const keys = Array.from({ length: 23 }, (_, i) => caseKey('s', `m${i % 3}`, `case-${i}`));
    const shards = [1, 2, 3].map((index) => shardKeys(keys, { index, count: 3 }));
    expect(shards.map((s) => s.size).sort()).toEqual([7, 8, 8]);
    const all = shards.flatMap((s) => [...s]);
    expect(new Set(all).size).toBe(keys.length);
    expect(all.sort()).toEqual([...keys].sort());
    expect([...shardKeys([...keys].reverse(), { index: 2, count: 3 })].sort()).toEqual([...shards[1]!].sort());
  });

  it("keeps only the required patterns a shard can check", () => {
    const gate = { required: ['a/*', 'b/*', 'none/*'], minPassRate: 0.5 };
    expect(gateForShard(gate, ['a/1', 'b/1'], ['a/1'])).toEqual({ required: ['a/*', 'none/*'], minPassRate: 0.5 });
    expect(gateForShard({ minPassRate: 1 }, [], [])).toEqual({ minPassRate: 1 });
  });
});
