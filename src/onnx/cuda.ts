/**
 * Whether onnxruntime-node's CUDA execution provider can be tried at all: the binding lists
 * `cuda` on every Linux x64 build, but the provider library (libonnxruntime_providers_cuda.so,
 * downloaded by the package's install script) is often absent, e.g. after an install with
 * scripts off. `auto` tries CUDA only when that library sits next to the binding, so a CPU-only
 * machine gets no native error and no fallback message.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const LIBRARIES = ['libonnxruntime_providers_cuda.so', 'onnxruntime_providers_cuda.dll'];

/** Folders holding onnxruntime-node's native binding (bin/napi-v*\/<platform>/<arch>). */
export function bindingDirs(packageDir: string, platform = process.platform, arch = process.arch): string[] {
  const bin = path.join(packageDir, 'bin');
  if (!existsSync(bin)) return [];
  return readdirSync(bin)
    .filter((d) => d.startsWith('napi-v'))
    .map((d) => path.join(bin, d, platform, arch))
    .filter((d) => existsSync(d));
}

/** onnxruntime-node's package folder, or undefined when it is not installed. */
export function ortPackageDir(from: string = import.meta.url): string | undefined {
  try {
    return path.dirname(createRequire(from).resolve('onnxruntime-node/package.json'));
  } catch {
    return undefined;
  }
}

/** The CUDA provider library next to the binding, or undefined. */
export function cudaProviderLibrary(packageDir: string | undefined = ortPackageDir()): string | undefined {
  if (!packageDir) return undefined;
  for (const dir of bindingDirs(packageDir)) {
    for (const lib of LIBRARIES) {
      const file = path.join(dir, lib);
      if (existsSync(file)) return file;
    }
  }
  return undefined;
}
