/**
 * The `onnx` entity extractor: RadGraph-XL (DyGIE++ on a BERT encoder) run with
 * onnxruntime-node from a converted model directory (layout: ../../README.md).
 *
 * Per report (batched across reports: batch.ts): words (radgraph-xl pre-processing,
 * preprocess.ts) -> WordPiece pieces per word -> segments [CLS] ... [SEP]
 * -> encoder.onnx -> word vector = mean of its pieces -> spans up to maxSpanWidth words ->
 * span vectors [h_start; h_end; width.onnx(width)] -> ner.onnx logits (null 0, argmax) ->
 * mention.onnx scores -> top ceil(n_words * spansPerWord) spans -> pair features
 * [e_i; e_j; e_i*e_j] -> relation.onnx logits + both mention scores (null 0, argmax).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MetricUnavailableError, type MetricEnvironment } from '../../../provider.js';
import { createSession, loadOrt, OnnxRuntimeUnavailableError, type ExecutionProviderName, type OrtModule } from '../../../../onnx/runtime.js';
import type { EntityExtractor, RadGraphAnnotation } from '../types.js';
import { annotateBatch, widthTableOf, type Pipeline, type Sessions } from './batch.js';
import { OnnxExtractorOptionsSchema, RadGraphOnnxConfigSchema, type OnnxExtractorOptions, type RadGraphOnnxConfig } from './options.js';
import { loadTokenizer } from './tokenize.js';

export { OnnxExtractorOptionsSchema, RadGraphOnnxConfigSchema } from './options.js';
export type { OnnxExtractorOptions, RadGraphOnnxConfig } from './options.js';
export * from './decode.js';
export { foldSegments, loadTokenizer, bertTokenizerJson } from './tokenize.js';
export { radgraphXlPreprocess, radgraphXlWords } from './preprocess.js';
export { annotateBatch } from './batch.js';

/** The graph files a converted model directory must hold. */
export const MODEL_FILES = ['encoder.onnx', 'width.onnx', 'ner.onnx', 'mention.onnx', 'relation.onnx'] as const;

export interface OnnxExtractor extends EntityExtractor {
  /** The execution provider that ran the encoder (`cpu` or `cuda`). */
  readonly provider: ExecutionProviderName;
  /** Why a preferred provider fell back (empty when none did). */
  readonly fallbacks: string[];
  readonly config: RadGraphOnnxConfig;
  close(): Promise<void>;
}


/** Creates the extractor; throws MetricUnavailableError when the runtime or model directory is missing. */
export async function createOnnxExtractor(options: OnnxExtractorOptions, env: MetricEnvironment = { root: process.cwd() }): Promise<OnnxExtractor> {
  const o = OnnxExtractorOptionsSchema.parse(options);
  const dir = path.resolve(env.root, o.modelDir);
  if (!existsSync(path.join(dir, 'config.json'))) {
    throw new MetricUnavailableError(`no converted RadGraph-XL model at ${dir} (config.json missing; see scripts/convert-radgraph-xl.py)`);
  }
  for (const f of MODEL_FILES) {
    if (!existsSync(path.join(dir, f))) throw new MetricUnavailableError(`the RadGraph-XL model directory ${dir} lacks ${f}`);
  }
  const cfg = RadGraphOnnxConfigSchema.parse(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')));
  let ort: OrtModule;
  try {
    ort = await loadOrt();
  } catch (e) {
    if (e instanceof OnnxRuntimeUnavailableError) throw new MetricUnavailableError(e.message);
    throw e;
  }
  const tok = await loadTokenizer(dir, cfg);
  const so = { provider: o.provider, ...(o.threads ? { threads: o.threads } : {}) };
  const created = await createSession(path.join(dir, 'encoder.onnx'), so);
  // The heads are small: they run where the encoder runs.
  const heads = { ...so, provider: created.provider };
  const sessions: Sessions = {
    encoder: created.session,
    width: (await createSession(path.join(dir, 'width.onnx'), heads)).session,
    ner: (await createSession(path.join(dir, 'ner.onnx'), heads)).session,
    mention: (await createSession(path.join(dir, 'mention.onnx'), heads)).session,
    relation: (await createSession(path.join(dir, 'relation.onnx'), heads)).session,
  };
  const { table, wDim } = await widthTableOf(ort, sessions.width, cfg.maxSpanWidth);
  const pipeline: Pipeline = { ort, s: sessions, tok, cfg, widthTable: table, wDim, encoderBatch: o.encoderBatch, spanBatch: o.spanBatch, pairBatch: o.pairBatch };
  let closed = false;
  return {
    id: 'onnx',
    provider: created.provider,
    fallbacks: created.fallbacks,
    config: cfg,
    async extract(texts: string[], signal?: AbortSignal): Promise<RadGraphAnnotation[]> {
      if (closed) throw new Error('the onnx extractor is closed');
      return annotateBatch(pipeline, texts, signal);
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const s of Object.values(sessions)) await s.release();
    },
  };
}
