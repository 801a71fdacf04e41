import { describe, expect, it } from 'vitest';
import type { ScoreContext, ScoreRequest } from '../../src/metrics/contract.js';
import { runBatch } from '../../src/runner/batch.js';
import { registered, req } from './_helpers.js';

const three = [req(1), req(2), req(3)];

describe('runBatch', () => {
  it('returns the metric\'s outcomes, with details when they are an object', async () => {
    const reg = registered({
      score: (rs) => rs.map((_, i) => (i === 0 ? { value: 0, details: { tp: 1 } } : i === 1 ? { value: 1, details: 'ignored' as never } : { value: 0.5 })),
    });
    expect(await runBatch(reg, three)).toEqual([{ value: 0, details: { tp: 1 } }, { value: 1 }, { value: 0.5 }]);
  });

  it('passes the requests and an unaborted signal to score', async () => {
    let seen: { requests: ScoreRequest[]; signal: AbortSignal } | undefined;
    const reg = registered({ score: (requests, { signal }: ScoreContext) => { seen = { requests, signal }; return requests.map(() => ({ value: 0.5 })); } });
    await runBatch(reg, three);
    expect(seen?.requests).toEqual(three);
    expect(seen?.signal.aborted).toBe(false);
  });

  it('times out: every request gets an error naming the timeout, and the signal is aborted', async () => {
    let signal: AbortSignal | undefined;
    const reg = registered({
      id: 'slow',
      score: (rs, ctx) => {
        signal = ctx.signal;
        return new Promise((resolve) => {
          const timer = setTimeout(() => resolve(rs.map(() => ({ value: 1 }))), 10_000);
          ctx.signal.addEventListener('abort', () => clearTimeout(timer));
        });
      },
    }, { timeoutMs: 30 });
    const started = Date.now();
    const outcomes = await runBatch(reg, three);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outcomes).toEqual([
      { error: 'slow timed out after 30 ms' },
      { error: 'slow timed out after 30 ms' },
      { error: 'slow timed out after 30 ms' },
    ]);
    expect(signal?.aborted).toBe(true);
  });

  it('retries: a metric failing twice then succeeding with retries 2 succeeds', async () => {
    let calls = 0;
    const signals: AbortSignal[] = [];
    const reg = registered({
      id: 'flaky',
      score: (rs, { signal }) => {
        signals.push(signal);
        if (++calls <= 2) throw new Error(`transient ${calls}`);
        return rs.map(() => ({ value: 0.7 }));
      },
    }, { retries: 2 });
    expect(await runBatch(reg, three)).toEqual([{ value: 0.7 }, { value: 0.7 }, { value: 0.7 }]);
    expect(calls).toBe(3);
    expect(new Set(signals).size).toBe(3); // a fresh signal per attempt
  });

  it('gives up after retries + 1 attempts with the last error and the attempt count', async () => {
    let calls = 0;
    const reg = registered({ id: 'flaky', score: () => { throw new Error(`failure ${++calls}`); } }, { retries: 1 });
    expect(await runBatch(reg, [req(1), req(2)])).toEqual([
      // the batch failed twice (failure 1, 2); scored alone, each request threw its own error
      { error: 'flaky threw: failure 3 (scored alone after its batch of 2 failed)' },
      { error: 'flaky threw: failure 4 (scored alone after its batch of 2 failed)' },
    ]);
    // two attempts at the batch, then one call per request (no retries alone)
    expect(calls).toBe(4);
    expect(await runBatch(registered({ id: 'flaky', score: () => { throw new Error('same'); } }, { retries: 1 }), [req(1)])).toEqual([{ error: 'flaky threw: same (after 2 attempts)' }]);
  });

  it('retries a timeout too', async () => {
    let calls = 0;
    const reg = registered({
      id: 'slow-once',
      score: (rs, { signal }) => {
        calls++;
        if (calls === 1) return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
        return rs.map(() => ({ value: 0.2 }));
      },
    }, { timeoutMs: 20, retries: 1 });
    expect(await runBatch(reg, [req(1)])).toEqual([{ value: 0.2 }]);
    expect(calls).toBe(2);
  });

  it('reports a throw as "<id> threw: <message>" for every request', async () => {
    const reg = registered({ id: 'boom', score: () => { throw new Error('model not loaded'); } });
    // each request alone throws the same: the batch failed as a whole
    const whole = 'boom threw: model not loaded (the batch of 2 failed as a whole)';
    expect(await runBatch(reg, [req(1), req(2)])).toEqual([{ error: whole }, { error: whole }]);
    expect(await runBatch(reg, [req(1)])).toEqual([{ error: 'boom threw: model not loaded' }]);
  });

  it('a batch that throws is scored one request at a time: the thrower is named, the others keep their scores', async () => {
    let calls = 0;
    const reg = registered({
      id: 'picky',
      score: (rs) => {
        calls++;
        if (rs.some((r) => r.candidate === 'candidate 2')) throw new Error('cannot parse candidate 2');
        return rs.map(() => ({ value: 0.5 }));
      },
    });
    expect(await runBatch(reg, three)).toEqual([{ value: 0.5 }, { error: 'picky threw: cannot parse candidate 2 (scored alone after its batch of 3 failed)' }, { value: 0.5 }]);
    expect(calls).toBe(4);
  });

  it('names the metric as the config does, with its declared id', async () => {
    const reg = { ...registered({ id: 'len', score: () => [{ error: 'len: the worker failed the batch: oops' }] }), id: 'overlap' };
    expect(await runBatch(reg, [req(1)])).toEqual([{ error: 'overlap (declared id "len"): the worker failed the batch: oops' }]);
    const thrower = { ...registered({ id: 'len', score: () => { throw new Error('len: no model'); } }), id: 'overlap' };
    expect(await runBatch(thrower, [req(1)])).toEqual([{ error: 'overlap threw: overlap (declared id "len"): no model' }]);
  });

  it('reports an async rejection the same way', async () => {
    const reg = registered({ id: 'boom', score: async () => { throw new Error('http 500'); } });
    expect(await runBatch(reg, [req(1)])).toEqual([{ error: 'boom threw: http 500' }]);
  });

  it('fails every request when the metric returns the wrong number of outcomes', async () => {
    const reg = registered({ id: 'short', score: (rs) => rs.slice(1).map(() => ({ value: 1 })) });
    expect(await runBatch(reg, three)).toEqual([
      { error: 'short returned 2 outcomes for 3 requests' },
      { error: 'short returned 2 outcomes for 3 requests' },
      { error: 'short returned 2 outcomes for 3 requests' },
    ]);
  });

  it('fails every request when the metric returns something that is not an array', async () => {
    const reg = registered({ id: 'odd', score: () => ({ value: 1 }) as never });
    expect(await runBatch(reg, [req(1)])).toEqual([{ error: 'odd returned object, not an array of outcomes, for 1 request' }]);
    const undef = registered({ id: 'odd', score: () => undefined as never });
    expect(await runBatch(undef, [req(1)])).toEqual([{ error: 'odd returned undefined, not an array of outcomes, for 1 request' }]);
  });

  it('retries a wrong-length reply and names the attempts', async () => {
    let calls = 0;
    const reg = registered({ id: 'short', score: () => { calls++; return []; } }, { retries: 1 });
    expect(await runBatch(reg, [req(1)])).toEqual([{ error: 'short returned 0 outcomes for 1 request (after 2 attempts)' }]);
    expect(calls).toBe(2);
  });

  it('fails only the request with a NaN, infinite or out-of-range value', async () => {
    const values = [0.5, Number.NaN, 1, Number.POSITIVE_INFINITY, -0.01, 0, 1.5, Number.NEGATIVE_INFINITY];
    const reg = registered({ id: 'm', score: (rs) => rs.map((_, i) => ({ value: values[i]! })) });
    const outcomes = await runBatch(reg, values.map((_, i) => req(i)));
    expect(outcomes).toEqual([
      { value: 0.5 },
      { error: 'm returned a non-finite value (NaN)' },
      { value: 1 },
      { error: 'm returned a non-finite value (Infinity)' },
      { error: 'm returned -0.01, outside its declared range [0, 1]' },
      { value: 0 },
      { error: 'm returned 1.5, outside its declared range [0, 1]' },
      { error: 'm returned a non-finite value (-Infinity)' },
    ]);
  });

  it('uses the metric\'s own declared range', async () => {
    const reg = registered({ id: 'ranged', range: [-1, 10], score: (rs) => rs.map((_, i) => ({ value: [-1, 10, 10.5][i]! })) });
    expect(await runBatch(reg, three)).toEqual([{ value: -1 }, { value: 10 }, { error: 'ranged returned 10.5, outside its declared range [-1, 10]' }]);
  });

  it('passes `{ error }` outcomes through and fills in an empty message', async () => {
    const reg = registered({ id: 'm', score: () => [{ error: 'cannot parse report' }, { value: 0.3 }, { error: '' }] });
    expect(await runBatch(reg, three)).toEqual([
      { error: 'cannot parse report' },
      { value: 0.3 },
      { error: 'm reported an error without a message' },
    ]);
  });

  it('turns an invalid outcome shape into an error for that request only', async () => {
    const bad = [null, 'text', { value: '0.5' }, {}, 42, undefined, { value: 0.9 }];
    const reg = registered({ id: 'm', score: () => bad as never });
    expect(await runBatch(reg, bad.map((_, i) => req(i)))).toEqual([
      { error: 'm returned an invalid outcome: null' },
      { error: 'm returned an invalid outcome: "text"' },
      { error: 'm returned an invalid outcome: {"value":"0.5"}' },
      { error: 'm returned an invalid outcome: {}' },
      { error: 'm returned an invalid outcome: 42' },
      { error: 'm returned an invalid outcome: undefined' },
      { value: 0.9 },
    ]);
  });

  it('truncates a long invalid outcome to 120 characters of JSON', async () => {
    const reg = registered({ id: 'm', score: () => [{ text: 'x'.repeat(500) }] as never });
    const [o] = await runBatch(reg, [req(1)]);
    expect(o).toEqual({ error: `m returned an invalid outcome: ${JSON.stringify({ text: 'x'.repeat(500) }).slice(0, 120)}` });
  });

  // Regression: withTimeout prefixes the message by assigning `e.message`, which throws a TypeError for
  // errors whose `message` is a getter (DOMException: what fetch throws for AbortSignal.timeout or
  // an aborted request). The reason becomes "Cannot set property message of ... which has only a
  // getter" instead of the metric's own message.
  it('reports a DOMException thrown by score with its own message', async () => {
    const reg = registered({ id: 'http', score: () => { throw new DOMException('The operation was aborted due to timeout', 'TimeoutError'); } });
    expect(await runBatch(reg, [req(1)])).toEqual([{ error: 'http threw: The operation was aborted due to timeout' }]);
  });

  // Regression: a thrown non-Error value skips the "<id> threw:" prefix (the catch only rewrites Error
  // instances), so the reason does not say which metric failed.
  it('reports a thrown string with the metric id', async () => {
    const reg = registered({ id: 'stringly', score: () => { throw 'socket hang up'; } });
    expect(await runBatch(reg, [req(1)])).toEqual([{ error: 'stringly threw: socket hang up' }]);
  });

  // Regression: the prefix is skipped whenever the metric's own message starts with its id, so a metric
  // `bleu` throwing "bleu tokenizer missing" reads like a runner message, not a throw.
  it('prefixes "threw" even when the metric\'s message starts with its id', async () => {
    const reg = registered({ id: 'bleu', score: () => { throw new Error('bleu tokenizer missing'); } });
    expect(await runBatch(reg, [req(1)])).toEqual([{ error: 'bleu threw: bleu tokenizer missing' }]);
  });
});
