/**
 * GPU check (scripts/gpu-check.sh): the `onnx` RadGraph extractor on a generated
 * BERT-base-sized RadGraph-XL-shaped model (random weights, no download), once on CUDA and once
 * on CPU; prints which provider ran, throughput (reports/s, words/s) and how often the two agree.
 * Exit 0: CUDA ran; 3: CUDA did not run (the reason is printed); 1: an error.
 *
 *   npx tsx bench/gpu-check.ts [--reports 256] [--batch 32] [--layers 12 --hidden 768 --heads 12 --ffn 3072] [--cpu-reports 64]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOnnxExtractor, type OnnxExtractor } from '../src/metrics/radgraph/extractors/onnx/index.js';
import type { RadGraphAnnotation } from '../src/metrics/radgraph/extractors/types.js';
import { cudaProviderLibrary } from '../src/onnx/cuda.js';
import { buildOnnxModel, TensorType } from '../src/onnx/_internals/protobuf.js';
import { mulberry32 } from '../src/util/prng.js';
import { BERT_BASE, writeBertEncoder, type BertShape } from './_lib/bert-onnx.js';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const NER = ['Anatomy::definitely present', 'Anatomy::definitely absent', 'Anatomy::uncertain', 'Observation::definitely present', 'Observation::definitely absent', 'Observation::uncertain'];
const REL = ['modify', 'located_at', 'suggestive_of'];
const WORDS = ('there is a small moderate large left right bilateral pleural effusion pneumothorax opacity consolidation atelectasis ' +
  'in the lower upper middle lobe lung base apex no evidence of focal acute cardiopulmonary process heart size normal mildly enlarged ' +
  'tube line catheter terminates above carina stable unchanged compared with prior study , .').split(' ');

function head(name: string, input: string, output: string, inDim: number, hidden: number, outDim: number, rand: () => number): Uint8Array {
  const r = (n: number, s: number) => Float32Array.from({ length: n }, () => (rand() * 2 - 1) * s);
  return buildOnnxModel({
    name,
    inputs: [{ name: input, type: TensorType.FLOAT, shape: ['n', inDim] }],
    outputs: [{ name: output, type: TensorType.FLOAT, shape: ['n', outDim] }],
    nodes: [
      { op: 'MatMul', inputs: [input, 'w1'], outputs: ['a'] },
      { op: 'Add', inputs: ['a', 'b1'], outputs: ['b'] },
      { op: 'Relu', inputs: ['b'], outputs: ['c'] },
      { op: 'MatMul', inputs: ['c', 'w2'], outputs: ['d'] },
      { op: 'Add', inputs: ['d', 'b2'], outputs: [output] },
    ],
    initializers: [
      { name: 'w1', dims: [inDim, hidden], data: r(inDim * hidden, 1 / Math.sqrt(inDim)) },
      { name: 'b1', dims: [hidden], data: r(hidden, 0.1) },
      { name: 'w2', dims: [hidden, outDim], data: r(hidden * outDim, 1 / Math.sqrt(hidden)) },
      { name: 'b2', dims: [outDim], data: r(outDim, 0.1).map((x) => x - 0.5) },
    ],
  });
}

/** A RadGraph-XL-shaped model directory with a BERT of the given shape. */
export function writeModel(dir: string, shape: BertShape): number {
  const rand = mulberry32(7);
  const params = writeBertEncoder(dir, shape);
  const W = 150;
  const D = 2 * shape.hidden + W;
  writeFileSync(path.join(dir, 'width.onnx'), buildOnnxModel({
    name: 'width',
    inputs: [{ name: 'widths', type: TensorType.INT64, shape: ['n'] }],
    outputs: [{ name: 'width_embeddings', type: TensorType.FLOAT, shape: ['n', W] }],
    nodes: [{ op: 'Gather', inputs: ['table', 'widths'], outputs: ['width_embeddings'], attributes: { axis: 0 } }],
    initializers: [{ name: 'table', dims: [8, W], data: Float32Array.from({ length: 8 * W }, () => rand() * 2 - 1) }],
  }));
  writeFileSync(path.join(dir, 'ner.onnx'), head('ner', 'span_embeddings', 'logits', D, 150, NER.length, rand));
  writeFileSync(path.join(dir, 'mention.onnx'), head('mention', 'span_embeddings', 'scores', D, 150, 1, rand));
  writeFileSync(path.join(dir, 'relation.onnx'), head('relation', 'pair_embeddings', 'logits', 3 * D, 150, REL.length, rand));
  const vocab = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', ...WORDS.filter((w, i) => WORDS.indexOf(w) === i)];
  while (vocab.length < shape.vocab) vocab.push(`[unused${vocab.length}]`);
  writeFileSync(path.join(dir, 'vocab.txt'), `${vocab.join('\n')}\n`);
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ format: 'radgraph-xl-onnx', version: 1, nerLabels: NER, relationLabels: REL, maxSpanWidth: 8, spansPerWord: 0.5, maxLength: 512 }));
  return params;
}

