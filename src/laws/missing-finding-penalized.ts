import { mustBeat, textOnly } from './_internals/compare.js';
import { clinicalEditArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** A candidate that leaves out a stated (present or possible) finding of the reference scores worse. */
export const missingFindingPenalized: Law = {
  id: 'missing-finding-penalized',
  description: 'Leaving out a finding the reference states as present or possible (an omission) lowers the score.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  // Only stated findings: omitting "no pneumothorax" is a much smaller matter, not this law.
  arbitrary: () => clinicalEditArb('dropFinding', 'with_omission', { eligible: (f) => f.status !== 'absent' }),
  check: (_x, { scores }, m) => mustBeat(scores, 'unedited', 'with_omission', m),
};
