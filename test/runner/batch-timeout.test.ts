import { describe, expect, it } from 'vitest';
import type { ScoreContext, ScoreRequest } from '../../src/metrics/contract.js';
import { MAX_TIMEOUTS_ALONE, runBatch } from '../../src/runner/batch.js';
import { registered, req } from './_helpers.js';

/** A score function that never answers for a request whose candidate is in `hangs` (until aborted). */
function hangingOn(hangs: string[], calls: ScoreRequest[][] = []) {
  return (rs: ScoreRequest[], { signal }: ScoreContext) => {
    calls.push(rs);
    if (!rs.some((r) => hangs.includes(r.candidate as string))) return rs.map(() => ({ value: 0.5 }));
    return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
  };
}

describe('runBatch: a batch that times out (aloneAfterTimeout, as module metrics are registered)', () => {
  it('scores the requests alone: the one that hangs times out alone, the others keep their scores', async () => {
    const calls: ScoreRequest[][] = [];
    const reg = registered({ id: 'slow', score: hangingOn(['candidate 2'], calls) }, { timeoutMs: 30, aloneAfterTimeout: true });
    expect(await runBatch(reg, [req(1), req(2), req(3)])).toEqual([
      { value: 0.5 },
      { error: 'slow timed out after 30 ms (scored alone after its batch of 3 timed out)' },
      { value: 0.5 },
    ]);
    expect(calls.map((c) => c.length)).toEqual([3, 1, 1, 1]);
  });

  it(`gives up after ${MAX_TIMEOUTS_ALONE} requests in a row time out alone with nothing scored`, async () => {
    const all = Array.from({ length: 6 }, (_, i) => req(i));
    const calls: ScoreRequest[][] = [];
    const reg = registered({ id: 'stuck', score: hangingOn(all.map((r) => r.candidate as string), calls) }, { timeoutMs: 20, aloneAfterTimeout: true });
    const whole = `stuck timed out after 20 ms (the batch of 6 failed as a whole; its first ${MAX_TIMEOUTS_ALONE} requests failed alone too, the rest were not tried)`;
    expect(await runBatch(reg, all)).toEqual(all.map(() => ({ error: whole })));
    expect(calls).toHaveLength(1 + MAX_TIMEOUTS_ALONE);
  });

  it('goes on past hanging requests once one scored alone', async () => {
    const all = [req(1), req(2), req(3), req(4), req(5)];
    const reg = registered({ id: 'slow', score: hangingOn(['candidate 2', 'candidate 3', 'candidate 4', 'candidate 5']) }, { timeoutMs: 20, aloneAfterTimeout: true });
    const out = await runBatch(reg, all);
    expect(out[0]).toEqual({ value: 0.5 });
    expect(out.slice(1)).toEqual(all.slice(1).map(() => ({ error: 'slow timed out after 20 ms (scored alone after its batch of 5 timed out)' })));
  });

  it('scores one request alone at a time across the metric\'s batches (a busy loop would block the others)', async () => {
    let inFlight = 0;
    let most = 0;
    const hang = hangingOn(['candidate 2', 'candidate 12']);
    const reg = registered({
      id: 'slow',
      score: async (rs, ctx) => {
        if (rs.length > 1) return hang(rs, ctx);
        most = Math.max(most, ++inFlight);
        try {
          await new Promise((ok) => setTimeout(ok, 5));
          return await hang(rs, ctx);
        } finally {
          inFlight--;
        }
      },
    }, { timeoutMs: 30, aloneAfterTimeout: true });
    const [a, b] = await Promise.all([runBatch(reg, [req(1), req(2), req(3)]), runBatch(reg, [req(11), req(12), req(13)])]);
    expect(a.map((o) => 'value' in o)).toEqual([true, false, true]);
    expect(b.map((o) => 'value' in o)).toEqual([true, false, true]);
    expect(most).toBe(1);
  });

  it('without aloneAfterTimeout (a remote judge), a timed-out batch is not sent again', async () => {
    const calls: ScoreRequest[][] = [];
    const reg = registered({ id: 'judge', score: hangingOn(['candidate 2'], calls) }, { timeoutMs: 20 });
    expect(await runBatch(reg, [req(1), req(2)])).toEqual([{ error: 'judge timed out after 20 ms' }, { error: 'judge timed out after 20 ms' }]);
    expect(calls).toHaveLength(1);
  });
});