function reports(n: number): string[] {
  const rand = mulberry32(11);
  return Array.from({ length: n }, () => Array.from({ length: 40 + Math.floor(rand() * 30) }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' '));
}

async function timed(x: OnnxExtractor, texts: string[], batch: number): Promise<{ seconds: number; out: RadGraphAnnotation[] }> {
  await x.extract(texts.slice(0, Math.min(batch, texts.length))); // warm-up (CUDA kernels, arenas)
  const t0 = performance.now();
  const out: RadGraphAnnotation[] = [];
  for (let i = 0; i < texts.length; i += batch) out.push(...(await x.extract(texts.slice(i, i + batch))));
  return { seconds: (performance.now() - t0) / 1000, out };
}

async function main(): Promise<number> {
  const shape: BertShape = { ...BERT_BASE, layers: arg('layers', BERT_BASE.layers), hidden: arg('hidden', BERT_BASE.hidden), heads: arg('heads', BERT_BASE.heads), ffn: arg('ffn', BERT_BASE.ffn), vocab: arg('vocab', BERT_BASE.vocab) };
  const n = arg('reports', 256);
  const nCpu = arg('cpu-reports', Math.min(64, n));
  const batch = arg('batch', 32);
  const lib = cudaProviderLibrary();
  console.log(`CUDA provider library: ${lib ?? 'NOT INSTALLED (npm i onnxruntime-node --onnxruntime-node-install=cuda12)'}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-gpu-check-'));
  try {
    const t0 = performance.now();
    const params = writeModel(dir, shape);
    console.log(`model: BERT ${shape.layers} layers x ${shape.hidden} (${(params / 1e6).toFixed(1)} M encoder parameters), written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const texts = reports(n);
    const words = (ts: string[]) => ts.reduce((a, t) => a + t.split(' ').length, 0);
    const gpu = await createOnnxExtractor({ modelDir: dir, provider: 'cuda', encoderBatch: 64 });
    console.log(`requested cuda: ran on ${gpu.provider}${gpu.fallbacks.length ? ` (${gpu.fallbacks.join('; ')})` : ''}`);
    const g = await timed(gpu, texts, batch);
    await gpu.close();
    console.log(`${gpu.provider}: ${n} reports in ${g.seconds.toFixed(2)} s = ${(n / g.seconds).toFixed(1)} reports/s, ${(words(texts) / g.seconds).toFixed(0)} words/s (batch ${batch})`);
    const cpu = await createOnnxExtractor({ modelDir: dir, provider: 'cpu', encoderBatch: 64 });
    const c = await timed(cpu, texts.slice(0, nCpu), batch);
    await cpu.close();
    console.log(`cpu: ${nCpu} reports in ${c.seconds.toFixed(2)} s = ${(nCpu / c.seconds).toFixed(1)} reports/s, ${(words(texts.slice(0, nCpu)) / c.seconds).toFixed(0)} words/s (${os.cpus().length} cores)`);
    const same = c.out.filter((a, i) => JSON.stringify(a.entities) === JSON.stringify(g.out[i]!.entities)).length;
    console.log(`speed-up ${gpu.provider} vs cpu: ${((n / g.seconds) / (nCpu / c.seconds)).toFixed(1)}x; identical annotations on ${same} of ${nCpu} reports (random weights: near-ties may flip)`);
    return gpu.provider === 'cuda' ? 0 : 3;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code), (e: unknown) => {
  console.error(e);
  process.exit(1);
});
