/**
 * n-gram counting for BLEU without a string or an array per n-gram. Tokens are interned to
 * dense integer ids; the n-grams of order n + 1 get dense ids from the pair (id of the n-gram
 * at i, token at i + n), looked up in a flat integer table (a Map only for huge vocabularies),
 * so every order is counted in typed arrays indexed by id, in buffers reused across calls.
 * Exact whatever the tokens contain.
 * @internal
 */

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

/** Every token seen so far, by id: a corpus's vocabulary is hashed in once, not per pair. */
const globalIds = new Map<string, number>();
const GLOBAL_LIMIT = 1 << 18;
/** Per-call dense id + 1 of a global id (0: not seen in this call); left zeroed between calls. */
let localOf = new Int32Array(1 << 12);
let seen = new Int32Array(256);

function growInt32(a: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(size, a.length * 2));
  if (fill !== 0) grown.fill(fill);
  grown.set(a);
  return grown;
}

/**
 * Interns the references and the hypothesis of one sentence into dense ids 0..vocabulary-1
 * (shared by all of them), one Int32Array per sequence.
 */
export function internAll(references: readonly (readonly string[])[], hypothesis: readonly string[]): { refs: Int32Array[]; hyp: Int32Array } {
  let total = hypothesis.length;
  for (const r of references) total += r.length;
  if (globalIds.size + total > GLOBAL_LIMIT) globalIds.clear(); // a pathological vocabulary: start over
  if (seen.length < total) seen = new Int32Array(Math.max(total, seen.length * 2));
  let count = 0;
  const one = (tokens: readonly string[]): Int32Array => {
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      let g = globalIds.get(t);
      if (g === undefined) {
        globalIds.set(t, (g = globalIds.size));
        if (g >= localOf.length) localOf = growInt32(localOf, g + 1);
      }
      let local = localOf[g]!;
      if (local === 0) {
        seen[count++] = g;
        localOf[g] = local = count;
      }
      out[i] = local - 1;
    }
    return out;
  };
  const refs = references.map(one);
  const hyp = one(hypothesis);
  for (let i = 0; i < count; i++) localOf[seen[i]!] = 0;
  return { refs, hyp };
}

// Scratch buffers, reused across calls: counts are left zeroed, the pair table filled with -1.
let grams = new Int32Array(256);
let tokens = new Int32Array(256);
let keys = new Int32Array(256);
let hypCount = new Int32Array(256);
let refCount = new Int32Array(256);
let maxRef = new Int32Array(256);
const PAIR_TABLE_LIMIT = 1 << 20;
let pairTable = new Int32Array(1 << 14).fill(-1);

/**
 * Modified precisions of orders 1..maxN of a hypothesis against references, token ids in
 * (dense 0..vocabulary-1, as {@link internAll} gives). Once an order has no clipped match, no
 * higher order has one, so counting stops there (numerators 0, denominators as nltk's).
 */
export function clippedPrecisions(references: readonly TokenIds[], hypothesis: TokenIds, maxN: number): ClippedPrecision[] {
  const nSeq = references.length + 1;
  const seq = (s: number): TokenIds => (s < references.length ? references[s]! : hypothesis);
  const start = new Array<number>(nSeq + 1);
  start[0] = 0;
  for (let s = 0; s < nSeq; s++) start[s + 1] = start[s]! + seq(s).length;
  const total = start[nSeq]!;
  if (grams.length < total) [grams, tokens, keys] = [new Int32Array(total * 2), new Int32Array(total * 2), new Int32Array(total * 2)];
  let vocab = 0;
  for (let s = 0; s < nSeq; s++) {
    const a = seq(s);
    const off = start[s]!;
    for (let i = 0; i < a.length; i++) {
      const id = a[i]!;
      tokens[off + i] = grams[off + i] = id;
      if (id >= vocab) vocab = id + 1;
    }
  }
  const out: ClippedPrecision[] = [];
  const hypStart = start[nSeq - 1]!;
  const hypLen0 = hypothesis.length;
  let numIds = vocab;
  for (let n = 1; n <= maxN; n++) {
    const hypLen = Math.max(0, hypLen0 - n + 1);
    const denominator = Math.max(1, hypLen);
    if (hypLen === 0 || (n > 1 && out[n - 2]!.numerator === 0)) {
      out.push({ numerator: 0, denominator });
      continue;
    }
    if (hypCount.length < numIds) [hypCount, refCount, maxRef] = [new Int32Array(numIds * 2), new Int32Array(numIds * 2), new Int32Array(numIds * 2)];
    const numerator = clip(start, nSeq, n, hypStart, hypLen);
    out.push({ numerator, denominator });
    if (n < maxN && numerator > 0) numIds = extend(start, nSeq, n, vocab, numIds);
  }
  return out;
}

