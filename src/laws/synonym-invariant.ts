import { mustTie, textOnly } from './_internals/compare.js';
import { wordingEditArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** Saying the same findings in other words (synonyms, other templates) does not change the score. */
export const synonymInvariant: Law = {
  id: 'synonym-invariant',
  description: 'The candidate paraphrased (synonyms such as "effusion" for "pleural effusion", other phrasings) scores the same.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () => wordingEditArb('paraphrase', 'paraphrased'),
  check: (_x, { scores }, m) => mustTie(scores, 'candidate', 'paraphrased', m),
};
