import { mustTie, textOnly } from './_internals/compare.js';
import { wordingEditArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** The same sentences in another order score the same: a report's findings are a set. */
export const sentenceOrderInvariant: Law = {
  id: 'sentence-order-invariant',
  description: "Reordering the candidate's sentences (one finding each) does not change its score.",
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () => wordingEditArb('reorderSentences', 'reordered', 2),
  check: (_x, { scores }, m) => mustTie(scores, 'candidate', 'reordered', m),
};
