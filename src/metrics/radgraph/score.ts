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

export type RadGraphVariant = 'head' | 'pypi';
export type RadGraphLevel = 'simple' | 'partial' | 'complete';

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

export const RADGRAPH_LEVELS: readonly RadGraphLevel[] = ['simple', 'partial', 'complete'];

/** Python's str.lower() for the strings that occur here (full Unicode lowercasing). */
function lower(s: string): string {
  return s.toLowerCase();
}

function key(parts: (string | boolean)[]): string {
  return JSON.stringify(parts);
}

function entities(a: RadGraphAnnotation): RadGraphEntity[] {
  return Object.values(a.entities ?? {});
}

function tupleSet(a: RadGraphAnnotation, level: RadGraphLevel, variant: RadGraphVariant): Set<string> {
  const out = new Set<string>();
  const tok = (s: string): string => (variant === 'head' ? lower(s) : s);
  for (const e of entities(a)) {
    const rels = e.relations ?? [];
    if (level === 'simple') {
      out.add(key([tok(e.tokens), e.label]));
    } else if (level === 'partial') {
      out.add(rels.length > 0 ? key([tok(e.tokens), e.label, true]) : key([tok(e.tokens), e.label]));
    } else {
      if (rels.length === 0) out.add(key([tok(e.tokens), e.label]));
      for (const [type, target] of rels) {
        const t = a.entities[target];
        // Upstream raises KeyError on a dangling target; we skip the relation instead.
        if (t === undefined) continue;
        out.add(key([lower(e.tokens), e.label, type, lower(t.tokens)]));
      }
    }
  }
  return out;
}

/** F1 of two tuple sets with upstream's exact arithmetic order. */
export function setF1(hyp: Set<string>, ref: Set<string>): number {
  let inRef = 0;
  for (const x of hyp) if (ref.has(x)) inRef++;
  let inHyp = 0;
  for (const x of ref) if (hyp.has(x)) inHyp++;
  const precision = hyp.size > 0 ? inRef / hyp.size : 0;
  const recall = ref.size > 0 ? inHyp / ref.size : 0;
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** Every string seen so far, by id (token strings, labels, relation types), and its lowercase. */
const globalIds = new Map<string, number>();
const GLOBAL_LIMIT = 1 << 18;
let lowerOf = new Int32Array(1 << 12).fill(-1);
/** Per-pair dense id + 1 of a global id (0: unseen in this pair); left zeroed between pairs. */
let localOf = new Int32Array(1 << 12);
const seen: number[] = [];
/** Local ids must fit 12 bits so that a 4-part tuple packs into 50 bits of a double. */
const LOCAL_BITS = 12;
const LOCAL_LIMIT = 1 << LOCAL_BITS;

function globalId(s: string): number {
  let g = globalIds.get(s);
  if (g === undefined) {
    globalIds.set(s, (g = globalIds.size));
    if (g >= localOf.length) {
      const grownLocal = new Int32Array(localOf.length * 2);
      grownLocal.set(localOf);
      localOf = grownLocal;
      const grownLower = new Int32Array(lowerOf.length * 2).fill(-1);
      grownLower.set(lowerOf);
      lowerOf = grownLower;
    }
  }
  return g;
}

/** The dense id within this pair of a global id. */
function local(g: number): number {
  let l = localOf[g]!;
  if (l === 0) {
    seen.push(g);
    localOf[g] = l = seen.length;
  }
  return l - 1;
}

function lowerId(s: string): number {
  const g = globalId(s);
  let lg = lowerOf[g]!;
  if (lg < 0) lowerOf[g] = lg = globalId(lower(s));
  return lg;
}

const B = LOCAL_LIMIT;
const pack2 = (kind: number, a: number, b: number): number => (a * B + b) * 4 + kind;
const pack4 = (a: number, b: number, c: number, d: number): number => (((a * B + b) * B + c) * B + d) * 4 + 3;

/** The packed tuples of one annotation at each level, sorted and deduplicated. */
function packedSets(a: RadGraphAnnotation, variant: RadGraphVariant): [number[], number[], number[]] | undefined {
  const ents = entities(a);
  const simple: number[] = [];
  const partial: number[] = [];
  const complete: number[] = [];
  for (let k = 0; k < ents.length; k++) {
    const e = ents[k]!;
    const lowered = variant === 'head' ? lowerId(e.tokens) : -1;
    const tok = local(variant === 'head' ? lowered : globalId(e.tokens));
    const label = local(globalId(e.label));
    const rels = e.relations ?? [];
    const plain = pack2(0, tok, label);
    simple.push(plain);
    partial.push(rels.length > 0 ? pack2(1, tok, label) : plain);
    if (rels.length === 0) complete.push(plain);
    else {
      const low = variant === 'head' ? tok : local(lowerId(e.tokens));
      for (let r = 0; r < rels.length; r++) {
        const rel = rels[r]!;
        const t = a.entities[rel[1]];
        // Upstream raises KeyError on a dangling target; we skip the relation instead.
        if (t === undefined) continue;
        complete.push(pack4(low, label, local(globalId(rel[0])), local(lowerId(t.tokens))));
      }
    }
  }
  if (seen.length > LOCAL_LIMIT) return undefined;
  return [uniqueSorted(simple), uniqueSorted(partial), uniqueSorted(complete)];
}

/** Sorts and deduplicates in place (insertion sort for a report's few tuples): the set. */
function uniqueSorted(a: number[]): number[] {
  if (a.length > 48) a.sort((x, y) => x - y);
  else {
    for (let i = 1; i < a.length; i++) {
      const v = a[i]!;
      let j = i - 1;
      while (j >= 0 && a[j]! > v) {
        a[j + 1] = a[j]!;
        j--;
      }
      a[j + 1] = v;
    }
  }
  let u = 0;
  for (let i = 0; i < a.length; i++) if (i === 0 || a[i] !== a[u - 1]) a[u++] = a[i]!;
  a.length = u;
  return a;
}

/** |a ∩ b| of two sorted sets. */
function intersection(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      n++;
      i++;
      j++;
    }
  }
  return n;
}

