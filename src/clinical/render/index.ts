/**
 * Findings -> chest X-ray report text. The inverse of the extractor: for any findings the
 * arbitraries generate, `extractFindings(renderReport(fs))` gives the same findings back
 * (compare with `comparableFinding`). Phrasing varies with the seed, never the meaning.
 */
import { getLexicon } from '../lexicon/load.js';
import { pick, rngFor } from './_internals/prng.js';
import { EMPTY_REPORT } from './_internals/words.js';
import { renderSentence } from './sentence.js';
import type { RenderableFinding, RenderOptions } from './types.js';

export type { RenderableFinding, RenderOptions } from './types.js';
export { comparableFinding, comparableFindings } from './compare.js';

/**
 * One sentence per finding, in order. Each sentence's wording depends only on the seed and the
 * finding's name (and its rank among same-named findings), so editing, adding or dropping one
 * finding leaves the other sentences word for word as they were: perturbations stay local.
 */
export function renderSentences(findings: readonly RenderableFinding[], options: RenderOptions = {}): string[] {
  const seed = options.seed ?? 0;
  const lexicon = getLexicon();
  if (findings.length === 0) return [pick(rngFor(seed, '(empty)'), EMPTY_REPORT)];
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const rank = seen.get(f.name) ?? 0;
    seen.set(f.name, rank + 1);
    return renderSentence(f, lexicon, rngFor(seed, `${f.name}#${rank}`));
  });
}

/** Joins sentences as prose, or as a numbered impression list (one item per line). */
export function joinSentences(sentences: readonly string[], style: RenderOptions['style'] = 'sentences'): string {
  return style === 'list' ? sentences.map((s, i) => `${i + 1}. ${s}`).join('\n') : sentences.join(' ');
}

/**
 * Renders findings as a report: one sentence per finding (default) or a numbered list.
 * An empty list renders a global normal statement ("No acute cardiopulmonary process.") that
 * the extractor reads as no findings.
 * @throws when a finding's name is not in the lexicon.
 */
export function renderReport(findings: readonly RenderableFinding[], options: RenderOptions = {}): string {
  return joinSentences(renderSentences(findings, options), options.style);
}
