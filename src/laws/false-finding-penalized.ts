import { mustBeat, textOnly } from './_internals/compare.js';
import { clinicalEditArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** A candidate that adds a finding the reference does not state (a hallucination) scores worse. */
export const falseFindingPenalized: Law = {
  id: 'false-finding-penalized',
  description: 'Adding a finding the reference does not state (a hallucination) lowers the score.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () => clinicalEditArb('addFinding', 'with_false_finding'),
  check: (_x, { scores }, m) => mustBeat(scores, 'unedited', 'with_false_finding', m),
};
