/**
 * Choosing an entity extractor from options (shared by `radgraph-f1` and CSEval):
 * `{ extractor: 'lexicon' }`, `{ extractor: 'onnx', onnx: { modelDir, ... } }`,
 * `{ extractor: 'python', python: { modelType, python, ... } }` (the installed radgraph package) or
 * `{ extractor: 'openai', openai: { baseURL, model, ... } }`.
 */
import { z } from 'zod';
import { MetricUnavailableError, type MetricEnvironment } from '../../provider.js';
import { lexiconExtractor } from './lexicon.js';
import { OnnxExtractorOptionsSchema } from './onnx/options.js';
import { OpenAIExtractorOptionsSchema } from './openai.js';
import { PythonExtractorOptionsSchema } from './python.js';
import type { EntityExtractor } from './types.js';

export type { EntityExtractor, RadGraphAnnotation, RadGraphEntity, RadGraphRelation } from './types.js';
export { lexiconExtractor, annotateWithLexicon } from './lexicon.js';
export { OnnxExtractorOptionsSchema } from './onnx/options.js';
export { OpenAIExtractorOptionsSchema } from './openai.js';
export { PythonExtractorOptionsSchema } from './python.js';

export const ExtractorSelectionSchema = z.strictObject({
  /** Which extractor; inferred from `onnx` / `python` / `openai` when omitted. */
  extractor: z.enum(['lexicon', 'onnx', 'python', 'openai']).optional(),
  onnx: OnnxExtractorOptionsSchema.optional(),
  python: PythonExtractorOptionsSchema.optional(),
  openai: OpenAIExtractorOptionsSchema.optional(),
});

/** The extractor a selection names or implies; undefined when none is configured. */
export function selectedExtractor(s: { extractor?: string; onnx?: unknown; python?: unknown; openai?: unknown }): 'lexicon' | 'onnx' | 'python' | 'openai' | undefined {
  return (s.extractor as 'lexicon' | 'onnx' | 'python' | 'openai' | undefined) ?? (s.onnx ? 'onnx' : s.python ? 'python' : s.openai ? 'openai' : undefined);
}
export type ExtractorSelection = z.infer<typeof ExtractorSelectionSchema>;

/**
 * Creates the selected extractor. Throws MetricUnavailableError when the selection lacks what
 * it needs (no model directory, no endpoint) or the runtime is missing (onnxruntime-node).
 * With nothing selected it returns the lexicon extractor.
 */
export async function createEntityExtractor(selection: ExtractorSelection, env: MetricEnvironment): Promise<EntityExtractor> {
  const which = selectedExtractor(selection) ?? 'lexicon';
  if (which === 'lexicon') return lexiconExtractor;
  if (which === 'python') {
    const { createPythonExtractor } = await import('./python.js');
    return createPythonExtractor(selection.python ?? {}, env);
  }
  if (which === 'onnx') {
    if (!selection.onnx?.modelDir) {
      throw new MetricUnavailableError('the onnx entity extractor needs onnx.modelDir: a converted RadGraph-XL model directory (src/metrics/radgraph/README.md)');
    }
    const { createOnnxExtractor } = await import('./onnx/index.js');
    return createOnnxExtractor(selection.onnx, env);
  }
  if (!selection.openai?.baseURL) {
    throw new MetricUnavailableError('the openai entity extractor needs openai.baseURL and openai.model (an OpenAI-compatible endpoint)');
  }
  const { createOpenAIExtractor } = await import('./openai.js');
  return createOpenAIExtractor(selection.openai);
}
