/**
 * The batched ONNX pipeline: many reports per model call.
 * - encoder: the segments of several reports in one [segments, length] call, padded to the
 *   longest segment of the call (the attention mask hides the padding), up to `encoderBatch`
 *   segments per call (dynamic batch axis);
 * - width embeddings: looked up from a table computed once (width.onnx on 0..maxSpanWidth-1);
 * - ner and mention heads: the span matrices of all reports stacked, `spanBatch` rows per call;
 * - relation head: the pair features of all reports stacked, `pairBatch` rows per call.
 * Span and pair features are filled into typed arrays (no per-span objects).
 */
import { toInt64 } from '../../../../onnx/int64.js';
import type { OrtModule, OrtSession, OrtTensor } from '../../../../onnx/runtime.js';
import type { RadGraphAnnotation } from '../types.js';
import { decodeAnnotation, enumerateSpans, pairMatrix, spanMatrix, topSpans, wordVectors, type Span } from './decode.js';
import type { RadGraphOnnxConfig } from './options.js';
import { radgraphXlWords } from './preprocess.js';
import { foldSegments, type Segments, type WordPieceTokenizer } from './tokenize.js';

export interface Sessions {
  encoder: OrtSession;
  width: OrtSession;
  ner: OrtSession;
  mention: OrtSession;
  relation: OrtSession;
}

export interface Pipeline {
  ort: OrtModule;
  s: Sessions;
  tok: WordPieceTokenizer;
  cfg: RadGraphOnnxConfig;
  /** [maxSpanWidth, W] width embeddings. */
  widthTable: Float32Array;
  wDim: number;
  encoderBatch: number;
  spanBatch: number;
  pairBatch: number;
}

const firstOutput = (r: Record<string, OrtTensor>, s: OrtSession): OrtTensor => r[s.outputNames[0]!] as OrtTensor;

/** Runs width.onnx once over every width: the table the spans look up. */
export async function widthTableOf(ort: OrtModule, width: OrtSession, maxSpanWidth: number): Promise<{ table: Float32Array; wDim: number }> {
  const widths = Array.from({ length: maxSpanWidth }, (_, i) => i);
  const t = firstOutput(await width.run({ [width.inputNames[0]!]: new ort.Tensor('int64', toInt64(widths), [maxSpanWidth]) }), width);
  return { table: Float32Array.from(t.data as Float32Array), wDim: t.dims[t.dims.length - 1]! };
}

interface Report {
  words: string[];
  seg?: Segments;
  vectors?: Float32Array[];
  spans: Span[];
  /** First row of this report in the stacked span matrix. */
  spanRow: number;
  kept: number[];
}

async function encode(p: Pipeline, group: Report[], signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  const L = Math.max(...group.map((r) => r.seg!.length));
  const S = group.reduce((a, r) => a + r.seg!.segments, 0);
  const ids = new Array<number>(S * L).fill(p.tok.pad);
  const mask = new Array<number>(S * L).fill(0);
  let o = 0;
  const offsets = group.map((r) => {
    const seg = r.seg!;
    for (let s = 0; s < seg.segments; s++) {
      for (let k = 0; k < seg.length; k++) {
        ids[(o + s) * L + k] = seg.inputIds[s * seg.length + k]!;
        mask[(o + s) * L + k] = seg.attentionMask[s * seg.length + k]!;
      }
    }
    const at = o;
    o += seg.segments;
    return at;
  });
  const dims = [S, L];
  const feeds: Record<string, OrtTensor> = {};
  for (const name of p.s.encoder.inputNames) {
    if (name === 'input_ids') feeds[name] = new p.ort.Tensor('int64', toInt64(ids), dims);
    else if (name === 'attention_mask') feeds[name] = new p.ort.Tensor('int64', toInt64(mask), dims);
    else if (name === 'token_type_ids') feeds[name] = new p.ort.Tensor('int64', new BigInt64Array(S * L), dims);
    else throw new Error(`encoder.onnx has an unexpected input ${name}`);
  }
  const hidden = firstOutput(await p.s.encoder.run(feeds), p.s.encoder);
  const h = hidden.dims[2]!;
  group.forEach((r, g) => {
    const len = r.seg!.length;
    // positions in the report's own [segments, len] layout -> the call's [S, L] layout
    const positions = r.seg!.wordPositions.map((ps) => ps.map((q) => (offsets[g]! + Math.floor(q / len)) * L + (q % len)));
    r.vectors = wordVectors(hidden.data as Float32Array, h, positions);
  });
}

