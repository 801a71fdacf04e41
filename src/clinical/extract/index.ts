/**
 * The clinical core's finding extractor: chest X-ray report text -> findings with status,
 * probability and attributes, following src/clinical/CONVENTIONS.md.
 *
 * Per sentence: items (longest lexicon phrase per token, measurements) -> mentions (terms and
 * subject-predicate statements) -> status (negation/hedge scopes) -> attributes -> side and
 * location inherited by interpretations -> one finding per (sentence, name, laterality).
 */
import type { Finding } from '../model.js';
import { attachAttributes, propagate } from './attributes.js';
import { adviseMove, mayAdviseMove } from './advice.js';
import { applyComparatives } from './comparatives.js';
import { sideFromDrain } from './drained.js';
import { heartRatioFinding } from './heart-ratio.js';
import { suspectedTension } from './tension.js';
import { deniedNames, dropCaveats, reserveForFilm, reviveDescribed } from './_internals/caveats.js';
import { finalizeIds, toFindings } from './_internals/finalize.js';
import { dropNonFindings } from './_internals/nonfinding.js';
import { readConsidered, statedNames } from './_internals/considered.js';
import { getGrammar } from './_internals/grammar.js';
import { DIRECTIONAL, gradesBySide, sideOfThePlace } from './_internals/lung-side.js';
import { buildItems } from './_internals/items.js';
import { bothMoved, sideAgainstLesion } from './_internals/shift.js';
import { findMentions, shareElidedPlace } from './mentions.js';
import { assignStatus } from './scopes.js';
import type { Mention } from './_internals/types.js';
import { cleanText, splitSentences } from './sentences.js';

export { splitSentences, cleanText, type Sentence } from './sentences.js';

const NO_NAMES: ReadonlySet<string> = new Set();

/** Options of the sentence-level extractor. */
export interface SentenceExtractOptions {
  /**
   * Keep a sign that was read as evidence of its interpretation as a finding of its own
   * ("opacity, likely atelectasis" -> lung opacity and atelectasis). Token-level annotators
   * (radgraph-f1:lexicon) need both; the judge's view (CONVENTIONS §4) has one.
   */
  keepSigns?: boolean;
}

/**
 * Extracts the findings of a chest X-ray report. Total: any string (empty, huge, HTML,
 * non-ASCII, digits only) gives an array, possibly empty; a non-string gives [].
 */
export function extractFindings(text: string, options: SentenceExtractOptions = {}): Finding[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const g = getGrammar();
  const clean = cleanText(text);
  const out: Finding[] = [];
  // the last finding with a side in the sentence before: what an "underlying" or "superimposed" finding lies under
  let prior: Mention | undefined;
  // what the sentence before denied: a caveat right after a denial ("... cannot be entirely excluded") takes nothing back
  let denied: ReadonlySet<string> = NO_NAMES;
  // what the sentence before stated: the signs "X should be considered" may put a reading forward for
  let stated: ReadonlySet<string> = NO_NAMES;
  for (const sentence of splitSentences(clean)) {
    const move = mayAdviseMove(clean, sentence.start, sentence.end);
    if (sentence.skip && !move) continue;
    const items = buildItems(clean, sentence.start, sentence.end, g);
    const mentions = findMentions(items, g);
    // an advice line in a section of its own ("Recommendation: withdraw the ETT by 2 cm") or naming no device ("advance the
    // tube") states no finding, but moves a device named before
    if (move && (sentence.skip || mentions.length === 0)) adviseMove(items, mentions, out, out.length, g);
    if (sentence.skip) continue;
    const ratio = heartRatioFinding(clean, sentence.start, sentence.end, sentence.index);
    if (mentions.length === 0) {
      denied = stated = NO_NAMES;
      if (ratio) out.push(ratio);
      continue;
    }
    const scopes = assignStatus(items, mentions, clean);
    applyComparatives(items, mentions);
    dropNonFindings(items, mentions, g);
    readConsidered(mentions, stated, g);
    dropCaveats(items, mentions, denied);
    reserveForFilm(items, mentions);
    reviveDescribed(items, mentions);
    denied = deniedNames(items, mentions);
    stated = statedNames(mentions);
    attachAttributes(items, mentions, g);
    shareElidedPlace(items, mentions);
    sideOfThePlace(items, mentions, g);
    sideAgainstLesion(items, mentions, prior);
    propagate(items, mentions, scopes, g, clean, prior);
    bothMoved(items, mentions);
    gradesBySide(items, mentions, g);
    // a shift's side is a direction, not where anything lies
    prior = mentions.findLast((m) => m.lats.length > 0 && m.status !== 'absent' && !m.dropped && m.kind !== 'normal' && !g.info.get(m.name)!.device && !DIRECTIONAL.has(m.name));
    sideFromDrain(mentions, g);
    const before = out.length;
    toFindings(mentions, sentence.index, g, options.keepSigns === true, out);
    if (!options.keepSigns) suspectedTension(out, before);
    if (move) adviseMove(items, mentions, out, before, g);
    if (ratio && !out.slice(before).some((f) => f.name === 'cardiomegaly')) out.push(ratio);
  }
  return finalizeIds(out);
}
