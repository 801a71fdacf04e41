/**
 * n-gram counting for BLEU without a string, an array or an object per n-gram. Tokens are
 * interned to dense integer ids once per call; the n-grams of order n + 1 get dense ids from the
 * pair (id of the n-gram at i, token at i + n), looked up in a flat integer table (a Map only for
 * huge vocabularies), so every order is counted in typed arrays indexed by id. All buffers live
 * at module level and are reused across calls; tables are "cleared" by bumping a stamp. Exact
 * whatever the tokens contain.
 * @internal
 */
import { scratch, tok, internInto } from './intern.js';

export { internAll } from './intern.js';

/** Token ids of one sequence (a typed array or a plain array of integers). */
export type TokenIds = ArrayLike<number>;

/**
 * nltk's `modified_precision` as the unreduced pair nltk keeps in its Fraction: the numerator
 * is the hypothesis n-gram counts clipped by the largest count in any one reference, the
 * denominator the number of hypothesis n-grams, at least 1.
 */
export interface ClippedPrecision {
  numerator: number;
  denominator: number;
}

/** Largest key space of the dense pair table; beyond it a Map (huge vocabularies only). */
const PAIR_TABLE_LIMIT = 1 << 20;
/** The dense pair table: (stamp, id) per key, interleaved so a lookup touches one cache line. */
let pairSlots = new Int32Array(1 << 15);
let pairGen = 0;

/**
 * Clipped match counts of orders 1..maxN of the hypothesis (the last of `seqCount` sequences
 * laid out in `tok.ids` and copied in `scratch.grams`, bounded by `starts`) against the others,
 * into `out[0..maxN)`. Once an order has no clipped match no higher order has one, so
 * counting stops there.
 */
function countOrders(starts: Int32Array, seqCount: number, vocab: number, maxN: number, out: Int32Array, unigrams = -1): void {
  const total = starts[seqCount]!;
  const hypStart = starts[seqCount - 1]!;
  const hypLen = total - hypStart;
  let numIds = vocab;
  for (let n = 1; n <= maxN; n++) {
    if (hypLen - n + 1 <= 0 || (n > 1 && out[n - 2] === 0)) {
      out[n - 1] = 0;
      continue;
    }
    if (n === 1) out[0] = unigrams >= 0 ? unigrams : clip(starts, seqCount, 1);
    else if (seqCount === 2 && numIds * vocab <= PAIR_TABLE_LIMIT) numIds = extendAndClip(starts, n - 1, vocab, numIds, out);
    else {
      numIds = extend(starts, seqCount, n - 1, vocab, numIds);
      out[n - 1] = clip(starts, seqCount, n);
    }
  }
}

/** Clipped matches of order n; grams[starts[k] .. starts[k+1]-n] are the n-gram ids of sequence k. */
function clip(starts: Int32Array, seqCount: number, n: number): number {
  const { grams, count, maxRef } = scratch;
  const nRefs = seqCount - 1;
  const hypStart = starts[nRefs]!;
  const hypEnd = starts[seqCount]! - n + 1;
  let numerator = 0;
  if (nRefs === 1) {
    // One reference: each hypothesis occurrence consumes one reference occurrence, which is
    // min(hypothesis count, reference count) per n-gram without a second table.
    const to = starts[1]! - n + 1;
    for (let i = 0; i < to; i++) count[grams[i]!]!++;
    for (let i = hypStart; i < hypEnd; i++) {
      const id = grams[i]!;
      if (count[id]! > 0) {
        count[id]!--;
        numerator++;
      }
    }
    for (let i = 0; i < to; i++) count[grams[i]!] = 0;
    return numerator;
  }
  for (let k = 0; k < nRefs; k++) {
    const from = starts[k]!;
    const to = starts[k + 1]! - n + 1;
    for (let i = from; i < to; i++) count[grams[i]!]!++;
    for (let i = from; i < to; i++) {
      const id = grams[i]!;
      const c = count[id]!;
      if (c > maxRef[id]!) maxRef[id] = c;
      count[id] = 0;
    }
  }
  for (let i = hypStart; i < hypEnd; i++) {
    const id = grams[i]!;
    if (maxRef[id]! > 0) {
      maxRef[id]!--;
      numerator++;
    }
  }
  for (let k = 0; k < nRefs; k++) {
    for (let i = starts[k]!, to = starts[k + 1]! - n + 1; i < to; i++) maxRef[grams[i]!] = 0;
  }
  return numerator;
}

/** Readies the dense pair table (stamp, id) x key for `space` keys; returns the stamp. */
function pairTable(space: number): number {
  if (pairSlots.length < 2 * space) {
    pairSlots = new Int32Array(Math.max(2 * space, pairSlots.length * 2));
    pairGen = 0;
  }
  if (pairGen === 0x3fffffff) {
    pairSlots.fill(0);
    pairGen = 0;
  }
  return ++pairGen;
}

/**
 * {@link extend} and {@link clip} in one pass for one reference (the metric's case): the
 * reference's (n+1)-grams are counted as their ids are made, and the hypothesis's consume those
 * counts as theirs are. Writes the clipped count to out[n]; returns the number of distinct ids.
 */
