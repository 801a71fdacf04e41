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
import { LABEL_CAP, TYPE_CAP, beginPair, labelId, local, localIds, lowerTokenId, tokenId, typeId } from './string-ids.js';
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
 * (((low * LABEL_CAP + label) * TYPE_CAP + type) * B + target) * 4 + 3, 39 bits of a double.
 */
const LOCAL_LIMIT = 1 << 12;
const B = LOCAL_LIMIT;
/** (tokens, label) and its kind (0 simple, 1-2 partial, 0 complete without relations) as one integer. */
const pack2 = (kind: number, tok: number, label: number): number => (tok * LABEL_CAP + label) * 4 + kind;

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
 * Reads every object of the annotation once, in a loop with no other work: when the
 * annotations are far out of the caches (a large pre-parsed corpus) the misses of successive
 * entities then overlap instead of each waiting in the interning loop; on freshly decoded ones
 * it costs about what it saves (bench/README.md).
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
 * False when a label or relation type has no small id (more than the caps: strings instead).
 */
function collect(a: RadGraphAnnotation, ents: readonly RadGraphEntity[], variant: RadGraphVariant, side: Side): boolean {
  const head = variant === 'head';
  const n = ents.length;
  reserveEntities(side, n);
  const { tok: toks, label: labels, rel: hasRel, low: lows } = side;
  let ok = true;
  touched = touch(ents);
  for (let k = 0; k < n; k++) {
    const e = ents[k]!;
    const g = tokenId(e.tokens);
    const low = local(lowerTokenId(g, e.tokens));
    lows[k] = low;
    toks[k] = head ? low : local(g);
    const label = labelId(e.label);
    if (label < 0) ok = false;
    labels[k] = label;
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
    const head4 = (lows[k]! * LABEL_CAP + label) * TYPE_CAP;
    for (let r = 0; r < rels.length; r++) {
      const rel = rels[r]!;
      const id = rel[1];
      const m = indexOf(id);
      const t = m > 0 ? byId[m] : byId[id];
      // Upstream raises KeyError on a dangling target; we skip the relation instead.
      if (t === undefined) continue;
      const target = m > 0 && m <= n && ents[m - 1] === t ? lows[m - 1]! : local(lowerTokenId(tokenId(t.tokens), t.tokens));
      const type = typeId(rel[0]);
      if (type < 0) ok = false;
      if (nc === complete.length) complete = growComplete(side);
      complete[nc++] = ((head4 + type) * B + target) * 4 + 3;
    }
  }
  side.n = n;
  side.nc = nc;
  return ok;
}

/**
 * Stamped membership table for the simple and partial tuples of a pair, keyed
 * (tok * LABEL_CAP + label) * 3 + kind (tok a local id): kind 0 the simple tuple, 1 the partial tuple of an entity
 * without relations, 2 with. Both levels are counted in one pass over each side.
 */
let members = new Int32Array(1 << 13);
let memberGen = 0;
const MEMBER_LIMIT = 1 << 17;
/** Set sizes and intersection: [hyp, ref, both] of the simple, then the partial tuples. */
const counted = new Int32Array(6);

/** Fills `counted` for the simple and partial levels; v is the number of local ids. */
function countSimplePartial(v: number): void {
  if (members.length < 3 * LABEL_CAP * v) {
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
    const key = (h.tok[k]! * LABEL_CAP + h.label[k]!) * 3;
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
    const key = (r.tok[k]! * LABEL_CAP + r.label[k]!) * 3;
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
  beginPair();
  const [h, r] = sides as [Side, Side];
  const ok = collect(hyp, hypEnts, variant, h) && collect(ref, refEnts, variant, r);
  const v = localIds();
  // > 4096 distinct token strings in one pair, or labels/types past their caps: the packed
  // tuples would collide.
  if (!ok || v > LOCAL_LIMIT) return radgraphF1Strings(hyp, ref, variant);
  if (3 * LABEL_CAP * v <= MEMBER_LIMIT) countSimplePartial(v);
  else countSimplePartialPacked();
  const simple = f1Of(counted[2]!, counted[0]!, counted[1]!);
  const partial = f1Of(counted[5]!, counted[3]!, counted[4]!);
  countPacked(h.complete, h.nc, r.complete, r.nc, counted);
  return { simple, partial, complete: f1Of(counted[2]!, counted[0]!, counted[1]!) };
}
