import { mustTie, textOnly } from './_internals/compare.js';
import { wordingEditArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** Case and whitespace noise in the candidate does not change its score. */
export const whitespaceInvariant: Law = {
  id: 'whitespace-invariant',
  description: 'Upper/lower case, doubled spaces, tabs and line breaks in the candidate do not change its score.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () => wordingEditArb('whitespaceCaseNoise', 'noisy'),
  check: (_x, { scores }, m) => mustTie(scores, 'candidate', 'noisy', m),
};
