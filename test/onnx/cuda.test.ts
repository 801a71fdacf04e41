import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cudaProviderLibrary, ortPackageDir } from '../../src/onnx/cuda.js';
import { providerOrder } from '../../src/onnx/runtime.js';
import { tmpTree } from '../_support/tmp.js';

describe('CUDA provider detection', () => {
  it('finds the provider library next to the binding only when it is there', () => {
    const pkg = tmpTree({ 'package.json': '{}' });
    const dir = path.join(pkg, 'bin', 'napi-v6', process.platform, process.arch);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'onnxruntime_binding.node'), '');
    expect(cudaProviderLibrary(pkg)).toBeUndefined();
    writeFileSync(path.join(dir, 'libonnxruntime_providers_cuda.so'), '');
    expect(cudaProviderLibrary(pkg)).toBe(path.join(dir, 'libonnxruntime_providers_cuda.so'));
    expect(cudaProviderLibrary(undefined)).toBeUndefined();
  });

  it('auto tries CUDA only when its library is present; cpu never; cuda always (with CPU after it)', async () => {
    expect(await providerOrder('auto', () => undefined)).toEqual(['cpu']);
    expect(await providerOrder('cpu', () => '/x.so')).toEqual(['cpu']);
    expect(await providerOrder('cuda', () => undefined)).toEqual(['cuda', 'cpu']);
    const withLib = await providerOrder('auto', () => '/x.so');
    // the binding must list cuda too (linux x64 builds do)
    expect(withLib.at(-1)).toBe('cpu');
  });

  it('locates the installed onnxruntime-node package', () => {
    expect(ortPackageDir()).toMatch(/onnxruntime-node$/);
  });
});
