import { internAll } from '../bleu/_internals/ngrams.js';

/** ROUGE-L precision, recall and F-measure of a candidate against a reference. */
export interface RougeLScore {
  precision: number;
  recall: number;
  f: number;
}

/**
 * Length of the longest common subsequence, over integer token ids with the bit-parallel
 * algorithm of Allison & Dix / Hyyrö (one bit per position of the shorter sequence, 32 per
 * word: O(n * m / 32)), in buffers reused across calls.
 */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const { refs, hyp } = internAll([a], b);
  return lcsOfIds(refs[0]!, hyp);
}

let masks = new Uint32Array(1024);
let v = new Uint32Array(8);

/** {@link lcsLength} of two dense id sequences (ids 0..k-1). */
export function lcsOfIds(x: Int32Array, y: Int32Array): number {
  if (x.length < y.length) [x, y] = [y, x]; // bits over the shorter sequence
  const m = y.length;
  if (m === 0) return 0;
  const words = (m + 31) >>> 5;
  let ids = 0;
  for (let j = 0; j < m; j++) if (y[j]! >= ids) ids = y[j]! + 1;
  if (masks.length < ids * words) masks = new Uint32Array(Math.max(ids * words, masks.length * 2));
  if (v.length < words) v = new Uint32Array(words * 2);
  for (let j = 0; j < m; j++) masks[y[j]! * words + (j >>> 5)]! |= 1 << (j & 31);
  v.fill(0xffffffff, 0, words);
  for (let i = 0; i < x.length; i++) {
    const id = x[i]!;
    if (id >= ids) continue; // not in y: V stays
    const base = id * words;
    let carry = 0;
    let borrow = 0;
    for (let w = 0; w < words; w++) {
      const vw = v[w]!;
      const u = vw & masks[base + w]!;
      const sum = vw + (u >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      const diff = vw - (u >>> 0) - borrow;
      borrow = diff < 0 ? 1 : 0;
      v[w] = (sum >>> 0) | (diff >>> 0);
    }
  }
  let zeros = 0;
  for (let w = 0; w < words; w++) {
    const bits = w === words - 1 && (m & 31) !== 0 ? m & 31 : 32;
    let z = ~v[w]! & (bits === 32 ? 0xffffffff : (1 << bits) - 1);
    while (z !== 0) {
      z &= z - 1;
      zeros++;
    }
  }
  for (let j = 0; j < m; j++) masks[y[j]! * words + (j >>> 5)] = 0;
  return zeros;
}

/**
 * ROUGE-L (Lin 2004) on token sequences: with L the longest common subsequence,
 * precision = L / |candidate|, recall = L / |reference| and
 * F = ((1 + β²)·P·R) / (R + β²·P). β = 1 (default) is the F1 of Google's `rouge-score`
 * package, `2·P·R / (P + R)`, and is symmetric in its arguments. An empty sequence on
 * either side, or no common token, scores 0 throughout.
 *
 * @param beta weight of recall relative to precision (β > 1 favours recall).
 */
export function rougeL(reference: string[], candidate: string[], beta = 1): RougeLScore {
  if (!(beta > 0) || !Number.isFinite(beta)) throw new RangeError(`beta must be a positive number, got ${beta}`);
  if (reference.length === 0 || candidate.length === 0) return { precision: 0, recall: 0, f: 0 };
  const lcs = lcsLength(reference, candidate);
  const precision = lcs / candidate.length;
  const recall = lcs / reference.length;
  const b2 = beta * beta;
  const denominator = recall + b2 * precision;
  const f = denominator > 0 ? ((1 + b2) * precision * recall) / denominator : 0;
  return { precision, recall, f };
}
