import { describe, expect, it } from 'vitest';
import { evaluateLaw, getLaw, scaledNumRuns, defaultSeed } from '../../../src/laws/index.js';
import type { ScoreRequest } from '../../../src/metrics/contract.js';
import { DiskCache } from '../../../src/runner/cache.js';
import { registered, tempDir } from '../../runner/_helpers.js';
import { clinical, violates } from '../_metrics.js';
import { schedulerScorer } from '../../../src/runner/law-scorer.js';

const scorer = schedulerScorer();

/** The clinical metric, recording every batch it receives. */
function recorded(fields = {}) {
  const calls: ScoreRequest[][] = [];
  const reg = registered({ ...clinical, ...fields, score: (requests, ctx) => { calls.push(requests); return clinical.score(requests, ctx); } }, { batchSize: 100_000 });
  return { reg, calls };
}

describe('evaluateLaw', () => {
  it('scores every sample of a passing law in one batched scheduler call', async () => {
    const { reg, calls } = recorded();
    const r = await evaluateLaw(getLaw('negation-sensitive')!, reg, { score: scorer, numRuns: 40, seed: 3 });
    expect(r.verdict).toBe('pass');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.length).toBeGreaterThan(40); // two probes per sample, deduplicated
  });

  it("scores the deterministic law's repeats in a second, uncached call", async () => {
    const { reg, calls } = recorded();
    const r = await evaluateLaw(getLaw('deterministic')!, reg, { score: scorer, numRuns: 20, seed: 3 });
    expect(r.verdict).toBe('pass');
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual(calls[0]);
  });

  it('reuses the disk cache: a second run asks the metric nothing', async () => {
    const cache = new DiskCache(await tempDir());
    const first = recorded();
    await evaluateLaw(getLaw('identity-max')!, first.reg, { numRuns: 20, seed: 5, score: schedulerScorer({ cache }) });
    const second = recorded();
    const r = await evaluateLaw(getLaw('identity-max')!, second.reg, { numRuns: 20, seed: 5, score: schedulerScorer({ cache }) });
    expect(first.calls.length).toBeGreaterThan(0);
    expect(second.calls).toHaveLength(0);
    expect(r.verdict).toBe('pass');
  });

  it('shrinks a failure, scoring each shrink step, and the seed + path replay it exactly', async () => {
    const reg = registered(violates['negation-sensitive']!);
    const r = await evaluateLaw(getLaw('negation-sensitive')!, reg, { score: scorer, numRuns: 60, seed: 11 });
    expect(r.verdict).toBe('fail');
    expect(r.shrinks).toBeGreaterThanOrEqual(0);
    expect(r.counterexample!.edit).toMatchObject({ op: 'negate' });
    const replay = await evaluateLaw(getLaw('negation-sensitive')!, reg, { score: scorer, numRuns: 60, seed: r.seed, path: r.path! });
    expect(replay.verdict).toBe('fail');
    expect(replay.counterexample).toEqual(r.counterexample);
  });

  it('without shrinking, reports the first failing sample', async () => {
    const reg = registered(violates['negation-sensitive']!);
    const r = await evaluateLaw(getLaw('negation-sensitive')!, reg, { score: scorer, numRuns: 60, seed: 11, shrink: false });
    expect(r.verdict).toBe('fail');
    expect(r.shrinks).toBe(0);
  });

  it('gives an error verdict (not a law failure) when the metric errors', async () => {
    const reg = registered({ ...clinical, score: (rs) => rs.map(() => ({ error: 'boom' })) });
    const r = await evaluateLaw(getLaw('negation-sensitive')!, reg, { score: scorer, numRuns: 10, seed: 1 });
    expect(r.verdict).toBe('error');
    expect(r.reason).toContain('boom');
  });

  it('is reproducible: the same seed gives the same verdict and counterexample', async () => {
    const reg = registered(violates['synonym-invariant']!);
    const a = await evaluateLaw(getLaw('synonym-invariant')!, reg, { score: scorer, numRuns: 50, seed: 99 });
    const b = await evaluateLaw(getLaw('synonym-invariant')!, reg, { score: scorer, numRuns: 50, seed: 99 });
    expect(b).toEqual(a);
  });
});

describe('run sizing', () => {
  it('scales numRuns down by metric cost, never below minRuns, and can be turned off', () => {
    expect(scaledNumRuns({ numRuns: 100 })).toBe(100);
    expect(scaledNumRuns({ numRuns: 100, cost: 4 })).toBe(25);
    expect(scaledNumRuns({ numRuns: 100, cost: 1000 })).toBe(10);
    expect(scaledNumRuns({ numRuns: 100, cost: 1000, minRuns: 3 })).toBe(3);
    expect(scaledNumRuns({ numRuns: 5, cost: 1000 })).toBe(5);
    expect(scaledNumRuns({ numRuns: 100, cost: 1000, scaleByCost: false })).toBe(100);
  });

  it('has a stable default seed per law', () => {
    expect(defaultSeed('bounded')).toBe(defaultSeed('bounded'));
    expect(defaultSeed('bounded')).not.toBe(defaultSeed('symmetric'));
  });
});
