/**
 * End to end: a tiny RadGraph-XL-shaped model generated here runs through onnxruntime-node
 * (CPU) and the TypeScript span logic; the decoded annotation must equal a plain TypeScript
 * reference computed in float64 from the same weights (independent tokenizer, loops, decode).
 */
import { describe, it, expect, afterAll } from 'vitest';
import { createOnnxExtractor, type OnnxExtractor } from '../../src/metrics/radgraph/extractors/onnx/index.js';
import { foldSegments } from '../../src/metrics/radgraph/extractors/onnx/tokenize.js';
import { createEntityExtractor } from '../../src/metrics/radgraph/extractors/index.js';
import { MetricUnavailableError } from '../../src/metrics/provider.js';
import type { RadGraphAnnotation } from '../../src/metrics/radgraph/extractors/types.js';
import { tmpTree } from '../_support/tmp.js';
import { cudaProviderLibrary } from '../../src/onnx/cuda.js';
import { NER_LABELS, RELATION_LABELS, VOCAB, writeTinyRadGraphModel, type Dense, type TinyWeights } from './_tiny-radgraph.js';

const REPORTS = [
  'There is a moderate left pleural effusion.',
  'Small right pneumothorax, lung opacity concerning for pneumonia. Cardiomegaly.',
  'No effusion',
  'xyzzy left lower lobe opacity',
  '',
];

// ---- the reference, in float64 -------------------------------------------------------------
function wordpiece(word: string): number[] {
  const w = word.toLowerCase();
  const out: number[] = [];
  let start = 0;
  while (start < w.length) {
    let end = w.length;
    let found = -1;
    while (end > start) {
      const piece = (start > 0 ? '##' : '') + w.slice(start, end);
      const id = VOCAB.indexOf(piece);
      if (id >= 0) {
        found = id;
        break;
      }
      end--;
    }
    if (found < 0) return [VOCAB.indexOf('[UNK]')];
    out.push(found);
    start = end;
  }
  return out;
}
function apply(d: Dense, x: number[], relu: boolean): number[] {
  const y: number[] = [];
  for (let o = 0; o < d.outDim; o++) {
    let s = d.b[o]!;
    for (let i = 0; i < d.inDim; i++) s += x[i]! * d.w[i * d.outDim + o]!;
    y.push(relu ? Math.max(0, s) : s);
  }
  return y;
}
const mlp = (l: [Dense, Dense], x: number[]): number[] => apply(l[1], apply(l[0], x, true), false);

