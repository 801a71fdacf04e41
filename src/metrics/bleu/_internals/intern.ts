/**
 * Token interning for the n-gram metrics (BLEU, ROUGE-L): strings to dense per-call ids, in
 * module-level buffers reused across calls.
 * @internal
 */

/**
 * Every token seen so far -> its global id. A null-prototype object rather than a Map: V8
 * internalises a key string on its first lookup, so the tokens of a report scored again (a
 * reference against many candidates) are found by identity instead of being hashed and
 * compared again. Numeric-looking tokens ("12") are element keys; the semantics are the same.
 */
let globalIds: Record<string, number> = Object.create(null) as Record<string, number>;
let globalSize = 0;
const GLOBAL_LIMIT = 1 << 18;
/** Per global id: the call that last gave it a local id, and that id. */
let localGen = new Int32Array(1 << 12);
let localId = new Int32Array(1 << 12);
let gen = 0;

/** The interned tokens of the current call, back to back. */
export const tok = {
  ids: new Int32Array(256),
  reserve(total: number): void {
    if (this.ids.length < total) this.ids = new Int32Array(Math.max(total, this.ids.length * 2));
    if (scratch.grams.length < total) {
      const size = Math.max(total, scratch.grams.length * 2);
      scratch.grams = new Int32Array(size);
      scratch.count = new Int32Array(size);
      scratch.maxRef = new Int32Array(size);
    }
  },
};

/** Counting buffers indexed by n-gram id (ids never exceed the positions of a call); kept zeroed. */
export const scratch = {
  grams: new Int32Array(256),
  count: new Int32Array(256),
  maxRef: new Int32Array(256),
  /** Clipped unigram matches of the last {@link internInto} with one reference; -1 otherwise. */
  unigramMatches: -1,
};

function nextGen(): number {
  if (gen === 0x3fffffff) {
    localGen.fill(0);
    gen = 0;
  }
  return ++gen;
}

/**
 * Interns the references and then the hypothesis into `tok.ids` (and a copy in
 * `scratch.grams`, where n-gram counting starts), back to back, with dense ids
 * 0..vocabulary-1 shared by all of them; `starts[k]` is where sequence k begins and
 * `starts[references.length + 1]` the total. Returns the vocabulary size.
 */
export function internInto(references: readonly (readonly string[])[], hypothesis: readonly string[], starts: Int32Array): number {
  const nRefs = references.length;
  let total = hypothesis.length;
  for (let k = 0; k < nRefs; k++) total += references[k]!.length;
  tok.reserve(total);
  if (globalSize + total > GLOBAL_LIMIT) {
    // A pathological vocabulary: start over (ids are only meaningful within one call).
    globalIds = Object.create(null) as Record<string, number>;
    globalSize = 0;
  }
  if (localGen.length < globalSize + total) {
    const size = Math.max(globalSize + total, localGen.length * 2);
    const [g, l] = [new Int32Array(size), new Int32Array(size)];
    g.set(localGen);
    l.set(localId);
    [localGen, localId] = [g, l];
  }
  const call = nextGen();
  const ids = globalIds;
  const lg = localGen;
  const li = localId;
  const out = tok.ids;
  const grams = scratch.grams;
  // One reference (the metric's case): the clipped unigram matches are counted on the way, each
  // hypothesis token consuming one occurrence of the reference's (see ngrams.ts).
  const count = nRefs === 1 ? scratch.count : undefined;
  let matches = 0;
  let vocab = 0;
  let pos = 0;
  starts[0] = 0;
  for (let k = 0; k <= nRefs; k++) {
    const a = k < nRefs ? references[k]! : hypothesis;
    const ref = k < nRefs;
    for (let i = 0; i < a.length; i++) {
      const t = a[i]!;
      let g = ids[t];
      if (g === undefined) ids[t] = g = globalSize++;
      if (lg[g] !== call) {
        lg[g] = call;
        li[g] = vocab++;
      }
      const id = li[g]!;
      out[pos] = grams[pos] = id;
      pos++;
      if (count !== undefined) {
        if (ref) count[id]!++;
        else if (count[id]! > 0) {
          count[id]!--;
          matches++;
        }
      }
    }
    starts[k + 1] = pos;
  }
  if (count !== undefined) count.fill(0, 0, vocab);
  scratch.unigramMatches = count !== undefined ? matches : -1;
  return vocab;
}

/**
 * Interns the references and the hypothesis of one sentence into dense ids 0..vocabulary-1
 * (shared by all of them), one Int32Array per sequence.
 */
export function internAll(references: readonly (readonly string[])[], hypothesis: readonly string[]): { refs: Int32Array[]; hyp: Int32Array } {
  const starts = new Int32Array(references.length + 2);
  internInto(references, hypothesis, starts);
  const slice = (k: number): Int32Array => tok.ids.slice(starts[k]!, starts[k + 1]!);
  return { refs: references.map((_, k) => slice(k)), hyp: slice(references.length) };
}
