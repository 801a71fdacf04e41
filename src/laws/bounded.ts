import { fmt } from './_internals/compare.js';
import { pairArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';
import { textOnly } from './_internals/compare.js';

/** Every score is a finite number inside the declared range (an error outcome fails the law). */
export const bounded: Law = {
  id: 'bounded',
  description: 'Every score is a finite number inside the range the metric declares.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  errorsAreFailures: true,
  arbitrary: () =>
    pairArb().map(({ reference, candidate, edit }) => ({
      reference: reference.text,
      candidates: { candidate },
      probes: [{ label: 'candidate', reference: reference.text, candidate }],
      ...(edit ? { edit } : {}),
    })),
  check(_x, { scores, errors }, m) {
    if (errors.candidate !== undefined) return `the metric gave no usable score: ${errors.candidate}`;
    const v = scores.candidate!;
    const [lo, hi] = m.range;
    return Number.isFinite(v) && v >= lo && v <= hi ? undefined : `score ${fmt(v)} is outside [${lo}, ${hi}]`;
  },
};
