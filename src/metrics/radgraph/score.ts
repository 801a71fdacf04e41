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
import { lower, radgraphF1Strings, type RadGraphVariant } from './tuple-strings.js';

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
 * Every string seen so far (token strings, labels, relation types) -> its global id. A
 * null-prototype object: V8 internalises a key string on first use, so the same strings met
 * again (labels, relation types, a vocabulary) are found by identity, cheaper than a Map.
 */
let globalIds: Record<string, number> = Object.create(null) as Record<string, number>;
let globalCount = 0;
const GLOBAL_LIMIT = 1 << 18;
/** Per global id: the global id of its lowercase (-1: not computed yet). */
let lowerOf = new Int32Array(1 << 12).fill(-1);
/** Per global id: the pair that last gave it a local id, and that id. */
let localGen = new Int32Array(1 << 12);
let localId = new Int32Array(1 << 12);
let gen = 0;
let localCount = 0;
/** Local ids must fit 12 bits so that a 4-part tuple packs into 50 bits of a double. */
const LOCAL_BITS = 12;
const LOCAL_LIMIT = 1 << LOCAL_BITS;

function grow(a: Int32Array<ArrayBuffer>, fill: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(a.length * 2);
  if (fill !== 0) grown.fill(fill);
  grown.set(a);
  return grown;
}

function globalId(s: string): number {
  let g = globalIds[s];
  if (g === undefined) {
    globalIds[s] = g = globalCount++;
    if (g >= lowerOf.length) {
      lowerOf = grow(lowerOf, -1);
      localGen = grow(localGen, 0);
      localId = grow(localId, 0);
    }
  }
  return g;
}

/**
 * Labels and relation types are a handful of strings repeated in every entity. Parsed JSON gives
 * each occurrence its own string object, so a table lookup hashes every one: instead the last
 * string of each length (mod 64) is kept and compared with `===` (the handful rarely share a
 * length); a miss goes to the table.
 */
const RECENT = 64;
const recent = [0, 1].map(() => ({ str: new Array<string | undefined>(RECENT).fill(undefined), id: new Int32Array(RECENT) }));
type Recent = (typeof recent)[number];
const [labelCache, typeCache] = recent as [Recent, Recent];

function recentId(cache: Recent, s: string): number {
  const slot = s.length & (RECENT - 1);
  if (cache.str[slot] === s) return cache.id[slot]!;
  const g = globalId(s);
  cache.str[slot] = s;
  cache.id[slot] = g;
  return g;
}

function clearRecent(): void {
  for (const cache of recent) cache.str.fill(undefined);
}

/** The dense id within this pair of a global id. */
function local(g: number): number {
  if (localGen[g] !== gen) {
    localGen[g] = gen;
    localId[g] = localCount++;
  }
  return localId[g]!;
}

function lowerId(s: string): number {
  const g = globalId(s);
  let lg = lowerOf[g]!;
  if (lg < 0) lowerOf[g] = lg = globalId(lower(s));
  return lg;
}

const B = LOCAL_LIMIT;
const pack2 = (kind: number, a: number, b: number): number => (a * B + b) * 4 + kind;

/**
 * Buffers reused across pairs, per side (0: hypothesis, 1: reference): the token, label,
 * has-relations and lowercase token of each entity (the simple and partial tuples, relation
 * targets), and the packed complete tuples.
 */
const sides = [0, 1].map(() => ({ tok: new Int32Array(64), label: new Int32Array(64), rel: new Int32Array(64), low: new Int32Array(64), complete: new Float64Array(64), n: 0, nc: 0 }));
type Side = (typeof sides)[number];

function reserveEntities(side: Side, n: number): void {
  if (side.tok.length < n) {
    const size = Math.max(n, side.tok.length * 2);
    [side.tok, side.label, side.rel, side.low] = [new Int32Array(size), new Int32Array(size), new Int32Array(size), new Int32Array(size)];
  }
}

