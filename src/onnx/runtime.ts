/**
 * onnxruntime-node, loaded on demand with execution-provider detection and fallback. It is an
 * optional PEER dependency: metric-suite installs and builds without it (the types used are
 * declared in ./ort-types.ts) and only the ONNX paths import it, when they first run.
 *
 * `executionProviders: ['cuda', 'cpu']` throws when the CUDA provider libraries are absent
 * instead of falling back, so each provider is tried alone, in order, and the one that
 * created the session is reported.
 */
import { cudaProviderLibrary } from './cuda.js';
import type { OrtModule, OrtSession, OrtSessionOptions } from './ort-types.js';

export type { OrtModule, OrtSession, OrtSessionOptions, OrtTensor } from './ort-types.js';
export type ExecutionProviderChoice = 'auto' | 'cpu' | 'cuda';
export type ExecutionProviderName = 'cpu' | 'cuda';

/** onnxruntime-node is not installed or cannot load its native binding. */
export class OnnxRuntimeUnavailableError extends Error {
  override readonly name = 'OnnxRuntimeUnavailableError';
}

let ortPromise: Promise<OrtModule> | undefined;

/** How to get the runtime: printed whenever it is missing. */
export const ORT_INSTALL_HINT =
  'install it in your project with `npm i onnxruntime-node` (CPU on every platform; on Linux x64 its install script also ' +
  'downloads the CUDA 12 provider, which needs network access to its NuGet feed: `npm i onnxruntime-node --onnxruntime-node-install=skip` ' +
  'installs CPU only, `--onnxruntime-node-install=cuda12` forces the CUDA provider)';

/** The module specifier, in a variable so that neither tsc nor a bundler resolves it at build time. */
const ORT_SPECIFIER = 'onnxruntime-node';

/** Why an import failed, in words: missing package vs. a binding that did not load. */
export function ortLoadFailure(e: unknown): OnnxRuntimeUnavailableError {
  const err = e as NodeJS.ErrnoException;
  const missing = err?.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes(ORT_SPECIFIER);
  const what = missing
    ? 'onnxruntime-node is not installed (it is an optional peer dependency of metric-suite, needed only for ONNX models)'
    : `onnxruntime-node could not be loaded (${String(err?.message ?? e).split('\n')[0]})`;
  return new OnnxRuntimeUnavailableError(`${what}; ${ORT_INSTALL_HINT}`);
}

/**
 * Imports onnxruntime-node through `importer` (uncached); throws OnnxRuntimeUnavailableError
 * with the reason and the install command. Tests pass an importer that fails.
 */
export async function importOrt(importer: (specifier: string) => Promise<unknown>): Promise<OrtModule> {
  try {
    const mod = (await importer(ORT_SPECIFIER)) as OrtModule & { default?: OrtModule };
    const ort = (mod.InferenceSession ? mod : mod.default) as OrtModule | undefined;
    if (!ort?.InferenceSession || !ort.Tensor) throw new Error('the module has no InferenceSession/Tensor export');
    return ort;
  } catch (e) {
    throw ortLoadFailure(e);
  }
}

/** Imports onnxruntime-node once (a failure is not cached, so installing it mid-session works). */
export function loadOrt(): Promise<OrtModule> {
  ortPromise ??= importOrt((s) => import(s)).catch((e: unknown) => {
    ortPromise = undefined;
    throw e;
  });
  return ortPromise;
}

/** Backends the installed binding lists (`cpu`, `cuda`, `webgpu`, ...). */
export async function supportedBackends(): Promise<string[]> {
  const ort = await loadOrt();
  const list = ort.listSupportedBackends;
  try {
    return list ? list().map((b) => b.name) : ['cpu'];
  } catch {
    return ['cpu'];
  }
}

export interface CreatedSession {
  session: OrtSession;
  /** The provider that created the session. */
  provider: ExecutionProviderName;
  /** Why a preferred provider was not used (e.g. CUDA libraries absent); empty when none failed. */
  fallbacks: string[];
}

export interface SessionOptions {
  /** `auto` (default): CUDA when its provider library is installed and it starts, else CPU (silently). */
  provider?: ExecutionProviderChoice;
  /** Intra-op threads for CPU (default: onnxruntime's choice). */
  threads?: number;
}

/**
 * Providers to try, in order, for a choice. `cuda` alone still falls back to CPU (reported).
 * `auto` tries CUDA only when the binding lists it AND its provider library is installed.
 */
export async function providerOrder(choice: ExecutionProviderChoice, cudaLibrary: () => string | undefined = cudaProviderLibrary): Promise<ExecutionProviderName[]> {
  if (choice === 'cpu') return ['cpu'];
  if (choice === 'cuda') return ['cuda', 'cpu'];
  const backends = await supportedBackends();
  return backends.includes('cuda') && cudaLibrary() !== undefined ? ['cuda', 'cpu'] : ['cpu'];
}

/** Creates a session from a file path or model bytes, trying providers in order. */
export async function createSession(model: string | Uint8Array, options: SessionOptions = {}): Promise<CreatedSession> {
  const ort = await loadOrt();
  const fallbacks: string[] = [];
  const order = await providerOrder(options.provider ?? 'auto');
  for (const provider of order) {
    if (provider === 'cuda' && cudaProviderLibrary() === undefined) {
      // Trying would only print a native load error: say why instead.
      fallbacks.push('cuda: the CUDA provider library (libonnxruntime_providers_cuda) is not installed; see "GPU" in the README');
      continue;
    }
    const so: OrtSessionOptions = {
      executionProviders: [provider],
      graphOptimizationLevel: 'all',
      // A provider whose libraries are absent logs a native error before throwing: keep it quiet.
      ...(provider === 'cpu' ? {} : { logSeverityLevel: 4 as const }),
      ...(options.threads ? { intraOpNumThreads: options.threads } : {}),
    };
    try {
      const session = await ort.InferenceSession.create(model, so);
      return { session, provider, fallbacks };
    } catch (e) {
      if (provider === 'cpu') throw e;
      fallbacks.push(`${provider}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error('no execution provider could create the session');
}
