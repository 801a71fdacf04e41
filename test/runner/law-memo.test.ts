import { describe, expect, it, vi } from 'vitest';
import { runLaw, type PlannedLaw } from '../../src/laws/plan.js';
import { bleuProvider } from '../../src/metrics/bleu/index.js';
import { MetricRegistry } from '../../src/metrics/registry.js';
import { DiskCache } from '../../src/runner/cache.js';
import { schedulerScorer } from '../../src/runner/law-scorer.js';
import { codeFingerprint } from '../../src/util/code-fingerprint.js';
import { tmpTree } from '../_support/tmp.js';

const planned = (law: string): PlannedLaw => ({ law, options: { law, numRuns: 20 }, metrics: ['bleu'] });
const ctx = (score: ReturnType<typeof schedulerScorer>) => ({ suite: 's', score, overrides: {}, informational: false });

describe('stored law evaluations (deterministic metrics, with a disk cache)', () => {
  it('a second run of the same law, metric, runs and seed reuses the evaluation without scoring', async () => {
    const dir = tmpTree();
    const reg = await new MetricRegistry([bleuProvider]).get('bleu');
    const spy = vi.spyOn(reg.metric, 'score');
    const writer = new DiskCache(dir);
    const first = await runLaw(planned('negation-sensitive'), reg, ctx(schedulerScorer({ cache: writer })));
    await writer.flush(); // the end of the first run
    expect(spy).toHaveBeenCalled();
    spy.mockClear();
    const second = await runLaw(planned('negation-sensitive'), reg, ctx(schedulerScorer({ cache: new DiskCache(dir) })));
    expect(spy).not.toHaveBeenCalled();
    expect(second).toStrictEqual(first);
  });

  it('another seed or number of runs is another evaluation; --no-cache stores none', async () => {
    const dir = tmpTree();
    const reg = await new MetricRegistry([bleuProvider]).get('bleu');
    const writer = new DiskCache(dir);
    await runLaw(planned('bounded'), reg, ctx(schedulerScorer({ cache: writer })));
    await writer.flush();
    const spy = vi.spyOn(reg.metric, 'score');
    await runLaw(planned('bounded'), reg, { ...ctx(schedulerScorer({ cache: new DiskCache(dir) })), overrides: { seed: 12345 } });
    expect(spy).toHaveBeenCalled();
    expect(schedulerScorer().memo).toBeUndefined();
  });

  it('is not used for a non-deterministic metric', async () => {
    const dir = tmpTree();
    const reg = await new MetricRegistry([bleuProvider]).get('bleu');
    const nondet = { ...reg, metric: { ...reg.metric, deterministic: false } };
    const memo = { get: vi.fn(), set: vi.fn() };
    const score = Object.assign(schedulerScorer({ cache: new DiskCache(dir) }), { memo });
    await runLaw(planned('bounded'), nondet, ctx(score));
    expect(memo.get).not.toHaveBeenCalled();
    expect(memo.set).not.toHaveBeenCalled();
  });

  it('the code fingerprint is stable within a process', () => {
    expect(codeFingerprint()).toMatch(/^[0-9a-f]{24}$/);
    expect(codeFingerprint()).toBe(codeFingerprint());
  });
});
