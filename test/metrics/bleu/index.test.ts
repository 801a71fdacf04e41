import { describe, it, expect } from 'vitest';
import type { Metric, ScoreOutcome } from '../../../src/metrics/contract.js';
import { bleuProvider, sentenceBleu, tokenizeReport } from '../../../src/metrics/bleu/index.js';

const env = { root: process.cwd() };
const create = (options: Record<string, unknown> = {}): Metric => bleuProvider.create(options, env) as Metric;
const signal = new AbortController().signal;
const score = async (m: Metric, reference: unknown, candidate: unknown): Promise<ScoreOutcome> =>
  (await m.score([{ reference: reference as string, candidate: candidate as string }], { signal }))[0]!;

describe('bleu provider', () => {
  it('declares the metric', () => {
    const m = create();
    expect(bleuProvider.id).toBe('bleu');
    expect(m).toMatchObject({ id: 'bleu', version: '1', direction: 'higher', range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'], symmetric: false, cache: false, batchSize: 256 });
  });

  it('scores tokenized text with smoothing method 1 by default', async () => {
    const m = create();
    const out = await score(m, 'Left lower lobe.', 'left lower lobe');
    // 4 vs 3 tokens: p1..p3 = 1, p4 = 0.1/1 (method 1), BP = exp(1 - 4/3)
    expect(out).toEqual({ value: sentenceBleu([['left', 'lower', 'lobe', '.']], ['left', 'lower', 'lobe'], { smoothing: 1 }), details: { tokens: { reference: 4, candidate: 3 } } });
    expect((out as { value: number }).value).toBeCloseTo(Math.exp(1 - 4 / 3) * 0.1 ** 0.25, 14);
  });

  it('passes weights, smoothing, autoReweigh and lowercase through', async () => {
    const ref = 'Small effusion';
    const cand = 'small effusion';
    expect(await score(create({ smoothing: 0, autoReweigh: true }), ref, cand)).toMatchObject({ value: 1 });
    const cased = await score(create({ lowercase: false, weights: [1] }), ref, cand);
    expect(cased).toMatchObject({ value: 0.5 }); // only "effusion" matches
    const expected = sentenceBleu([tokenizeReport(ref)], tokenizeReport(cand), { weights: [0.5, 0.5], smoothing: 3 });
    expect(await score(create({ weights: [0.5, 0.5], smoothing: 3 }), ref, cand)).toMatchObject({ value: expected });
  });

  it('scores every request of a batch in order', async () => {
    const m = create();
    const outs = await m.score(
      [
        { reference: 'no effusion', candidate: 'no effusion' },
        { reference: 'no effusion', candidate: 'pneumothorax' },
      ],
      { signal },
    );
    expect(outs.map((o) => ('value' in o ? o.value : o.error))).toEqual([sentenceBleu([['no', 'effusion']], ['no', 'effusion'], { smoothing: 1 }), 0]);
  });

  it('returns an error outcome for a structured report on either side', async () => {
    const m = create();
    const error = { error: 'bleu scores text reports; got a structured report' };
    expect(await score(m, { findings: [] }, 'text')).toEqual(error);
    expect(await score(m, 'text', ['a', 'b'])).toEqual(error);
  });

  it('returns an error outcome where nltk raises (method 6, zero trigram precision)', async () => {
    const out = await score(create({ smoothing: 6 }), 'a b c d', 'a b x d');
    expect(out).toMatchObject({ error: expect.stringMatching(/trigram/) });
  });

  it('rejects unknown keys and invalid values with a clear error', () => {
    expect(() => create({ smooth: 1 })).toThrow(/invalid bleu options: .*Unrecognized key.*"smooth"/);
    expect(() => create({ smoothing: 9 })).toThrow(/invalid bleu options: smoothing: /);
    expect(() => create({ weights: [] })).toThrow(/weights/);
    expect(() => create({ weights: [-1, 2] })).toThrow(/weights\.0/);
    expect(() => create({ weights: [0, 0] })).toThrow(/at least one weight must be positive/);
    expect(() => create({ lowercase: 'yes' })).toThrow(/lowercase/);
    expect(() => create({ smoothing: 6, weights: [0.5, 0.5] })).toThrow(/at least 3 weights/);
  });

  it('widens the declared range where smoothing can exceed 1', () => {
    expect(create({ smoothing: 5 }).range[1]).toBeGreaterThanOrEqual(4 / 3);
    expect(create({ smoothing: 7, weights: [1] }).range[1]).toBeGreaterThanOrEqual(4 / 3);
    expect(create({ smoothing: 6 }).range[1]).toBe(Number.MAX_VALUE);
    expect(create({ smoothing: 4 }).range).toEqual([0, 1]);
  });
});
