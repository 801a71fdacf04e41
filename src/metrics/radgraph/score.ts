/**
 * Exact RadGraph-F1 (METRICS §2.2), reproducing the `radgraph` package bit for bit.
 *
 * Each annotation becomes a SET of tuples (positions ignored, duplicates collapse):
 * - simple:   (tokens, label) for every entity;
 * - partial:  (tokens, label) without relations, (tokens, label, true) with relations;
 * - complete: (tokens, label) without relations, (tokens, label, relation_type, target_tokens)
 *             per relation.
 * Precision/recall/F1 as upstream; either text empty or either side without entities -> 0.
 * Variants: `head` lowercases every token string; `pypi` (0.1.18, vendored by RadEval) is case
 * sensitive except the relation tuples of `complete`, lowercased on both sides.
 */
import type { RadGraphAnnotation, RadGraphEntity } from './extractors/types.js';
import { countPacked } from './packed-set.js';
import { LABEL_CAP, TYPE_CAP, beginPair, labelCount, labelId, local, localIds, lowerTokenId, tokenId, typeCount, typeId } from './string-ids.js';
import { radgraphF1Strings, type RadGraphVariant } from './tuple-strings.js';

export type { RadGraphLevel, RadGraphVariant } from './tuple-strings.js';
export { RADGRAPH_LEVELS, setF1 } from './tuple-strings.js';

export interface RadGraphF1Options {
  variant?: RadGraphVariant;
  /** The hypothesis report text: an empty string forces 0 at every level. */
  hypText?: string;
  /** The reference report text: an empty string forces 0 at every level. */
  refText?: string;
}

export interface RadGraphF1Result {
  simple: number;
  partial: number;
  complete: number;
}

/**
 * Local token ids must fit 12 bits: a relation tuple packs as
 * (((low * LABEL_CAP + label) * TYPE_CAP + type) * B + target) * 4 + 3, 39 bits of a double
 * (the hashed path, {@link countHashed}).
 */
const LOCAL_LIMIT = 1 << 12;
const B = LOCAL_LIMIT;
/** (tokens, label) and its kind (0 simple, 1-2 partial, 0 complete without relations) as one integer. */
const pack2 = (kind: number, tok: number, label: number): number => (tok * LABEL_CAP + label) * 4 + kind;

/**
 * Buffers reused across pairs, per side (0: hypothesis, 1: reference). Per entity: its token,
 * label, has-relations flag and lowercase token (local ids). Per relation kept: its entity, type
 * and target: the target entity's index in `ents` (its lowercase token read from `low`), or
 * ~(the target's lowercase token) when the target was found under another id.
 */
const sides = [0, 1].map(() => ({
  tok: new Int32Array(64), label: new Int32Array(64), rel: new Int32Array(64), low: new Int32Array(64),
  rsrc: new Int32Array(64), rtype: new Int32Array(64), rtarget: new Int32Array(64), n: 0, nr: 0,
}));
type Side = (typeof sides)[number];
const H = sides[0]!;
const R = sides[1]!;

function reserveEntities(side: Side, n: number): void {
  if (side.tok.length < n) {
    const size = Math.max(n, side.tok.length * 2);
    [side.tok, side.label, side.rel, side.low] = [new Int32Array(size), new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  }
}

function growRelations(side: Side): void {
  const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
    const grown = new Int32Array(a.length * 2);
    grown.set(a);
    return grown;
  };
  [side.rsrc, side.rtype, side.rtarget] = [grow(side.rsrc), grow(side.rtype), grow(side.rtarget)];
}

/**
 * The array index a relation target names when written canonically ("1" to "999999999": no
 * sign, point, exponent or leading zero), else -1. Then `byId[index]` is the same property as
 * `byId[id]`, found without converting the string to an index (ids are "1".."n" as a rule).
 */
function indexOf(id: string): number {
  if (typeof id !== 'string') return -1; // a number from loose JSON: looked up as before, by coercion
  const len = id.length;
  if (len === 0 || len > 9) return -1;
  let m = id.charCodeAt(0) - 48;
  if (m <= 0 || m > 9) return -1;
  for (let i = 1; i < len; i++) {
    const d = id.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    m = m * 10 + d;
  }
  return m;
}

/**
 * Reads each entity and its label and relation list once, in a loop with no other work: when the
 * annotations are far out of the caches (a large pre-parsed corpus) the misses of successive
 * entities then overlap instead of each waiting in the interning loop (15-25 % of a pair there);
 * on freshly decoded ones it costs about nothing. (Reading every relation too, as before, cost
 * 5-10 % on freshly decoded annotations: bench/README.md.)
 */
function touch(ents: readonly RadGraphEntity[]): number {
  let sum = 0;
  for (let k = 0; k < ents.length; k++) {
    const e = ents[k]!;
    sum += e.label.length + (e.relations ?? []).length;
  }
  return sum;
}
/** Kept so that the reads of {@link touch} are not optimised away. */
let touched = 0;

/**
 * Set sizes and intersection: [hyp, ref, both] of the simple, the partial, then the complete
 * tuples.
 */
const counted = new Int32Array(9);