/** Runs a head over stacked rows in chunks; returns the stacked outputs. */
async function runRows(p: Pipeline, session: OrtSession, rows: Float32Array, width: number, outWidth: number, chunk: number): Promise<Float32Array> {
  const n = rows.length / width;
  const out = new Float32Array(n * outWidth);
  for (let from = 0; from < n; from += chunk) {
    const to = Math.min(n, from + chunk);
    const t = new p.ort.Tensor('float32', rows.subarray(from * width, to * width), [to - from, width]);
    out.set(firstOutput(await session.run({ [session.inputNames[0]!]: t }), session).data as Float32Array, from * outWidth);
  }
  return out;
}

/** Annotations of many reports, in order; each `text` is the pre-processed text the model saw. */
export async function annotateBatch(p: Pipeline, texts: string[], signal?: AbortSignal): Promise<RadGraphAnnotation[]> {
  const reports: Report[] = texts.map((t) => {
    const words = radgraphXlWords(t);
    return { words, ...(words.length ? { seg: foldSegments(words.map((w) => p.tok.pieces(w)), p.tok, p.cfg.maxLength) } : {}), spans: [], spanRow: 0, kept: [] };
  });
  // 1. encoder, several reports per call
  let group: Report[] = [];
  let segs = 0;
  for (const r of reports.filter((x) => x.seg)) {
    if (group.length && segs + r.seg!.segments > p.encoderBatch) {
      await encode(p, group, signal);
      group = [];
      segs = 0;
    }
    group.push(r);
    segs += r.seg!.segments;
  }
  if (group.length) await encode(p, group, signal);
  // 2. span matrices of all reports, stacked
  const h = reports.find((r) => r.vectors?.length)?.vectors![0]!.length ?? 0;
  const d = 2 * h + p.wDim;
  let rows = 0;
  for (const r of reports) {
    if (!r.vectors) continue;
    r.spans = enumerateSpans(r.words.length, p.cfg.maxSpanWidth);
    r.spanRow = rows;
    rows += r.spans.length;
  }
  const stacked = new Float32Array(rows * d);
  for (const r of reports) {
    if (!r.spans.length) continue;
    const widths = new Float32Array(r.spans.length * p.wDim);
    r.spans.forEach((s, i) => widths.set(p.widthTable.subarray((s.end - s.start) * p.wDim, (s.end - s.start + 1) * p.wDim), i * p.wDim));
    stacked.set(spanMatrix(r.vectors!, r.spans, widths, p.wDim), r.spanRow * d);
  }
  // 3. ner and mention over every span at once
  signal?.throwIfAborted();
  const Lab = p.cfg.nerLabels.length;
  const ner = rows ? await runRows(p, p.s.ner, stacked, d, Lab, p.spanBatch) : new Float32Array(0);
  const mention = rows ? await runRows(p, p.s.mention, stacked, d, 1, p.spanBatch) : new Float32Array(0);
  // 4. relation over the pruned spans' pairs of every report
  const R = p.cfg.relationLabels.length;
  let pairRows = 0;
  const pairStart: number[] = [];
  for (const r of reports) {
    pairStart.push(pairRows);
    if (!r.spans.length) continue;
    r.kept = topSpans(mention.subarray(r.spanRow, r.spanRow + r.spans.length), Math.ceil(r.words.length * p.cfg.spansPerWord));
    pairRows += r.kept.length * r.kept.length;
  }
  const relation = new Float32Array(pairRows * R);
  for (let from = 0; from < pairRows; from += p.pairBatch) {
    signal?.throwIfAborted();
    const to = Math.min(pairRows, from + p.pairBatch);
    const feat = new Float32Array((to - from) * 3 * d);
    reports.forEach((r, i) => {
      const n = r.kept.length * r.kept.length;
      const a = Math.max(from, pairStart[i]!);
      const b = Math.min(to, pairStart[i]! + n);
      if (a >= b) return;
      const own = stacked.subarray(r.spanRow * d, (r.spanRow + r.spans.length) * d);
      feat.set(pairMatrix(own, d, r.kept, a - pairStart[i]!, b - pairStart[i]!), (a - from) * 3 * d);
    });
    const t = new p.ort.Tensor('float32', feat, [to - from, 3 * d]);
    relation.set(firstOutput(await p.s.relation.run({ [p.s.relation.inputNames[0]!]: t }), p.s.relation).data as Float32Array, from * R);
  }
  // 5. decode each report
  return reports.map((r, i) => {
    const text = r.words.join(' ');
    if (!r.spans.length) return { text, entities: {} };
    const n = r.spans.length;
    const k2 = r.kept.length * r.kept.length;
    const ann = decodeAnnotation({
      words: r.words,
      spans: r.spans,
      ner: ner.subarray(r.spanRow * Lab, (r.spanRow + n) * Lab),
      nerLabels: p.cfg.nerLabels,
      kept: r.kept,
      relation: relation.subarray(pairStart[i]! * R, (pairStart[i]! + k2) * R),
      relationLabels: p.cfg.relationLabels,
      mention: mention.subarray(r.spanRow, r.spanRow + n),
    });
    return { text, ...ann };
  });
}
