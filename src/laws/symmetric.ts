import { fmt, textOnly } from './_internals/compare.js';
import { pairArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** For metrics declaring `symmetric: true`: score(a, b) equals score(b, a). */
export const symmetric: Law = {
  id: 'symmetric',
  description: 'Swapping reference and candidate leaves the score unchanged (checked only where the metric declares symmetric).',
  inputs: ['text'],
  appliesTo: (m) => textOnly(m) ?? (m.symmetric === true ? undefined : `${m.id} does not declare itself symmetric`),
  defaultNumRuns: 100,
  arbitrary: () =>
    pairArb().map(({ reference, candidate, edit }) => ({
      reference: reference.text,
      candidates: { candidate },
      probes: [
        { label: 'candidate', reference: reference.text, candidate },
        { label: 'swapped', reference: candidate, candidate: reference.text },
      ],
      ...(edit ? { edit } : {}),
    })),
  check(_x, { scores }, m) {
    const a = scores.candidate!;
    const b = scores.swapped!;
    return Math.abs(a - b) <= m.tieTolerance ? undefined : `score(reference, candidate) ${fmt(a)} but score(candidate, reference) ${fmt(b)} (tolerance ${m.tieTolerance})`;
  },
};