/**
 * Stamped membership tables of a pair's tuples, keyed directly by small ids (nothing hashed,
 * cleared or sorted per pair). Entity tuples, marked while interning: with s = tok * LS + label,
 * the simple tuple at 4s, the partial tuple at 4s + 1 + has-relations, the complete tuple of an
 * entity without relations at 4s + 3. Relation tuples, marked once the pair's v local ids, L
 * labels and T types are known: ((low * L + label) * T + type) * v + target. A pair whose
 * tuples do not fit takes {@link countHashed}.
 */
const LS = 16;
const ENTITY_TABLE = 1 << 17;
const RELATION_TABLE = 1 << 16;
const entityTable = new Int32Array(ENTITY_TABLE);
const relationTable = new Int32Array(RELATION_TABLE);
let tableGen = 0;
/** False once an entity tuple of this pair did not fit the entity table. */
let direct = true;

/**
 * Interns one annotation's entities and relations into a side, in one pass over its objects,
 * and marks its entity tuples with `gen` (counting those already marked `hypGen`: the
 * reference side) into counted[at, at + 3, at + 6] and counted[2, 5, 8]. A relation's target is
 * the entity its id names (`entities[id]`, as upstream); when that is the entity at position
 * id - 1 of `ents` (ids "1".."n", the usual case, checked by identity) only its index is kept
 * (its lowercase token is interned with it). False when a label or relation type has no small
 * id (more than the caps: strings instead).
 */
function collect(a: RadGraphAnnotation, ents: readonly RadGraphEntity[], head: boolean, side: Side, gen: number, hypGen: number, at: number): boolean {
  const n = ents.length;
  reserveEntities(side, n);
  const { tok: toks, label: labels, rel: hasRel, low: lows } = side;
  const table = entityTable;
  const byId = a.entities;
  let ok = true;
  let nr = 0;
  let rsrc = side.rsrc;
  let rtype = side.rtype;
  let rtarget = side.rtarget;
  let s = 0, si = 0, p = 0, pi = 0, c = 0, ci = 0;
  // ents[k] is entities[k + 1] for every k (ids "1".."n" in order: the usual case)
  let canonical = true;
  touched = touch(ents);
  for (let k = 0; k < n; k++) {
    const e = ents[k]!;
    if (byId[k + 1] !== e) canonical = false;
    const tokens = e.tokens;
    const g = tokenId(tokens);
    const low = local(lowerTokenId(g, tokens));
    lows[k] = low;
    const tok = head ? low : local(g);
    toks[k] = tok;
    const label = labelId(e.label);
    if (label < 0) ok = false;
    labels[k] = label;
    const rels = e.relations ?? [];
    const hr = rels.length > 0 ? 1 : 0;
    hasRel[k] = hr;
    const key = 4 * (tok * LS + label);
    if (label < LS && key < ENTITY_TABLE) {
      const was = table[key];
      if (was !== gen) {
        table[key] = gen;
        s++;
        if (was === hypGen) si++;
      }
      const pwas = table[key + 1 + hr];
      if (pwas !== gen) {
        table[key + 1 + hr] = gen;
        p++;
        if (pwas === hypGen) pi++;
      }
      if (hr === 0) {
        const cwas = table[key + 3];
        if (cwas !== gen) {
          table[key + 3] = gen;
          c++;
          if (cwas === hypGen) ci++;
        }
      }
    } else direct = false;
    for (let r = 0; r < rels.length; r++) {
      const rel = rels[r]!;
      const id = rel[1];
      const m = indexOf(id);
      const t = m > 0 ? byId[m] : byId[id];
      // Upstream raises KeyError on a dangling target; we skip the relation instead.
      if (t === undefined) continue;
      const type = typeId(rel[0]);
      if (type < 0) ok = false;
      if (nr === rsrc.length) {
        growRelations(side);
        [rsrc, rtype, rtarget] = [side.rsrc, side.rtype, side.rtarget];
      }
      rsrc[nr] = k;
      rtype[nr] = type;
      // a canonical id names ents[m - 1] when the annotation is canonical (checked below)
      rtarget[nr++] = m > 0 && m <= n ? m - 1 : ~local(lowerTokenId(tokenId(t.tokens), t.tokens));
    }
  }
  if (!canonical) resolveTargets(byId, ents, rtarget, nr);
  side.n = n;
  side.nr = nr;
  counted[at] = s;
  counted[at + 3] = p;
  counted[at + 6] = c;
  if (at === 1) {
    counted[2] = si;
    counted[5] = pi;
    counted[8] = ci;
  }
  return ok;
}

/**
 * For an annotation whose entities are not `entities["1".."n"]` in order: each target kept as
 * an index m - 1 becomes the lowercase token of `entities[m]` (the entity the id names) where
 * that is not ents[m - 1].
 */
function resolveTargets(byId: RadGraphAnnotation['entities'], ents: readonly RadGraphEntity[], rtarget: Int32Array, nr: number): void {
  for (let j = 0; j < nr; j++) {
    const m1 = rtarget[j]!;
    if (m1 < 0) continue;
    const t = byId[m1 + 1]!;
    if (t !== ents[m1]) rtarget[j] = ~local(lowerTokenId(tokenId(t.tokens), t.tokens));
  }
}

