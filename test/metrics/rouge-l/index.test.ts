import { describe, it, expect } from 'vitest';
import type { Metric, ScoreOutcome } from '../../../src/metrics/contract.js';
import { rougeLProvider, rougeTokens } from '../../../src/metrics/rouge-l/index.js';

const env = { root: process.cwd() };
const create = (options: Record<string, unknown> = {}): Metric => rougeLProvider.create(options, env) as Metric;
const signal = new AbortController().signal;
const score = async (m: Metric, reference: unknown, candidate: unknown): Promise<ScoreOutcome> =>
  (await m.score([{ reference: reference as string, candidate: candidate as string }], { signal }))[0]!;

describe('rouge-l provider', () => {
  it('declares the metric, symmetric only for beta 1', () => {
    expect(rougeLProvider.id).toBe('rouge-l');
    expect(create()).toMatchObject({ id: 'rouge-l', version: '1', direction: 'higher', range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'], symmetric: true, cache: false, batchSize: 256 });
    expect(create({ beta: 1.2 }).symmetric).toBe(false);
  });

  it('drops punctuation tokens and lowercases', () => {
    expect(rougeTokens('Left-sided effusion, 2.5 cm.')).toEqual(['left-sided', 'effusion', '2.5', 'cm']);
    expect(rougeTokens('No Effusion', false)).toEqual(['No', 'Effusion']);
  });

  it('scores F with precision and recall in details', async () => {
    const out = await score(create(), 'Small left pleural effusion.', 'left effusion!');
    // tokens: 4 vs 2, LCS 2 -> P = 1, R = 1/2, F = 2/3
    expect(out).toEqual({ value: (2 * 1 * 0.5) / (0.5 + 1), details: { precision: 1, recall: 0.5 } });
    expect(await score(create({ lowercase: false }), 'No effusion', 'no effusion')).toMatchObject({ value: 0.5 });
    expect(await score(create(), '...', 'no effusion')).toEqual({ value: 0, details: { precision: 0, recall: 0 } });
  });

  it('returns an error outcome for a structured report', async () => {
    expect(await score(create(), { findings: [] }, 'text')).toEqual({ error: 'rouge-l scores text reports; got a structured report' });
  });

  it('rejects unknown keys and invalid values', () => {
    expect(() => create({ betta: 2 })).toThrow(/invalid rouge-l options: .*Unrecognized key.*"betta"/);
    expect(() => create({ beta: 0 })).toThrow(/beta/);
    expect(() => create({ beta: 'x' })).toThrow(/beta/);
  });
});
