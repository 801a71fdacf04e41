/**
 * onnxruntime-node is an optional peer: when it is missing, the ONNX paths say how to get it
 * (the command, and how its CUDA provider is installed) instead of a bare module error.
 */
import { describe, it, expect } from 'vitest';
import { importOrt, loadOrt, OnnxRuntimeUnavailableError } from '../../src/onnx/runtime.js';

function notFound(): Error {
  const e = new Error("Cannot find package 'onnxruntime-node' imported from /x/dist/src/onnx/runtime.js") as NodeJS.ErrnoException;
  e.code = 'ERR_MODULE_NOT_FOUND';
  return e;
}

describe('importOrt', () => {
  it('names `npm i onnxruntime-node` and the CUDA provider when the package is missing', async () => {
    const err = await importOrt(() => Promise.reject(notFound())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OnnxRuntimeUnavailableError);
    const msg = (err as Error).message;
    expect(msg).toContain('onnxruntime-node is not installed');
    expect(msg).toContain('optional peer dependency');
    expect(msg).toContain('`npm i onnxruntime-node`');
    expect(msg).toMatch(/CUDA 12 provider/);
    expect(msg).toContain('--onnxruntime-node-install=cuda12');
  });

  it('reports a binding that fails to load with its first line, plus the install hint', async () => {
    const err = await importOrt(() => Promise.reject(new Error('libonnxruntime.so.1: cannot open shared object file\nstack'))).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/^onnxruntime-node could not be loaded \(libonnxruntime\.so\.1: cannot open shared object file\); install it/);
  });

  it('rejects a module without the API used', async () => {
    const err = await importOrt(() => Promise.resolve({ default: {} })).catch((e: unknown) => e);
    expect((err as Error).message).toContain('no InferenceSession/Tensor export');
  });

  it('takes the default export of the CommonJS build', async () => {
    const api = { InferenceSession: { create: async () => ({}) }, Tensor: class {} };
    await expect(importOrt(() => Promise.resolve({ default: api }))).resolves.toBe(api);
  });

  it('loads the installed runtime (a devDependency of this repository)', async () => {
    const ort = await loadOrt();
    const t = new ort.Tensor('float32', new Float32Array([1, 2]), [2]);
    expect(t.dims).toEqual([2]);
  });
});
