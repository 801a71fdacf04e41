import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PythonError, PythonService, PythonWorker, PythonWorkerFailure, isMissingPython } from '../../src/python/index.js';

const handler = path.resolve('test/fixtures/python/handlers/echo_handler.py');
const launch = { handler, cwd: process.cwd() };
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((w) => w.close()));
});

describe('PythonWorker', () => {
  it('starts, answers calls in order, and keeps stray prints off the protocol', async () => {
    const w = await PythonWorker.start(launch);
    open.push(w);
    const info = await w.call<{ inits: number }>('init', {});
    expect(info.inits).toBe(1);
    const results = await Promise.all([1, 2, 3].map((v) => w.call<{ value: number }>('echo', { value: v })));
    expect(results.map((r) => r.value)).toEqual([1, 2, 3]);
    expect(w.stderrTail()).toContain('noise on stdout');
  });

  it('a raising method is a PythonError and the worker stays usable', async () => {
    const w = await PythonWorker.start(launch);
    open.push(w);
    const e = await w.call('boom', { message: 'nope' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PythonError);
    expect((e as PythonError).type).toBe('ValueError');
    expect((e as PythonError).message).toBe('ValueError: nope');
    expect((e as PythonError).traceback).toContain('raise ValueError');
    expect(await w.call('echo', { value: 'still here' })).toEqual({ value: 'still here' });
    await expect(w.call('_private')).rejects.toThrow(/no method/);
  });

  it('NaN in a result arrives as null', async () => {
    const w = await PythonWorker.start(launch);
    open.push(w);
    expect(await w.call('nan')).toEqual([null, 1.5]);
  });

  it('a crash fails the call in flight with the exit status, and later calls fail fast', async () => {
    const w = await PythonWorker.start(launch);
    open.push(w);
    await expect(w.call('crash')).rejects.toThrow(PythonWorkerFailure);
    await expect(w.call('crash')).rejects.toThrow(/exited with code 3/);
    expect(w.alive).toBe(false);
  });

  it('a call past its timeout kills the worker', async () => {
    const w = await PythonWorker.start(launch);
    open.push(w);
    await expect(w.call('hang', { seconds: 30 }, { timeoutMs: 300 })).rejects.toThrow(/did not answer hang within 300 ms/);
  });

  it('ignores SIGINT (Ctrl-C reaches the whole process group; metric-suite decides when it stops)', async () => {
    const w = await PythonWorker.start(launch);
    open.push(w);
    const info = await w.call<{ pid: number }>('init', {});
    process.kill(info.pid, 'SIGINT');
    await new Promise((r) => setTimeout(r, 200));
    expect(await w.call('echo', { value: 'after ctrl-c' })).toEqual({ value: 'after ctrl-c' });
  });

  it('a missing interpreter or handler module says so', async () => {
    const e1 = await PythonWorker.start({ ...launch, python: '/nonexistent/python3' }).catch((x: unknown) => x);
    expect(e1).toBeInstanceOf(PythonWorkerFailure);
    expect(isMissingPython(e1)).toBe(true);
    const e2 = await PythonWorker.start({ ...launch, handler: 'no_such_handler_module' }).catch((x: unknown) => x);
    expect((e2 as Error).message).toMatch(/could not load its handler: ModuleNotFoundError/);
    expect(isMissingPython(e2)).toBe(true);
  });
});

describe('PythonService', () => {
  it('initialises once, and restarts (and re-initialises) after a crash', async () => {
    const s = new PythonService<{ inits: number; pid: number; params: unknown }>({ ...launch, init: { model: 'x' } });
    open.push(s);
    const first = await s.info();
    expect(first).toMatchObject({ inits: 1, params: { model: 'x' } });
    await s.call('echo', { value: 1 });
    expect((await s.info()).pid).toBe(first.pid);
    await expect(s.call('crash', {})).rejects.toThrow(PythonWorkerFailure);
    expect(await s.call('echo', { value: 2 })).toEqual({ value: 2 });
    expect((await s.info()).pid).not.toBe(first.pid);
  });

  it('a missing package raised by a method is recognised', async () => {
    const s = new PythonService(launch);
    open.push(s);
    const e = await s.call('missing', {}).catch((x: unknown) => x);
    expect(isMissingPython(e)).toBe(true);
  });
});
