/**
 * The DyGIE++ span logic of RadGraph-XL (METRICS §2.3), in plain TypeScript: span
 * enumeration, span vectors, NER decoding, mention pruning, pair features and relation
 * decoding. The ONNX graphs only compute the encoder and the heads' feed-forward layers.
 */
import type { RadGraphAnnotation, RadGraphEntity } from '../types.js';

export interface Span {
  start: number;
  end: number;
}

/** All spans of up to maxWidth words: by start, then end. */
export function enumerateSpans(nWords: number, maxWidth: number): Span[] {
  const out: Span[] = [];
  for (let s = 0; s < nWords; s++) {
    for (let e = s; e < Math.min(nWords, s + maxWidth); e++) out.push({ start: s, end: e });
  }
  return out;
}

/** Word vectors: mean of each word's piece vectors (hidden is [positions, H] row-major). */
export function wordVectors(hidden: Float32Array, h: number, wordPositions: number[][]): Float32Array[] {
  return wordPositions.map((ps) => {
    const v = new Float64Array(h);
    for (const p of ps) for (let k = 0; k < h; k++) v[k]! += hidden[p * h + k]!;
    const out = new Float32Array(h);
    for (let k = 0; k < h; k++) out[k] = v[k]! / ps.length;
    return out;
  });
}

/** Span vectors [h_start; h_end; width] as one [spans, 2H + W] matrix. */
export function spanMatrix(words: Float32Array[], spans: Span[], widthEmb: Float32Array, wDim: number): Float32Array {
  const h = words[0]?.length ?? 0;
  const d = 2 * h + wDim;
  const out = new Float32Array(spans.length * d);
  spans.forEach((s, i) => {
    out.set(words[s.start]!, i * d);
    out.set(words[s.end]!, i * d + h);
    out.set(widthEmb.subarray(i * wDim, (i + 1) * wDim), i * d + 2 * h);
  });
  return out;
}

/** argmax over [0 (null), ...logits]; returns 0 for null, k+1 for logit k. First maximum wins. */
export function argmaxWithNull(logits: ArrayLike<number>, offset: number, n: number, add = 0): number {
  let best = 0;
  let bestV = 0;
  for (let k = 0; k < n; k++) {
    const v = logits[offset + k]! + add;
    if (v > bestV) {
      bestV = v;
      best = k + 1;
    }
  }
  return best;
}

/** Indices of the top k spans by mention score (ties: lower index first), in span order. */
export function topSpans(scores: ArrayLike<number>, k: number): number[] {
  const idx = Array.from({ length: scores.length }, (_, i) => i);
  idx.sort((a, b) => scores[b]! - scores[a]! || a - b);
  return idx.slice(0, Math.min(k, idx.length)).sort((a, b) => a - b);
}

/** Pair features [e_i; e_j; e_i * e_j] for pairs (kept[i], kept[j]) of rows [from, to) of all pairs. */
export function pairMatrix(spanMat: Float32Array, d: number, kept: number[], from: number, to: number): Float32Array {
  const k = kept.length;
  const out = new Float32Array((to - from) * 3 * d);
  for (let p = from; p < to; p++) {
    const a = kept[Math.floor(p / k)]!;
    const b = kept[p % k]!;
    const row = (p - from) * 3 * d;
    const ea = spanMat.subarray(a * d, (a + 1) * d);
    const eb = spanMat.subarray(b * d, (b + 1) * d);
    out.set(ea, row);
    out.set(eb, row + d);
    for (let t = 0; t < d; t++) out[row + 2 * d + t] = ea[t]! * eb[t]!;
  }
  return out;
}

export interface DecodeInput {
  words: string[];
  spans: Span[];
  /** NER logits [spans, L] (no null). */
  ner: ArrayLike<number>;
  nerLabels: string[];
  /** Kept span indices (topSpans) and their relation logits [k*k, R] (no null), plus mention scores per span. */
  kept: number[];
  relation: ArrayLike<number>;
  relationLabels: string[];
  mention: ArrayLike<number>;
}

/**
 * Entities: spans whose NER argmax is not null, ids "1".."n" in span order. Relations: kept
 * pairs (i, j), self-pairs included as DyGIE scores them, whose argmax over
 * [0, logits + m_i + m_j] is not null, between two entity spans.
 */
export function decodeAnnotation(x: DecodeInput): RadGraphAnnotation {
  const L = x.nerLabels.length;
  const R = x.relationLabels.length;
  const entityOfSpan = new Map<number, string>();
  const entities: Record<string, RadGraphEntity> = {};
  x.spans.forEach((s, i) => {
    const lab = argmaxWithNull(x.ner, i * L, L);
    if (lab === 0) return;
    const id = String(entityOfSpan.size + 1);
    entityOfSpan.set(i, id);
    entities[id] = {
      tokens: x.words.slice(s.start, s.end + 1).join(' '),
      label: x.nerLabels[lab - 1]!,
      start_ix: s.start,
      end_ix: s.end,
      relations: [],
    };
  });
  const k = x.kept.length;
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      const si = x.kept[a]!;
      const sj = x.kept[b]!;
      const lab = argmaxWithNull(x.relation, (a * k + b) * R, R, x.mention[si]! + x.mention[sj]!);
      if (lab === 0) continue;
      const from = entityOfSpan.get(si);
      const to = entityOfSpan.get(sj);
      if (from === undefined || to === undefined) continue;
      entities[from]!.relations.push([x.relationLabels[lab - 1]!, to]);
    }
  }
  return { entities };
}