function extendAndClip(starts: Int32Array, n: number, vocab: number, numIds: number, out: Int32Array): number {
  const { grams, count } = scratch;
  const tokens = tok.ids;
  const gen = pairTable(numIds * vocab);
  const table = pairSlots;
  let next = 0;
  const refEnd = starts[1]! - n;
  for (let i = 0; i < refEnd; i++) {
    const at = (grams[i]! * vocab + tokens[i + n]!) << 1;
    let id: number;
    if (table[at] === gen) id = table[at + 1]!;
    else {
      table[at] = gen;
      table[at + 1] = id = next++;
    }
    grams[i] = id;
    count[id]!++;
  }
  let numerator = 0;
  for (let i = starts[1]!, to = starts[2]! - n; i < to; i++) {
    const at = (grams[i]! * vocab + tokens[i + n]!) << 1;
    let id: number;
    if (table[at] === gen) {
      id = table[at + 1]!;
      if (count[id]! > 0) {
        count[id]!--;
        numerator++;
      }
    } else {
      table[at] = gen;
      table[at + 1] = id = next++;
    }
    grams[i] = id;
  }
  count.fill(0, 0, next);
  out[n] = numerator;
  return next;
}

/** Turns the n-gram ids into (n+1)-gram ids in place; returns the number of distinct ids. */
function extend(starts: Int32Array, seqCount: number, n: number, vocab: number, numIds: number): number {
  const grams = scratch.grams;
  const tokens = tok.ids;
  const space = numIds * vocab;
  let next = 0;
  if (space <= PAIR_TABLE_LIMIT) {
    const gen = pairTable(space);
    const table = pairSlots;
    for (let k = 0; k < seqCount; k++) {
      for (let i = starts[k]!, to = starts[k + 1]! - n; i < to; i++) {
        const at = (grams[i]! * vocab + tokens[i + n]!) << 1;
        let id: number;
        if (table[at] === gen) id = table[at + 1]!;
        else {
          table[at] = gen;
          table[at + 1] = id = next++;
        }
        grams[i] = id;
      }
    }
  } else {
    const map = new Map<number, number>();
    for (let k = 0; k < seqCount; k++) {
      for (let i = starts[k]!, to = starts[k + 1]! - n; i < to; i++) {
        const key = grams[i]! * vocab + tokens[i + n]!; // < 2^31 * 2^31: exact as a double
        let id = map.get(key);
        if (id === undefined) map.set(key, (id = next++));
        grams[i] = id;
      }
    }
  }
  return next;
}

let startsBuf = new Int32Array(8);
let countsBuf = new Int32Array(8);

/**
 * Clipped match counts of orders 1..maxN of a tokenized hypothesis against tokenized
 * references (nltk's `modified_precision` numerators), interning the tokens on the way.
 * The denominator of order n is `max(1, hypothesis.length - n + 1)`. The counts are
 * `[0..maxN)` of the array returned, a buffer that the next call overwrites (it may be longer).
 */
export function matchCounts(references: readonly (readonly string[])[], hypothesis: readonly string[], maxN: number): Int32Array {
  const seqCount = references.length + 1;
  if (startsBuf.length < seqCount + 1) startsBuf = new Int32Array(seqCount * 2);
  const starts = startsBuf;
  const vocab = internInto(references, hypothesis, starts);
  if (countsBuf.length < maxN) countsBuf = new Int32Array(maxN);
  countOrders(starts, seqCount, vocab, maxN, countsBuf, scratch.unigramMatches);
  return countsBuf;
}

/**
 * Modified precisions of orders 1..maxN of a hypothesis against references, token ids in
 * (dense 0..vocabulary-1, as {@link internAll} gives).
 */
export function clippedPrecisions(references: readonly TokenIds[], hypothesis: TokenIds, maxN: number): ClippedPrecision[] {
  const seqCount = references.length + 1;
  if (startsBuf.length < seqCount + 1) startsBuf = new Int32Array(seqCount * 2);
  const starts = startsBuf;
  let total = 0;
  let vocab = 0;
  starts[0] = 0;
  for (let k = 0; k < seqCount; k++) total = starts[k + 1] = total + (k < references.length ? references[k]! : hypothesis).length;
  tok.reserve(total);
  for (let k = 0; k < seqCount; k++) {
    const a = k < references.length ? references[k]! : hypothesis;
    for (let i = 0, off = starts[k]!; i < a.length; i++) {
      const id = a[i]!;
      tok.ids[off + i] = scratch.grams[off + i] = id;
      if (id >= vocab) vocab = id + 1;
    }
  }
  const counts = new Int32Array(maxN);
  countOrders(starts, seqCount, vocab, maxN, counts);
  return Array.from(counts, (numerator, i) => ({ numerator, denominator: Math.max(1, hypothesis.length - i) }));
}

/** Modified n-gram precision of one order (token ids). */
export function modifiedPrecision(references: readonly TokenIds[], hypothesis: TokenIds, n: number): ClippedPrecision {
  return clippedPrecisions(references, hypothesis, n)[n - 1]!;
}
