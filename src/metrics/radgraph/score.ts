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
  const r = {} as RadGraphF1Result;
  for (const level of RADGRAPH_LEVELS) {
    r[level] = setF1(tupleSet(hyp, level, variant), tupleSet(ref, level, variant));
  }
  return r;
}
