/**
 * The `lexicon` entity extractor: RadGraph-XL-style annotations from word lists and rules
 * (lexicon/): every clinical statement of the findings and impression, normal ones included,
 * one entity per word as the RadGraph schema marks them (Jain et al. 2021; RadGraph-XL 2024):
 * anatomy (`Anatomy::definitely present`: `heart`, `left`, `lower`, `lobe`, `pleural`) and
 * observations with their certainty (`Observation::definitely present` / `uncertain` /
 * `definitely absent`): findings, devices, descriptors (`small`, `patchy`), change words
 * (`stable`, `increased`), normal statements (`clear`, `normal`), measurements (`2 cm`).
 * Relations: `modify` (descriptor -> observation, side/level -> anatomy), `located_at`
 * (observation -> anatomy), `suggestive_of` (sign -> interpretation). The finding and cue
 * vocabularies come from the clinical lexicon. Offline and deterministic; an APPROXIMATION of
 * the RadGraph-XL model, not a substitute for it.
 */
import { splitWords } from '../words.js';
import { annotateDrafts } from './lexicon/annotate.js';
import type { EntityExtractor, RadGraphAnnotation, RadGraphEntity } from './types.js';

/** Annotates one report. */
export function annotateWithLexicon(text: string): RadGraphAnnotation {
  if (typeof text !== 'string' || text.length === 0) return { text: text ?? '', entities: {} };
  const words = splitWords(text);
  const drafts = annotateDrafts(text, words);
  // Ids in order of position.
  const order = drafts.map((_, i) => i).sort((x, y) => drafts[x]!.start - drafts[y]!.start || drafts[x]!.end - drafts[y]!.end);
  const idOf = new Map(order.map((d, k) => [d, String(k + 1)]));
  const entities: Record<string, RadGraphEntity> = {};
  for (const d of order) {
    const dr = drafts[d]!;
    entities[idOf.get(d)!] = {
      tokens: words.slice(dr.start, dr.end + 1).map((w) => w.text).join(' '),
      label: dr.label,
      start_ix: dr.start,
      end_ix: dr.end,
      relations: dr.relations.map(([t, x]) => [t, idOf.get(x)!]),
    };
  }
  return { text, entities };
}

/** The offline lexicon extractor (an approximation of RadGraph-XL). */
export const lexiconExtractor: EntityExtractor = {
  id: 'lexicon',
  async extract(texts: string[], signal?: AbortSignal): Promise<RadGraphAnnotation[]> {
    const out: RadGraphAnnotation[] = [];
    for (const t of texts) {
      signal?.throwIfAborted();
      out.push(annotateWithLexicon(t));
    }
    return out;
  },
};