function growComplete(side: Side): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(side.complete.length * 2);
  grown.set(side.complete);
  return (side.complete = grown);
}

/**
 * Reads every object of the annotation once, in a loop with no other work: the annotations
 * come from parsed JSON, tens of MB of small objects, so most first reads miss the caches; here
 * the misses of successive entities overlap (the interning loops that follow would wait for
 * each in turn). About 15 % of a pair's time on the bench's annotations.
 */
function touch(ents: readonly RadGraphEntity[]): number {
  let sum = 0;
  for (let k = 0; k < ents.length; k++) {
    const e = ents[k]!;
    const rels = e.relations ?? [];
    sum += e.tokens.length + e.label.length + rels.length;
    for (let r = 0; r < rels.length; r++) {
      const rel = rels[r]!;
      sum += rel[0].length + rel[1].length;
    }
  }
  return sum;
}
/** Kept so that the reads of {@link touch} are not optimised away. */
let touched = 0;

/**
 * Interns one annotation's entities into a side: simple/partial parts per entity, complete
 * tuples packed. A relation's target is the entity its id names (`entities[id]`, as upstream);
 * when that is the entity at position id - 1 of `ents` (ids "1".."n", the usual case, checked by
 * identity) its lowercase token id is read from `low` instead of interning its string again.
 */
function collect(a: RadGraphAnnotation, ents: readonly RadGraphEntity[], variant: RadGraphVariant, side: Side): void {
  const head = variant === 'head';
  const n = ents.length;
  reserveEntities(side, n);
  const { tok: toks, label: labels, rel: hasRel, low: lows } = side;
  touched = touch(ents);
  for (let k = 0; k < n; k++) {
    const e = ents[k]!;
    const g = globalId(e.tokens);
    let lg = lowerOf[g]!;
    if (lg < 0) lowerOf[g] = lg = globalId(lower(e.tokens));
    const low = local(lg);
    lows[k] = low;
    toks[k] = head ? low : local(g);
    labels[k] = local(recentId(labelCache, e.label));
    hasRel[k] = (e.relations ?? []).length > 0 ? 1 : 0;
  }
  const byId = a.entities;
  let complete = side.complete;
  let nc = 0;
  for (let k = 0; k < n; k++) {
    const label = labels[k]!;
    if (hasRel[k] === 0) {
      if (nc === complete.length) complete = growComplete(side);
      complete[nc++] = pack2(0, toks[k]!, label);
      continue;
    }
    const rels = ents[k]!.relations;
    const head4 = lows[k]! * B + label;
    for (let r = 0; r < rels.length; r++) {
      const rel = rels[r]!;
      const id = rel[1];
      const t = byId[id];
      // Upstream raises KeyError on a dangling target; we skip the relation instead.
      if (t === undefined) continue;
      const at = +id - 1;
      const target = at >= 0 && at < n && ents[at] === t ? lows[at]! : local(lowerId(t.tokens));
      if (nc === complete.length) complete = growComplete(side);
      complete[nc++] = ((head4 * B + local(recentId(typeCache, rel[0]))) * B + target) * 4 + 3;
    }
  }
  side.n = n;
  side.nc = nc;
}

/**
 * Stamped membership table for the simple and partial tuples of a pair, keyed
 * (tok * V + label) * 3 + kind: kind 0 the simple tuple, 1 the partial tuple of an entity
 * without relations, 2 with. Both levels are counted in one pass over each side.
 */
let members = new Int32Array(1 << 13);
let memberGen = 0;
const MEMBER_LIMIT = 1 << 17;
/** Set sizes and intersection: [hyp, ref, both] of the simple, then the partial tuples. */
const counted = new Int32Array(6);