/** Clipped matches of order n: grams[start[s] .. start[s+1]-n] are the n-gram ids of sequence s. */
function clip(start: readonly number[], nSeq: number, n: number, hypStart: number, hypLen: number): number {
  const nRefs = nSeq - 1;
  for (let k = 0; k < nRefs; k++) {
    const from = start[k]!;
    const to = start[k + 1]! - n + 1;
    if (nRefs === 1) {
      for (let i = from; i < to; i++) maxRef[grams[i]!]!++;
      break;
    }
    for (let i = from; i < to; i++) refCount[grams[i]!]!++;
    for (let i = from; i < to; i++) {
      const id = grams[i]!;
      const c = refCount[id]!;
      if (c > maxRef[id]!) maxRef[id] = c;
      refCount[id] = 0;
    }
  }
  const hypEnd = hypStart + hypLen;
  for (let i = hypStart; i < hypEnd; i++) hypCount[grams[i]!]!++;
  let numerator = 0;
  for (let i = hypStart; i < hypEnd; i++) {
    const id = grams[i]!;
    const c = hypCount[id]!;
    if (c === 0) continue; // counted already
    const m = maxRef[id]!;
    numerator += c < m ? c : m;
    hypCount[id] = 0;
  }
  for (let k = 0; k < nRefs; k++) {
    for (let i = start[k]!, to = start[k + 1]! - n + 1; i < to; i++) maxRef[grams[i]!] = 0;
  }
  return numerator;
}

/** Turns the n-gram ids into (n+1)-gram ids in place; returns the number of distinct ids. */
function extend(start: readonly number[], nSeq: number, n: number, vocab: number, numIds: number): number {
  const space = numIds * vocab;
  let next = 0;
  if (space <= PAIR_TABLE_LIMIT) {
    if (pairTable.length < space) pairTable = growInt32(pairTable, space, -1);
    let used = 0;
    for (let s = 0; s < nSeq; s++) {
      for (let i = start[s]!, to = start[s + 1]! - n; i < to; i++) {
        const key = grams[i]! * vocab + tokens[i + n]!;
        let id = pairTable[key]!;
        if (id < 0) {
          pairTable[key] = id = next++;
          keys[used++] = key;
        }
        grams[i] = id;
      }
    }
    for (let i = 0; i < used; i++) pairTable[keys[i]!] = -1;
  } else {
    const map = new Map<number, number>();
    for (let s = 0; s < nSeq; s++) {
      for (let i = start[s]!, to = start[s + 1]! - n; i < to; i++) {
        const key = grams[i]! * vocab + tokens[i + n]!; // < 2^31 * 2^31: exact as a double
        let id = map.get(key);
        if (id === undefined) map.set(key, (id = next++));
        grams[i] = id;
      }
    }
  }
  return next;
}

/** Modified n-gram precision of one order (token ids). */
export function modifiedPrecision(references: readonly TokenIds[], hypothesis: TokenIds, n: number): ClippedPrecision {
  return clippedPrecisions(references, hypothesis, n)[n - 1]!;
}
