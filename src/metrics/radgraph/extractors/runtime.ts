import type { EntityExtractor } from './types.js';

/**
 * What actually ran an extractor, for outcome details (every JSON/HTML report prints them):
 * the ONNX execution provider (with any fallback), or the radgraph package, model and device.
 */
export function extractorRuntime(extractor: EntityExtractor): string | undefined {
  const x = extractor as { provider?: string; fallbacks?: string[]; info?: { modelType?: string; device?: string; version?: string | null } };
  if (x.provider) return `onnxruntime ${x.provider}${x.fallbacks?.length ? ` (${x.fallbacks.join('; ')})` : ''}`;
  if (x.info) return `radgraph ${x.info.version ?? ''} ${x.info.modelType ?? ''} on ${x.info.device ?? '?'}`.replace(/\s+/g, ' ');
  return undefined;
}