/** Marks one side's relation tuples and adds them to the complete counts (as {@link collect}). */
function markRelations(side: Side, gen: number, hypGen: number, at: number, v: number, L: number, T: number): void {
  const table = relationTable;
  const { label, low, rsrc, rtype, rtarget } = side;
  let c = 0, ci = 0;
  for (let j = 0; j < side.nr; j++) {
    const src = rsrc[j]!;
    const t = rtarget[j]!;
    const key = ((low[src]! * L + label[src]!) * T + rtype[j]!) * v + (t >= 0 ? low[t]! : ~t);
    const was = table[key];
    if (was !== gen) {
      table[key] = gen;
      c++;
      if (was === hypGen) ci++;
    }
  }
  counted[at + 6] = counted[at + 6]! + c;
  if (at === 1) counted[8] = counted[8]! + ci;
}

/** The tuples of one side at one level, packed into 39-bit integers. */
function packed(side: Side, level: number): Float64Array {
  const out = new Float64Array(level < 2 ? side.n : side.n + side.nr);
  let o = 0;
  for (let k = 0; k < side.n; k++) {
    if (level === 0) out[o++] = pack2(0, side.tok[k]!, side.label[k]!);
    else if (level === 1) out[o++] = pack2(1 + side.rel[k]!, side.tok[k]!, side.label[k]!);
    else if (side.rel[k] === 0) out[o++] = pack2(0, side.tok[k]!, side.label[k]!);
  }
  if (level === 2) {
    for (let j = 0; j < side.nr; j++) {
      const src = side.rsrc[j]!;
      const t = side.rtarget[j]!;
      out[o++] = (((side.low[src]! * LABEL_CAP + side.label[src]!) * TYPE_CAP + side.rtype[j]!) * B + (t >= 0 ? side.low[t]! : ~t)) * 4 + 3;
    }
  }
  return out.subarray(0, o);
}

/** The counts through hashed packed tuples, for pairs too large for the membership tables. */
function countHashed(): void {
  const [h, r] = [H, R];
  const level = new Int32Array(3);
  for (let l = 0; l < 3; l++) {
    const a = packed(h, l);
    const b = packed(r, l);
    countPacked(a, a.length, b, b.length, level);
    counted[3 * l] = level[0]!;
    counted[3 * l + 1] = level[1]!;
    counted[3 * l + 2] = level[2]!;
  }
}

/** F1 from the set sizes, in upstream's arithmetic order (as {@link setF1}). */
function f1Of(inter: number, hypSize: number, refSize: number): number {
  const precision = hypSize > 0 ? inter / hypSize : 0;
  const recall = refSize > 0 ? inter / refSize : 0;
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

function entities(a: RadGraphAnnotation): RadGraphEntity[] {
  return Object.values(a.entities ?? {});
}

const NO_OPTIONS: RadGraphF1Options = Object.freeze({});

/** RadGraph-F1 of one pair at all three levels. */
export function radgraphF1(
  hyp: RadGraphAnnotation,
  ref: RadGraphAnnotation,
  options: RadGraphF1Options = NO_OPTIONS,
): RadGraphF1Result {
  let variant: RadGraphVariant = 'head';
  // Options given: read them (skipped otherwise, which keeps the compares below on strings).
  if (options !== NO_OPTIONS) {
    variant = options.variant ?? 'head';
    if (variant !== 'head' && variant !== 'pypi') throw new Error(`radgraphF1: unknown variant ${String(variant)}`);
    if (options.hypText === '' || options.refText === '') return { simple: 0, partial: 0, complete: 0 };
  }
  const hypEnts = entities(hyp);
  const refEnts = entities(ref);
  if (hypEnts.length === 0 || refEnts.length === 0) return { simple: 0, partial: 0, complete: 0 };
  beginPair();
  if (tableGen >= 0x3ffffffd) {
    entityTable.fill(0);
    relationTable.fill(0);
    tableGen = 0;
  }
  const hypGen = ++tableGen;
  const refGen = ++tableGen;
  direct = true;
  const head = variant === 'head';
  const ok = collect(hyp, hypEnts, head, H, hypGen, -1, 0) && collect(ref, refEnts, head, R, refGen, hypGen, 1);
  const v = localIds();
  // > 4096 distinct token strings in one pair, or labels/types past their caps: the packed
  // tuples would collide.
  if (!ok || v > LOCAL_LIMIT) return radgraphF1Strings(hyp, ref, variant);
  const L = labelCount();
  const T = typeCount();
  if (direct && v * v * L * T <= RELATION_TABLE) {
    markRelations(H, hypGen, -1, 0, v, L, T);
    markRelations(R, refGen, hypGen, 1, v, L, T);
  } else countHashed();
  return {
    simple: f1Of(counted[2]!, counted[0]!, counted[1]!),
    partial: f1Of(counted[5]!, counted[3]!, counted[4]!),
    complete: f1Of(counted[8]!, counted[6]!, counted[7]!),
  };
}
