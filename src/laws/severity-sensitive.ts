import { mustBeat, textOnly } from './_internals/compare.js';
import { clinicalEditArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** Changing a finding's severity ("small" -> "large") lowers the score. */
export const severitySensitive: Law = {
  id: 'severity-sensitive',
  description: 'Changing the stated severity of one finding (mild, moderate, severe) lowers the score.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () => clinicalEditArb('changeSeverity', 'wrong_severity'),
  check: (_x, { scores }, m) => mustBeat(scores, 'unedited', 'wrong_severity', m),
};
