/**
 * Generates a tiny RadGraph-XL-shaped model directory at test time (no downloads): the five
 * graphs of the layout (encoder, width, ner, mention, relation) with seeded random weights,
 * a WordPiece vocab.txt or tokenizer.json, and config.json. Also returns the weights so a
 * test can recompute everything in plain TypeScript.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOnnxModel, TensorType, type NodeSpec } from '../../src/onnx/_internals/protobuf.js';
import { bertTokenizerJson } from '../../src/metrics/radgraph/extractors/onnx/tokenize.js';

export const VOCAB = [
  '[PAD]', '[UNK]', '[CLS]', '[SEP]', 'left', 'right', 'pleural', 'effusion', 'moderate', 'small', 'no', 'pneumo', '##thorax',
  'lung', 'opacity', 'cardio', '##megaly', 'is', 'there', 'a', '.', ',', 'lower', 'lobe', 'mild', 'concerning', 'for', 'pneumonia',
];

export interface Dense {
  w: Float32Array; // [in, out] row-major
  b: Float32Array; // [out]
  inDim: number;
  outDim: number;
}

export interface TinyWeights {
  H: number;
  W: number;
  D: number;
  emb: Float32Array; // [V, H]
  enc: Dense; // H -> H, tanh
  width: Float32Array; // [maxSpanWidth, W]
  ner: [Dense, Dense]; // D -> F relu -> L
  mention: [Dense, Dense]; // D -> F relu -> 1
  relation: [Dense, Dense]; // 3D -> F relu -> R
}

export const NER_LABELS = ['Observation::definitely present', 'Observation::uncertain', 'Observation::definitely absent', 'Anatomy::definitely present'];
export const RELATION_LABELS = ['modify', 'located_at', 'suggestive_of'];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randArray(r: () => number, n: number, scale: number, shift = 0): Float32Array {
  return Float32Array.from({ length: n }, () => (r() * 2 - 1) * scale + shift);
}

function dense(r: () => number, inDim: number, outDim: number, biasShift = 0): Dense {
  return { w: randArray(r, inDim * outDim, 1 / Math.sqrt(inDim) * 1.5), b: randArray(r, outDim, 0.3, biasShift), inDim, outDim };
}

function mlp(name: string, input: string, output: string, layers: [Dense, Dense], inDim: number, outShape: (number | string)[]): Uint8Array {
  const [a, b] = layers;
  const nodes: NodeSpec[] = [
    { op: 'MatMul', inputs: [input, 'w1'], outputs: ['h1'] },
    { op: 'Add', inputs: ['h1', 'b1'], outputs: ['h2'] },
    { op: 'Relu', inputs: ['h2'], outputs: ['h3'] },
    { op: 'MatMul', inputs: ['h3', 'w2'], outputs: ['h4'] },
    { op: 'Add', inputs: ['h4', 'b2'], outputs: [output] },
  ];
  return buildOnnxModel({
    name,
    inputs: [{ name: input, type: TensorType.FLOAT, shape: ['n', inDim] }],
    outputs: [{ name: output, type: TensorType.FLOAT, shape: outShape }],
    nodes,
    initializers: [
      { name: 'w1', dims: [a.inDim, a.outDim], data: a.w },
      { name: 'b1', dims: [a.outDim], data: a.b },
      { name: 'w2', dims: [b.inDim, b.outDim], data: b.w },
      { name: 'b2', dims: [b.outDim], data: b.b },
    ],
  });
}

export interface TinyOptions {
  seed?: number;
  maxLength?: number;
  spansPerWord?: number;
  tokenizer?: 'vocab.txt' | 'tokenizer.json';
}

/** Writes the model directory into `dir` and returns its weights. */
export function writeTinyRadGraphModel(dir: string, opts: TinyOptions = {}): TinyWeights {
  const r = rng(opts.seed ?? 1234);
  const H = 6;
  const W = 3;
  const F = 8;
  const maxSpanWidth = 8;
  const D = 2 * H + W;
  const V = VOCAB.length;
  const w: TinyWeights = {
    H,
    W,
    D,
    emb: randArray(r, V * H, 1),
    enc: dense(r, H, H),
    width: randArray(r, maxSpanWidth * W, 1),
    ner: [dense(r, D, F), dense(r, F, NER_LABELS.length, -0.4)],
    mention: [dense(r, D, F), dense(r, F, 1)],
    relation: [dense(r, 3 * D, F), dense(r, F, RELATION_LABELS.length, -0.8)],
  };
  const encoder = buildOnnxModel({
    name: 'encoder',
    inputs: [
      { name: 'input_ids', type: TensorType.INT64, shape: ['segments', 'length'] },
      { name: 'attention_mask', type: TensorType.INT64, shape: ['segments', 'length'] },
    ],
    outputs: [{ name: 'last_hidden_state', type: TensorType.FLOAT, shape: ['segments', 'length', H] }],
    nodes: [
      { op: 'Gather', inputs: ['emb', 'input_ids'], outputs: ['e'], attributes: { axis: 0 } },
      { op: 'MatMul', inputs: ['e', 'w'], outputs: ['x'] },
      { op: 'Add', inputs: ['x', 'b'], outputs: ['y'] },
      { op: 'Tanh', inputs: ['y'], outputs: ['z'] },
      { op: 'Cast', inputs: ['attention_mask'], outputs: ['m'], attributes: { to: TensorType.FLOAT } },
      { op: 'Unsqueeze', inputs: ['m', 'axes'], outputs: ['m3'] },
      { op: 'Mul', inputs: ['z', 'm3'], outputs: ['last_hidden_state'] },
    ],
    initializers: [
      { name: 'emb', dims: [V, H], data: w.emb },
      { name: 'w', dims: [H, H], data: w.enc.w },
      { name: 'b', dims: [H], data: w.enc.b },
      { name: 'axes', dims: [1], data: BigInt64Array.from([2n]) },
    ],
  });
  const width = buildOnnxModel({
    name: 'width',
    inputs: [{ name: 'widths', type: TensorType.INT64, shape: ['n'] }],
    outputs: [{ name: 'width_embeddings', type: TensorType.FLOAT, shape: ['n', W] }],
    nodes: [{ op: 'Gather', inputs: ['table', 'widths'], outputs: ['width_embeddings'], attributes: { axis: 0 } }],
    initializers: [{ name: 'table', dims: [maxSpanWidth, W], data: w.width }],
  });
  writeFileSync(path.join(dir, 'encoder.onnx'), encoder);
  writeFileSync(path.join(dir, 'width.onnx'), width);
  writeFileSync(path.join(dir, 'ner.onnx'), mlp('ner', 'span_embeddings', 'logits', w.ner, D, ['n', NER_LABELS.length]));
  writeFileSync(path.join(dir, 'mention.onnx'), mlp('mention', 'span_embeddings', 'scores', w.mention, D, ['n', 1]));
  writeFileSync(path.join(dir, 'relation.onnx'), mlp('relation', 'pair_embeddings', 'logits', w.relation, 3 * D, ['n', RELATION_LABELS.length]));
  const config = {
    format: 'radgraph-xl-onnx',
    version: 1,
    nerLabels: NER_LABELS,
    relationLabels: RELATION_LABELS,
    maxSpanWidth,
    spansPerWord: opts.spansPerWord ?? 0.5,
    maxLength: opts.maxLength ?? 6,
    doLowerCase: true,
  };
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(config, null, 2));
  if ((opts.tokenizer ?? 'vocab.txt') === 'vocab.txt') writeFileSync(path.join(dir, 'vocab.txt'), VOCAB.join('\n') + '\n');
  else writeFileSync(path.join(dir, 'tokenizer.json'), JSON.stringify(bertTokenizerJson(VOCAB, { doLowerCase: true, unkToken: '[UNK]' })));
  return w;
}