/** F1 from the set sizes, in upstream's arithmetic order (as {@link setF1}). */
function f1Of(inter: number, hypSize: number, refSize: number): number {
  const precision = hypSize > 0 ? inter / hypSize : 0;
  const recall = refSize > 0 ? inter / refSize : 0;
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** RadGraph-F1 of one pair at all three levels. */
export function radgraphF1(
  hyp: RadGraphAnnotation,
  ref: RadGraphAnnotation,
  options: RadGraphF1Options = {},
): RadGraphF1Result {
  const variant = options.variant ?? 'head';
  if (variant !== 'head' && variant !== 'pypi') throw new Error(`radgraphF1: unknown variant ${String(variant)}`);
  if (options.hypText === '' || options.refText === '') return { simple: 0, partial: 0, complete: 0 };
  if (entities(hyp).length === 0 || entities(ref).length === 0) return { simple: 0, partial: 0, complete: 0 };
  if (globalIds.size > GLOBAL_LIMIT) {
    globalIds.clear(); // a pathological vocabulary: start over (ids only need to be unique per pair)
    lowerOf.fill(-1);
  }
  let h: ReturnType<typeof packedSets>;
  let r: ReturnType<typeof packedSets>;
  try {
    h = packedSets(hyp, variant);
    r = h && packedSets(ref, variant);
  } finally {
    for (const g of seen) localOf[g] = 0;
    seen.length = 0;
  }
  if (!h || !r) return radgraphF1Strings(hyp, ref, variant); // > 4096 distinct strings in one pair
  return {
    simple: f1Of(intersection(h[0], r[0]), h[0].length, r[0].length),
    partial: f1Of(intersection(h[1], r[1]), h[1].length, r[1].length),
    complete: f1Of(intersection(h[2], r[2]), h[2].length, r[2].length),
  };
}

/** The same scores from string-keyed tuple sets (huge annotations only). */
function radgraphF1Strings(hyp: RadGraphAnnotation, ref: RadGraphAnnotation, variant: RadGraphVariant): RadGraphF1Result {
  const r = {} as RadGraphF1Result;
  for (const level of RADGRAPH_LEVELS) r[level] = setF1(tupleSet(hyp, level, variant), tupleSet(ref, level, variant));
  return r;
}
