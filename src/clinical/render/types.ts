import type { Finding } from '../model.js';

/**
 * A finding to render: the extractor's `Finding` without what only exists once there is text
 * (id, sentence index, character span). `severityText` and `dimensionsMm`, when given, pick the
 * wording ("trace", "2 x 3 cm"); they are never compared in round trips.
 */
export type RenderableFinding = Omit<Finding, 'id' | 'sentence' | 'span'>;

/** Options of `renderReport`. */
export interface RenderOptions {
  /** Chooses phrasings and synonyms; the same seed always gives the same text. Default 0. */
  seed?: number;
  /** `sentences` (default): one sentence per finding; `list`: a numbered impression list. */
  style?: 'sentences' | 'list';
}
