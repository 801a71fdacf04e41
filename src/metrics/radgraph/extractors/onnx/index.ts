/**
 * The `onnx` entity extractor: RadGraph-XL (DyGIE++ on a BERT encoder) run with
 * onnxruntime-node from a converted model directory (layout: ../../README.md).
 *
 * Per report: words (splitWords) -> WordPiece pieces per word -> segments [CLS] ... [SEP]
 * -> encoder.onnx -> word vector = mean of its pieces -> spans up to maxSpanWidth words ->
 * span vectors [h_start; h_end; width.onnx(width)] -> ner.onnx logits (null 0, argmax) ->
 * mention.onnx scores -> top ceil(n_words * spansPerWord) spans -> pair features
 * [e_i; e_j; e_i*e_j] -> relation.onnx logits + both mention scores (null 0, argmax).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MetricUnavailableError, type MetricEnvironment } from '../../../provider.js';
import { createSession, loadOrt, OnnxRuntimeUnavailableError, type ExecutionProviderName, type OrtModule, type OrtSession, type OrtTensor } from '../../../../onnx/runtime.js';
import { toInt64 } from '../../../../onnx/int64.js';
import { splitWords } from '../../words.js';
import type { EntityExtractor, RadGraphAnnotation } from '../types.js';
import { decodeAnnotation, enumerateSpans, pairMatrix, spanMatrix, topSpans, wordVectors } from './decode.js';
import { OnnxExtractorOptionsSchema, RadGraphOnnxConfigSchema, type OnnxExtractorOptions, type RadGraphOnnxConfig } from './options.js';
import { foldSegments, loadTokenizer, type WordPieceTokenizer } from './tokenize.js';

export { OnnxExtractorOptionsSchema, RadGraphOnnxConfigSchema } from './options.js';
export type { OnnxExtractorOptions, RadGraphOnnxConfig } from './options.js';
export * from './decode.js';
export { foldSegments, loadTokenizer, bertTokenizerJson } from './tokenize.js';

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

interface Sessions {
  encoder: OrtSession;
  width: OrtSession;
  ner: OrtSession;
  mention: OrtSession;
  relation: OrtSession;
}

function firstOutput(r: Record<string, OrtTensor>, s: OrtSession): OrtTensor {
  return r[s.outputNames[0]!] as OrtTensor;
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
  let closed = false;
  return {
    id: 'onnx',
    provider: created.provider,
    fallbacks: created.fallbacks,
    config: cfg,
    async extract(texts: string[], signal?: AbortSignal): Promise<RadGraphAnnotation[]> {
      if (closed) throw new Error('the onnx extractor is closed');
      const out: RadGraphAnnotation[] = [];
      for (const t of texts) {
        signal?.throwIfAborted();
        out.push(await annotate(ort, sessions, tok, cfg, o.pairBatch, t));
      }
      return out;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      for (const s of Object.values(sessions)) await s.release();
    },
  };
}

async function annotate(
  ort: OrtModule,
  s: Sessions,
  tok: WordPieceTokenizer,
  cfg: RadGraphOnnxConfig,
  pairBatch: number,
  text: string,
): Promise<RadGraphAnnotation> {
  const words = splitWords(text).map((w) => w.text);
  if (words.length === 0) return { text, entities: {} };
  // Encoder over the folded segments.
  const seg = foldSegments(words.map((w) => tok.pieces(w)), tok, cfg.maxLength);
  const dims = [seg.segments, seg.length];
  const feeds: Record<string, OrtTensor> = {};
  for (const name of s.encoder.inputNames) {
    if (name === 'input_ids') feeds[name] = new ort.Tensor('int64', toInt64(seg.inputIds), dims);
    else if (name === 'attention_mask') feeds[name] = new ort.Tensor('int64', toInt64(seg.attentionMask), dims);
    else if (name === 'token_type_ids') feeds[name] = new ort.Tensor('int64', new BigInt64Array(seg.inputIds.length), dims);
    else throw new Error(`encoder.onnx has an unexpected input ${name}`);
  }
  const hiddenT = firstOutput(await s.encoder.run(feeds), s.encoder);
  const h = hiddenT.dims[2]!;
  const wv = wordVectors(hiddenT.data as Float32Array, h, seg.wordPositions);
  // Spans and their vectors.
  const spans = enumerateSpans(words.length, cfg.maxSpanWidth);
  const widthT = firstOutput(
    await s.width.run({ [s.width.inputNames[0]!]: new ort.Tensor('int64', toInt64(spans.map((x) => x.end - x.start)), [spans.length]) }),
    s.width,
  );
  const wDim = widthT.dims[widthT.dims.length - 1]!;
  const spanMat = spanMatrix(wv, spans, widthT.data as Float32Array, wDim);
  const d = 2 * h + wDim;
  const spanT = new ort.Tensor('float32', spanMat, [spans.length, d]);
  const ner = firstOutput(await s.ner.run({ [s.ner.inputNames[0]!]: spanT }), s.ner).data as Float32Array;
  const mention = firstOutput(await s.mention.run({ [s.mention.inputNames[0]!]: spanT }), s.mention).data as Float32Array;
  // Relations over the pruned spans.
  const kept = topSpans(mention, Math.ceil(words.length * cfg.spansPerWord));
  const pairs = kept.length * kept.length;
  const R = cfg.relationLabels.length;
  const relation = new Float32Array(pairs * R);
  for (let from = 0; from < pairs; from += pairBatch) {
    const to = Math.min(pairs, from + pairBatch);
    const feat = new ort.Tensor('float32', pairMatrix(spanMat, d, kept, from, to), [to - from, 3 * d]);
    const r = firstOutput(await s.relation.run({ [s.relation.inputNames[0]!]: feat }), s.relation);
    relation.set(r.data as Float32Array, from * R);
  }
  const ann = decodeAnnotation({ words, spans, ner, nerLabels: cfg.nerLabels, kept, relation, relationLabels: cfg.relationLabels, mention });
  return { text, ...ann };
}
