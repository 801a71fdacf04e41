/**
 * onnxruntime-node, loaded on demand (it is an OPTIONAL dependency: its install script is
 * skipped, see README), with execution-provider detection and fallback.
 *
 * `executionProviders: ['cuda', 'cpu']` throws when the CUDA provider libraries are absent
 * instead of falling back, so each provider is tried alone, in order, and the one that
 * created the session is reported.
 */
import type * as Ort from 'onnxruntime-node';

export type OrtModule = typeof Ort;
export type ExecutionProviderChoice = 'auto' | 'cpu' | 'cuda';
export type ExecutionProviderName = 'cpu' | 'cuda';

/** onnxruntime-node is not installed or cannot load its native binding. */
export class OnnxRuntimeUnavailableError extends Error {
  override readonly name = 'OnnxRuntimeUnavailableError';
}

let ortPromise: Promise<OrtModule> | undefined;

/** Imports onnxruntime-node once; throws OnnxRuntimeUnavailableError with the reason. */
export function loadOrt(): Promise<OrtModule> {
  ortPromise ??= (async () => {
    const name = 'onnxruntime-node';
    try {
      const mod = (await import(name)) as OrtModule & { default?: OrtModule };
      return (mod.InferenceSession ? mod : mod.default) as OrtModule;
    } catch (e) {
      ortPromise = undefined;
      throw new OnnxRuntimeUnavailableError(
        `onnxruntime-node could not be loaded (${(e as Error).message}); install it with \`ONNXRUNTIME_NODE_INSTALL=skip npm install onnxruntime-node\` (CPU), or let its install script fetch the CUDA libraries`,
      );
    }
  })();
  return ortPromise;
}

/** Backends the installed binding lists (`cpu`, `cuda`, `webgpu`, ...). */
export async function supportedBackends(): Promise<string[]> {
  const ort = await loadOrt();
  const list = (ort as unknown as { listSupportedBackends?: () => { name: string }[] }).listSupportedBackends;
  try {
    return list ? list().map((b) => b.name) : ['cpu'];
  } catch {
    return ['cpu'];
  }
}

export interface CreatedSession {
  session: Ort.InferenceSession;
  /** The provider that created the session. */
  provider: ExecutionProviderName;
  /** Why a preferred provider was not used (e.g. CUDA libraries absent); empty when none failed. */
  fallbacks: string[];
}

export interface SessionOptions {
  /** `auto` (default): CUDA when the binding lists it and it starts, else CPU. */
  provider?: ExecutionProviderChoice;
  /** Intra-op threads for CPU (default: onnxruntime's choice). */
  threads?: number;
}

/** Providers to try, in order, for a choice. `cuda` alone still falls back to CPU (reported). */
export async function providerOrder(choice: ExecutionProviderChoice): Promise<ExecutionProviderName[]> {
  if (choice === 'cpu') return ['cpu'];
  if (choice === 'cuda') return ['cuda', 'cpu'];
  const backends = await supportedBackends();
  return backends.includes('cuda') ? ['cuda', 'cpu'] : ['cpu'];
}

/** Creates a session from a file path or model bytes, trying providers in order. */
export async function createSession(model: string | Uint8Array, options: SessionOptions = {}): Promise<CreatedSession> {
  const ort = await loadOrt();
  const fallbacks: string[] = [];
  const order = await providerOrder(options.provider ?? 'auto');
  for (const provider of order) {
    const so: Ort.InferenceSession.SessionOptions = {
      executionProviders: [provider],
      graphOptimizationLevel: 'all',
      // A provider whose libraries are absent logs a native error before throwing: keep it quiet.
      ...(provider === 'cpu' ? {} : { logSeverityLevel: 4 as const }),
      ...(options.threads ? { intraOpNumThreads: options.threads } : {}),
    };
    try {
      const session =
        typeof model === 'string' ? await ort.InferenceSession.create(model, so) : await ort.InferenceSession.create(model, so);
      return { session, provider, fallbacks };
    } catch (e) {
      if (provider === 'cpu') throw e;
      fallbacks.push(`${provider}: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error('no execution provider could create the session');
}
