import { z } from 'zod';

/** Options of the `onnx` entity extractor. */
export const OnnxExtractorOptionsSchema = z.strictObject({
  /** A converted RadGraph-XL model directory (layout: src/metrics/radgraph/README.md); relative to the config root. */
  modelDir: z.string().min(1),
  /** Execution provider: `auto` (CUDA when its provider library is installed, else CPU, silently), `cpu`, or `cuda` (falls back to CPU, reported). */
  provider: z.enum(['auto', 'cpu', 'cuda']).default('cpu'),
  /** CPU intra-op threads (default: onnxruntime's choice). */
  threads: z.number().int().positive().optional(),
  /** Rows per relation-head call (memory bound; default 4096). */
  pairBatch: z.number().int().positive().default(4096),
  /** Encoder segments per call, across reports (the dynamic batch axis; default 16). */
  encoderBatch: z.number().int().positive().default(16),
  /** Span rows per NER / mention call, across reports (default 16384). */
  spanBatch: z.number().int().positive().default(16384),
});
export type OnnxExtractorOptions = z.input<typeof OnnxExtractorOptionsSchema>;

/** `config.json` of a converted model directory. */
export const RadGraphOnnxConfigSchema = z.object({
  format: z.literal('radgraph-xl-onnx'),
  version: z.literal(1),
  /** NER labels without the null class: logit k of ner.onnx is label k (null logit 0 is prepended). */
  nerLabels: z.array(z.string().min(1)).min(1),
  /** Relation labels without the null class, likewise. */
  relationLabels: z.array(z.string().min(1)).min(1),
  /** Longest span in words (RadGraph-XL: 8). */
  maxSpanWidth: z.number().int().positive().default(8),
  /** Relation pruning: keep ceil(n_words * spansPerWord) spans by mention score. */
  spansPerWord: z.number().positive(),
  /** Encoder segment length in wordpieces, CLS and SEP included (BERT: 512). */
  maxLength: z.number().int().min(3).default(512),
  clsToken: z.string().default('[CLS]'),
  sepToken: z.string().default('[SEP]'),
  padToken: z.string().default('[PAD]'),
  unkToken: z.string().default('[UNK]'),
  /** With vocab.txt only (no tokenizer.json): lowercase and strip accents as BERT uncased. */
  doLowerCase: z.boolean().default(true),
});
export type RadGraphOnnxConfig = z.infer<typeof RadGraphOnnxConfigSchema>;