interface RefResult {
  annotation: RadGraphAnnotation;
  minMargin: number;
  ner: number[][];
}
function reference(w: TinyWeights, text: string, spansPerWord: number): RefResult {
  const words = text.match(/[\p{L}\p{N}_]+|[^\p{L}\p{N}_\s]+/gu) ?? [];
  if (words.length === 0) return { annotation: { entities: {} }, minMargin: Infinity, ner: [] };
  const vec = words.map((word) => {
    const pieces = wordpiece(word).map((id) => {
      const e = Array.from(w.emb.subarray(id * w.H, (id + 1) * w.H));
      return apply(w.enc, e, false).map(Math.tanh);
    });
    return pieces[0]!.map((_, k) => pieces.reduce((s, p) => s + p[k]!, 0) / pieces.length);
  });
  const spans: [number, number][] = [];
  for (let s = 0; s < words.length; s++) for (let e = s; e < words.length && e - s < 8; e++) spans.push([s, e]);
  const emb = spans.map(([s, e]) => [...vec[s]!, ...vec[e]!, ...Array.from(w.width.subarray((e - s) * w.W, (e - s + 1) * w.W))]);
  let minMargin = Infinity;
  const argmax = (logits: number[]): number => {
    const all = [0, ...logits];
    let best = 0;
    for (let k = 1; k < all.length; k++) if (all[k]! > all[best]!) best = k;
    const sorted = [...all].sort((a, b) => b - a);
    minMargin = Math.min(minMargin, sorted[0]! - sorted[1]!);
    return best;
  };
  const ner = emb.map((x) => mlp(w.ner, x));
  const ids = new Map<number, string>();
  const entities: RadGraphAnnotation['entities'] = {};
  ner.forEach((logits, i) => {
    const lab = argmax(logits);
    if (lab === 0) return;
    const id = String(ids.size + 1);
    ids.set(i, id);
    entities[id] = { tokens: words.slice(spans[i]![0], spans[i]![1] + 1).join(' '), label: NER_LABELS[lab - 1]!, start_ix: spans[i]![0], end_ix: spans[i]![1], relations: [] };
  });
  const mention = emb.map((x) => mlp(w.mention, x)[0]!);
  const k = Math.ceil(words.length * spansPerWord);
  const kept = mention
    .map((m, i) => [m, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, k)
    .map(([, i]) => i)
    .sort((a, b) => a - b);
  for (const i of kept) {
    for (const j of kept) {
      const ei = emb[i]!;
      const ej = emb[j]!;
      const logits = mlp(w.relation, [...ei, ...ej, ...ei.map((v, t) => v * ej[t]!)]).map((v) => v + mention[i]! + mention[j]!);
      const lab = argmax(logits);
      if (lab === 0 || !ids.has(i) || !ids.has(j)) continue;
      entities[ids.get(i)!]!.relations.push([RELATION_LABELS[lab - 1]!, ids.get(j)!]);
    }
  }
  return { annotation: { entities }, minMargin, ner };
}

// ---- the tests -----------------------------------------------------------------------------
const opened: OnnxExtractor[] = [];
afterAll(async () => {
  for (const x of opened) await x.close();
});

describe('onnx RadGraph-XL extractor, end to end on a generated tiny model', () => {
  for (const tokenizer of ['vocab.txt', 'tokenizer.json'] as const) {
    it(`matches the TypeScript reference (${tokenizer}, segments of 6 pieces)`, async () => {
      const dir = tmpTree();
      const w = writeTinyRadGraphModel(dir, { tokenizer, maxLength: 6, spansPerWord: 0.5 });
      const x = await createOnnxExtractor({ modelDir: dir, provider: 'cpu' });
      opened.push(x);
      expect(x.provider).toBe('cpu');
      const got = await x.extract(REPORTS);
      let entities = 0;
      let relations = 0;
      REPORTS.forEach((text, n) => {
        const ref = reference(w, text, 0.5);
        expect(ref.minMargin).toBeGreaterThan(1e-4); // no near-tie: float32 vs float64 cannot flip a label
        expect(got[n]!.entities).toStrictEqual(ref.annotation.entities);
        expect(got[n]!.text).toBe((text.match(/[\p{L}\p{N}_]+|[^\p{L}\p{N}_\s]+/gu) ?? []).join(' '));
        for (const e of Object.values(ref.annotation.entities)) {
          entities++;
          relations += e.relations.length;
        }
      });
      // The fixture exercises both heads.
      expect(entities).toBeGreaterThan(5);
      expect(relations).toBeGreaterThan(0);
    });
  }

  it('reports the provider that ran: auto and cuda fall back to cpu where CUDA is absent', async () => {
    const dir = tmpTree();
    writeTinyRadGraphModel(dir);
    for (const provider of ['auto', 'cuda'] as const) {
      const x = await createOnnxExtractor({ modelDir: dir, provider });
      opened.push(x);
      expect(['cpu', 'cuda']).toContain(x.provider);
      if (x.provider === 'cpu' && provider === 'cuda') expect(x.fallbacks[0]).toMatch(/^cuda: /);
      // without the CUDA provider library, auto does not even try (no native error, no fallback note)
      if (provider === 'auto' && cudaProviderLibrary() === undefined) expect(x).toMatchObject({ provider: 'cpu', fallbacks: [] });
      console.log(`onnx extractor: requested ${provider}, ran on ${x.provider}${x.fallbacks.length ? ` (fallback: ${x.fallbacks.join('; ')})` : ''}`);
      const [a] = await x.extract(['moderate left pleural effusion']);
      expect(Object.keys(a!.entities).length).toBeGreaterThan(0);
    }
  });

  it('folds long inputs into CLS ... SEP segments and maps every piece back', () => {
    const seg = foldSegments([[10], [11, 12], [13], [14, 15, 16]], { cls: 2, sep: 3, pad: 0 }, 5);
    expect(seg.segments).toBe(3);
    expect(seg.length).toBe(5);
    expect(seg.inputIds).toEqual([2, 10, 11, 12, 3, 2, 13, 14, 15, 3, 2, 16, 3, 0, 0]);
    expect(seg.attentionMask).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
    expect(seg.wordPositions).toEqual([[1], [2, 3], [6], [7, 8, 11]]);
  });

  it('is unavailable without a model directory, and with an empty one', async () => {
    await expect(createEntityExtractor({ extractor: 'onnx' }, { root: '/' })).rejects.toBeInstanceOf(MetricUnavailableError);
    await expect(createOnnxExtractor({ modelDir: tmpTree() })).rejects.toBeInstanceOf(MetricUnavailableError);
  });

  it('releases its sessions on close and refuses work afterwards', async () => {
    const dir = tmpTree();
    writeTinyRadGraphModel(dir);
    const x = await createOnnxExtractor({ modelDir: dir, provider: 'cpu' });
    await x.close();
    await x.close();
    await expect(x.extract(['left effusion'])).rejects.toThrow(/closed/);
  });
});
