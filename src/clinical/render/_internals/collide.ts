/**
 * Guards against words that merge across the parts of a noun phrase. The extractor reads the
 * longest lexicon phrase at each point, so "increased" before "interstitial markings" becomes
 * the term "increased interstitial markings" (no temporal cue), and "right" before "pulmonary
 * artery catheter" becomes the tip position "right pulmonary artery". A phrase is rejected when
 * some lexicon phrase starts in one part and ends in another.
 */
import type { Lexicon } from '../../lexicon/types.js';

interface PhraseIndex {
  phrases: Set<string>;
  longest: number;
}

const cache = new WeakMap<Lexicon, PhraseIndex>();

/** The extractor normalises hyphens to spaces and case to lower; so do we. */
function norm(s: string): string {
  return s.toLowerCase().replace(/-/g, ' ').replace(/\s+/g, ' ').trim();
}

function index(lex: Lexicon): PhraseIndex {
  const hit = cache.get(lex);
  if (hit) return hit;
  const all = [
    ...lex.findings.flatMap((f) => f.terms),
    ...[...lex.devicePositions.values()].flat(),
    ...[...lex.locations.values()].flat(),
    ...lex.severity.keys(),
    ...lex.temporal.keys(),
    ...lex.certainty.keys(),
    ...lex.abbreviations.keys(),
    ...lex.negation.pre,
    ...lex.negation.post,
    ...lex.negation.pseudo,
  ].map(norm);
  const out = { phrases: new Set(all), longest: Math.max(...all.map((p) => p.split(' ').length)) };
  cache.set(lex, out);
  return out;
}

/** Whether a lexicon phrase spans two of the given consecutive parts. */
export function partsMerge(parts: readonly string[], lex: Lexicon): boolean {
  const { phrases, longest } = index(lex);
  const words: string[] = [];
  const part: number[] = [];
  parts.forEach((p, i) => {
    for (const w of norm(p).split(' ')) {
      if (!w) continue;
      words.push(w);
      part.push(i);
    }
  });
  for (let s = 0; s < words.length; s++) {
    for (let e = s + 2; e <= Math.min(words.length, s + longest); e++) {
      if (part[s] !== part[e - 1] && phrases.has(words.slice(s, e).join(' '))) return true;
    }
  }
  return false;
}
