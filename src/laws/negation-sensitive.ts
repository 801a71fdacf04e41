import { mustBeat, textOnly } from './_internals/compare.js';
import { clinicalEditArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** Negating a finding ("small left effusion" -> "no pleural effusion", or back) lowers the score. */
export const negationSensitive: Law = {
  id: 'negation-sensitive',
  description: 'Negating one finding of a candidate that otherwise matches the reference (in any wording) lowers its score.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () => clinicalEditArb('negate', 'negated'),
  check: (_x, { scores }, m) => mustBeat(scores, 'unedited', 'negated', m),
};
