import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Metric, ScoreOutcome } from '../../../../src/metrics/contract.js';
import { createCommandMetric, decode, resolveCommand, type CommandMetricSettings } from '../../../../src/metrics/adapters/command/index.js';
import { ConfigSchema } from '../../../../src/config/schema.js';
import { tmpTree } from '../../../_support/tmp.js';
import { FLAKY, RAW_NONFINITE, STUBBORN, hello } from './_workers.js';

const signal = new AbortController().signal;
const req = (candidate: string) => ({ reference: 'Moderate left pleural effusion.', candidate });
const errorOf = (o: ScoreOutcome | undefined) => (o && 'error' in o ? o.error : undefined);
const valueOf = (o: ScoreOutcome | undefined) => (o && 'value' in o ? o.value : undefined);

async function withMetric(script: string, settings: Partial<CommandMetricSettings>, body: (m: Metric, dir: string) => Promise<void>): Promise<void> {
  const dir = tmpTree({ 'worker.py': script });
  const m = await createCommandMetric({ command: ['python3', 'worker.py'], ...settings }, dir);
  try {
    await body(m, dir);
  } finally {
    await m.close?.();
  }
}

describe('command metrics', () => {
  it('does the handshake, takes the declaration, scores batches and passes options', async () => {
    await withMetric(FLAKY, { options: { value: 0.25 }, timeoutMs: 10_000 }, async (m) => {
      expect(m).toMatchObject({ id: 'py-test', version: '1', direction: 'higher', range: [0, 1], concurrency: 1, retries: 0 });
      const out = await m.score([req('abcd'), req('option'), req('print')], { signal });
      expect(out[0]).toMatchObject({ value: 0.04, details: { pid: expect.any(Number) } });
      expect(out[1]).toEqual({ value: 0.25 });
      expect(valueOf(out[2])).toBe(0.05); // a stray print() goes to stderr, not into the protocol
    });
  });

  it('a crash fails only the input that crashes: the lost batch is scored again one request at a time, in fresh workers', async () => {
    await withMetric(FLAKY, { timeoutMs: 10_000 }, async (m) => {
      const before = await m.score([req('a')], { signal });
      const crashed = await m.score([req('b'), req('crash'), req('c')], { signal });
      expect(crashed.map(valueOf)).toEqual([0.01, undefined, 0.01]);
      expect(errorOf(crashed[1])).toMatch(/worker `python3 worker.py` exited with code 3[^]*boom: about to crash[^]*\(scored alone after its batch of 3 failed\)$/);
      const after = await m.score([req('a')], { signal });
      expect(valueOf(after[0])).toBe(0.01);
      const pid = (o: ScoreOutcome | undefined) => (o as unknown as { details: { pid: number } }).details.pid;
      expect(pid(after[0])).not.toBe(pid(before[0]));
    });
  });

  it('a hang times out, the worker is killed and restarted; only the hanging input is an error', async () => {
    await withMetric(FLAKY, { timeoutMs: 1_000 }, async (m) => {
      const started = Date.now();
      const hung = await m.score([req('hang'), req('x')], { signal });
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(errorOf(hung[0])).toMatch(/did not answer batch \d+ within 1000 ms \(killed\)[^]*hanging now[^]*scored alone after its batch of 2 failed/);
      expect(valueOf(hung[1])).toBe(0.01);
      expect(valueOf((await m.score([req('xy')], { signal }))[0])).toBe(0.02);
    });
  });

  it('garbage on stdout fails only its input and the worker restarts', async () => {
    await withMetric(FLAKY, { timeoutMs: 10_000 }, async (m) => {
      const out = await m.score([req('garbage'), req('x')], { signal });
      expect(errorOf(out[0])).toMatch(/wrote garbage to stdout \(not JSON: "this is not json"\)/);
      expect(valueOf(out[1])).toBe(0.01);
      expect(valueOf((await m.score([req('xyz')], { signal }))[0])).toBe(0.03);
    });
  });

  it('a worker that crashes on every input is not restarted per request: after 3 lost alone the batch fails as a whole', async () => {
    const always = FLAKY.replace('if c == "crash":', 'if True:');
    await withMetric(always, { timeoutMs: 10_000 }, async (m) => {
      const out = await m.score(['a', 'b', 'c', 'd', 'e', 'f'].map(req), { signal });
      for (const o of out) expect(errorOf(o)).toMatch(/exited with code 3[^]*\(the batch of 6 failed as a whole; its first 3 requests failed alone too, the rest were not tried\)$/);
    });
  });

  it('a wrong number of outcomes fails every request of the batch', async () => {
    await withMetric(FLAKY, {}, async (m) => {
      const out = await m.score([req('a'), req('short'), req('b')], { signal });
      expect(out.map(errorOf)).toEqual(Array(3).fill('py-test: the worker returned 1 outcome for 3 requests'));
      expect(valueOf((await m.score([req('a')], { signal }))[0])).toBe(0.01);
    });
  });

  it('NaN, infinities and out-of-range values fail only their own requests (helper)', async () => {
    await withMetric(FLAKY, {}, async (m) => {
      const out = await m.score([req('nan'), req('a'), req('inf'), req('big')], { signal });
      expect(errorOf(out[0])).toContain('non-finite value (nan)');
      expect(valueOf(out[1])).toBe(0.01);
      expect(errorOf(out[2])).toContain('non-finite value (-inf)');
      expect(errorOf(out[3])).toContain('py-test returned 7, outside its declared range [0, 1]');
    });
  });

  it('NaN/Infinity tokens and out-of-range values from a raw worker fail only their requests, with the stderr tail', async () => {
    await withMetric(RAW_NONFINITE, {}, async (m) => {
      const out = await m.score(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(req), { signal });
      // stderr is another pipe: what arrived by the time the result is read is appended
      expect(errorOf(out[0])).toMatch(/^py-test returned a non-finite value \(NaN\)(; worker stderr \(tail\):\nscored batch 1)?$/);
      expect(errorOf(out[1])).toContain('non-finite value (Infinity)');
      expect(errorOf(out[2])).toContain('non-finite value (-Infinity)');
      expect(out[3]).toEqual({ value: 0.5 });
      expect(errorOf(out[4])).toContain('outside its declared range');
      expect(out[5]).toEqual({ error: 'own reason' });
      expect(errorOf(out[6])).toContain('invalid outcome: "x"');
      const again = await m.score(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(req), { signal });
      expect(errorOf(again[0])).toMatch(/^py-test returned a non-finite value \(NaN\); worker stderr \(tail\):\nscored batch 1(\nscored batch 2)?$/);
    });
  });

  it('an exception in score_batch fails only the request that raises; the worker keeps serving', async () => {
    await withMetric(FLAKY, {}, async (m) => {
      const out = await m.score([req('a'), req('raise')], { signal });
      expect(valueOf(out[0])).toBe(0.01);
      expect(errorOf(out[1])).toMatch(/the worker failed the batch: RuntimeError: batch exploded[^]*Traceback[^]*scored alone after its batch of 2 failed/);
      expect(valueOf((await m.score([req('a')], { signal }))[0])).toBe(0.01);
    });
  });

  it('retries re-send a lost batch to a fresh worker', async () => {
    const crashOnce = FLAKY.replace('if c == "crash":', 'if c == "crash" and not os.path.exists("crashed"):\n            open("crashed", "w").close()');
    await withMetric(crashOnce, { retries: 1 }, async (m, dir) => {
      const out = await m.score([req('crash'), req('a')], { signal });
      expect(existsSync(path.join(dir, 'crashed'))).toBe(true);
      expect(out.map(valueOf)).toEqual([0.05, 0.01]);
    });
  });

  it('cancellation through the signal kills the worker and fails the batch', async () => {
    await withMetric(FLAKY, { timeoutMs: 30_000 }, async (m) => {
      const c = new AbortController();
      setTimeout(() => c.abort(), 300);
      const out = await m.score([req('hang')], { signal: c.signal });
      expect(errorOf(out[0])).toContain('was stopped: the batch was cancelled');
      expect(valueOf((await m.score([req('a')], { signal }))[0])).toBe(0.01);
    });
  });

  it('runs batches on several workers with concurrency', async () => {
    await withMetric(FLAKY, { concurrency: 3 }, async (m) => {
      expect(m.concurrency).toBe(3);
      const outs = await Promise.all([1, 2, 3].map(() => m.score([req('a')], { signal })));
      const pids = new Set(outs.map((o) => (o[0] as unknown as { details: { pid: number } }).details.pid));
      expect(pids.size).toBe(3);
    });
  });

  it('rejects an invalid declaration, another protocol version, and a command that does not start', async () => {
    const bad = tmpTree({ 'worker.py': hello(`{"type": "hello", "protocol": 1, "declaration": {"id": "x", "version": "1"}}`) });
    await expect(createCommandMetric({ command: ['python3', 'worker.py'] }, bad)).rejects.toThrow(/`python3 worker.py` sent an invalid declaration: description: .*direction/);
    const v2 = tmpTree({ 'worker.py': hello(`{"type": "hello", "protocol": 2, "declaration": {}}`) });
    await expect(createCommandMetric({ command: ['python3', 'worker.py'] }, v2)).rejects.toThrow('speaks protocol 2; this metric-suite speaks protocol 1');
    await expect(createCommandMetric({ command: ['./no-such-binary'] }, bad)).rejects.toThrow(/could not be started: spawn \.\/no-such-binary ENOENT/);
    const silent = tmpTree({ 'worker.py': 'import time\ntime.sleep(60)\n' });
    await expect(createCommandMetric({ command: { argv: ['python3', 'worker.py'], startTimeoutMs: 500 } }, silent)).rejects.toThrow('did not answer the handshake within 500 ms');
  });

  it('close() sends shutdown, then SIGTERM to a worker that ignores it', async () => {
    const dir = tmpTree({ 'worker.py': STUBBORN });
    const m = await createCommandMetric({ command: ['python3', 'worker.py'] }, dir);
    await m.close?.();
    expect(existsSync(path.join(dir, 'got-shutdown'))).toBe(true);
    expect(existsSync(path.join(dir, 'terminated'))).toBe(true);
  });

  it('resolves cwd and env relative to the config folder and puts the helper on PYTHONPATH', () => {
    const c = resolveCommand({ argv: ['python3', 'm.py'], cwd: 'sub', env: { X: '1' } }, '/root/project', { PYTHONPATH: '/mine' });
    expect(c.cwd).toBe(path.resolve('/root/project/sub'));
    expect(c.env.X).toBe('1');
    expect(c.env.PYTHONPATH!.split(path.delimiter)).toEqual([path.resolve(import.meta.dirname, '../../../../python'), '/mine']);
    expect(() => resolveCommand([], '/')).toThrow('non-empty argv');
  });

  it('decodes protocol lines and names what is wrong', () => {
    expect(decode('{"type":"result","id":1,"outcomes":[{"value":NaN},{"error":"NaN here"}]}')).toEqual({ type: 'result', id: 1, outcomes: [{ value: Number.NaN }, { error: 'NaN here' }] });
    expect(decode('hello')).toBe('not JSON: "hello"');
    expect(decode('[1]')).toBe('not a JSON object: "[1]"');
    expect(decode('{"type":"nope"}')).toMatch(/^unknown message type "nope"/);
  });

  it('the config schema takes command and http entries and refuses two sources', () => {
    const ok = ConfigSchema.safeParse({ metrics: {
      a: { command: ['python3', 'a.py'], timeoutMs: 1000 },
      b: { command: { argv: ['python3', 'b.py'], cwd: 'x', env: { K: 'v' } } },
      c: { http: { url: 'http://127.0.0.1:9/score', headerEnv: { Authorization: 'Bearer ${TOKEN}' }, retries: 2 } },
    } });
    expect(ok.success).toBe(true);
    const both = ConfigSchema.safeParse({ metrics: { a: { command: ['x'], http: { url: 'http://x' } } } });
    expect(both.success).toBe(false);
    expect(JSON.stringify(both.error?.issues)).toContain('give only one of');
    expect(ConfigSchema.safeParse({ metrics: { a: { http: { url: 'http://x', apiKey: 'secret' } } } }).success).toBe(false);
  });
});
