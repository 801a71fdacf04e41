import { mustBeat, textOnly } from './_internals/compare.js';
import { clinicalEditArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** Moving a finding to the other side (the classic wrong-side error) lowers the score. */
export const lateralitySensitive: Law = {
  id: 'laterality-sensitive',
  description: 'Swapping left and right for one finding of a candidate that otherwise matches the reference lowers its score.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () => clinicalEditArb('swapSide', 'wrong_side'),
  check: (_x, { scores }, m) => mustBeat(scores, 'unedited', 'wrong_side', m),
};
