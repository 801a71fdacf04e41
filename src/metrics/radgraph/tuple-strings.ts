/**
 * RadGraph-F1's tuple sets with string keys, the obvious reading of METRICS §2.2: the path for
 * annotations too large for the packed integer tuples of score.ts (more than 4,096 distinct
 * strings in a pair), and `setF1` for callers that build their own sets.
 */
import type { RadGraphAnnotation, RadGraphEntity } from './extractors/types.js';

export type RadGraphVariant = 'head' | 'pypi';
export type RadGraphLevel = 'simple' | 'partial' | 'complete';

export const RADGRAPH_LEVELS: readonly RadGraphLevel[] = ['simple', 'partial', 'complete'];

/** Python's str.lower() for the strings that occur here (full Unicode lowercasing). */
export function lower(s: string): string {
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

/** The same scores from string-keyed tuple sets (huge annotations only). */
export function radgraphF1Strings(hyp: RadGraphAnnotation, ref: RadGraphAnnotation, variant: RadGraphVariant): Record<RadGraphLevel, number> {
  const r = {} as Record<RadGraphLevel, number>;
  for (const level of RADGRAPH_LEVELS) r[level] = setF1(tupleSet(hyp, level, variant), tupleSet(ref, level, variant));
  return r;
}
