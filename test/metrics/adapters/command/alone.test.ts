import { describe, expect, it } from 'vitest';
import { MAX_LOST_ALONE, scoreAlone, type Attempt } from '../../../../src/metrics/adapters/command/alone.js';
import type { ScoreRequest } from '../../../../src/metrics/contract.js';

const reqs = (...c: string[]): ScoreRequest[] => c.map((candidate) => ({ reference: 'r', candidate }));
/** Scores `candidate.length`; candidates starting with "x" lose their (single-request) batch. */
const one = (tried: string[]) => async (r: ScoreRequest): Promise<Attempt> => {
  const c = String(r.candidate);
  tried.push(c);
  return c.startsWith('x') ? { outcomes: [{ error: `lost ${c}` }], lost: `lost ${c}` } : { outcomes: [{ value: c.length }] };
};

describe('scoring a lost batch alone', () => {
  it('keeps the scores of the requests that score alone and names the lost one', async () => {
    const tried: string[] = [];
    const out = await scoreAlone(reqs('a', 'xb', 'ccc'), 'lost batch', one(tried));
    expect(out).toEqual([{ value: 1 }, { error: 'lost xb (scored alone after its batch of 3 failed)' }, { value: 3 }]);
    expect(tried).toEqual(['a', 'xb', 'ccc']);
  });

  it('keeps per-request errors a single request returned', async () => {
    const out = await scoreAlone(reqs('a', 'b'), 'lost', async (r) => (r.candidate === 'b' ? { outcomes: [{ error: 'NaN' }] } : { outcomes: [{ value: 0.5 }] }));
    expect(out).toEqual([{ value: 0.5 }, { error: 'NaN' }]);
  });

  it(`stops after ${MAX_LOST_ALONE} losses in a row with nothing scored: the batch failed as a whole`, async () => {
    const tried: string[] = [];
    const out = await scoreAlone(reqs('x1', 'x2', 'x3', 'x4', 'a'), 'lost batch', one(tried));
    expect(tried).toEqual(['x1', 'x2', 'x3']);
    expect(out).toEqual(Array(5).fill({ error: 'lost batch (the batch of 5 failed as a whole; its first 3 requests failed alone too, the rest were not tried)' }));
  });

  it('goes on past losses once a request has scored', async () => {
    const tried: string[] = [];
    const out = await scoreAlone(reqs('a', 'x1', 'x2', 'x3', 'x4', 'b'), 'lost', one(tried));
    expect(tried).toHaveLength(6);
    expect(out[5]).toEqual({ value: 1 });
  });

  it('a batch as small as the limit, lost alone too, names each request', async () => {
    const out = await scoreAlone(reqs('x1', 'x2'), 'lost', one([]));
    expect(out).toEqual([{ error: 'lost x1 (scored alone after its batch of 2 failed)' }, { error: 'lost x2 (scored alone after its batch of 2 failed)' }]);
  });
});