/** Fills `counted` for the simple and partial levels; V is the number of local ids. */
function countSimplePartial(v: number): void {
  if (members.length < 3 * v * v) {
    members = new Int32Array(MEMBER_LIMIT);
    memberGen = 0;
  }
  if (memberGen >= 0x3ffffffd) {
    members.fill(0);
    memberGen = 0;
  }
  const hypGen = ++memberGen;
  const refGen = ++memberGen;
  const table = members;
  const [h, r] = sides as [Side, Side];
  let hs = 0;
  let hp = 0;
  for (let k = 0; k < h.n; k++) {
    const key = (h.tok[k]! * v + h.label[k]!) * 3;
    if (table[key] !== hypGen) {
      table[key] = hypGen;
      hs++;
    }
    const pkey = key + 1 + h.rel[k]!;
    if (table[pkey] !== hypGen) {
      table[pkey] = hypGen;
      hp++;
    }
  }
  let rs = 0;
  let is = 0;
  let rp = 0;
  let ip = 0;
  for (let k = 0; k < r.n; k++) {
    const key = (r.tok[k]! * v + r.label[k]!) * 3;
    const was = table[key];
    if (was !== refGen) {
      table[key] = refGen;
      rs++;
      if (was === hypGen) is++;
    }
    const pkey = key + 1 + r.rel[k]!;
    const pwas = table[pkey];
    if (pwas !== refGen) {
      table[pkey] = refGen;
      rp++;
      if (pwas === hypGen) ip++;
    }
  }
  counted[0] = hs;
  counted[1] = rs;
  counted[2] = is;
  counted[3] = hp;
  counted[4] = rp;
  counted[5] = ip;
}

/** The same as {@link countSimplePartial} through packed tuples, for pairs with too many local ids for the table. */
function countSimplePartialPacked(): void {
  const packed = (side: Side, partial: boolean): Float64Array => {
    const out = new Float64Array(side.n);
    for (let k = 0; k < side.n; k++) out[k] = pack2(partial ? 1 + side.rel[k]! : 0, side.tok[k]!, side.label[k]!);
    return out;
  };
  const [h, r] = sides as [Side, Side];
  countPacked(packed(h, false), h.n, packed(r, false), r.n, counted);
  const simple = counted.slice(0, 3);
  countPacked(packed(h, true), h.n, packed(r, true), r.n, counted);
  counted.copyWithin(3, 0, 3);
  counted.set(simple, 0);
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
  const variant = options.variant ?? 'head';
  if (variant !== 'head' && variant !== 'pypi') throw new Error(`radgraphF1: unknown variant ${String(variant)}`);
  if (options.hypText === '' || options.refText === '') return { simple: 0, partial: 0, complete: 0 };
  const hypEnts = entities(hyp);
  const refEnts = entities(ref);
  if (hypEnts.length === 0 || refEnts.length === 0) return { simple: 0, partial: 0, complete: 0 };
  if (globalCount > GLOBAL_LIMIT) {
    // A pathological vocabulary: start over (ids only need to be unique within a pair).
    globalIds = Object.create(null) as Record<string, number>;
    globalCount = 0;
    lowerOf.fill(-1);
    clearRecent();
  }
  if (gen === 0x3fffffff) {
    localGen.fill(0);
    gen = 0;
  }
  gen++;
  localCount = 0;
  const [h, r] = sides as [Side, Side];
  collect(hyp, hypEnts, variant, h);
  collect(ref, refEnts, variant, r);
  // > 4096 distinct strings in one pair: the packed tuples would collide.
  if (localCount > LOCAL_LIMIT) return radgraphF1Strings(hyp, ref, variant);
  if (3 * localCount * localCount <= MEMBER_LIMIT) countSimplePartial(localCount);
  else countSimplePartialPacked();
  const simple = f1Of(counted[2]!, counted[0]!, counted[1]!);
  const partial = f1Of(counted[5]!, counted[3]!, counted[4]!);
  countPacked(h.complete, h.nc, r.complete, r.nc, counted);
  return { simple, partial, complete: f1Of(counted[2]!, counted[0]!, counted[1]!) };
}
