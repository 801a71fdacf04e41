/**
 * Choosing an entity extractor from options (shared by `radgraph-f1` and CSEval):
 * `{ extractor: 'lexicon' }`, `{ extractor: 'onnx', onnx: { modelDir, ... } }` or
 * `{ extractor: 'openai', openai: { baseURL, model, ... } }`.
 */
import { z } from 'zod';
import { MetricUnavailableError, type MetricEnvironment } from '../../provider.js';
import { lexiconExtractor } from './lexicon.js';
import { OnnxExtractorOptionsSchema } from './onnx/options.js';
import { OpenAIExtractorOptionsSchema } from './openai.js';
import type { EntityExtractor } from './types.js';

export type { EntityExtractor, RadGraphAnnotation, RadGraphEntity, RadGraphRelation } from './types.js';
export { lexiconExtractor, annotateWithLexicon } from './lexicon.js';
export { OnnxExtractorOptionsSchema } from './onnx/options.js';
export { OpenAIExtractorOptionsSchema } from './openai.js';

export const ExtractorSelectionSchema = z.strictObject({
  /** Which extractor; inferred from `onnx` / `openai` when omitted. */
  extractor: z.enum(['lexicon', 'onnx', 'openai']).optional(),
  onnx: OnnxExtractorOptionsSchema.optional(),
  openai: OpenAIExtractorOptionsSchema.optional(),
});
export type ExtractorSelection = z.infer<typeof ExtractorSelectionSchema>;

/**
 * Creates the selected extractor. Throws MetricUnavailableError when the selection lacks what
 * it needs (no model directory, no endpoint) or the runtime is missing (onnxruntime-node).
 * With nothing selected it returns the lexicon extractor.
 */
export async function createEntityExtractor(selection: ExtractorSelection, env: MetricEnvironment): Promise<EntityExtractor> {
  const which = selection.extractor ?? (selection.onnx ? 'onnx' : selection.openai ? 'openai' : 'lexicon');
  if (which === 'lexicon') return lexiconExtractor;
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
