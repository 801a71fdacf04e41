import { advantage, fmt, rules, textOnly } from './_internals/compare.js';
import { pairArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** score(r, r) is at least as good as score(r, c) for any candidate c. */
export const identityMax: Law = {
  id: 'identity-max',
  description: 'The reference scored against itself is at least as good as any candidate against it.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () =>
    pairArb().map(({ reference, candidate, edit }) => ({
      reference: reference.text,
      candidates: { identical: reference.text, candidate },
      probes: [
        { label: 'identical', reference: reference.text, candidate: reference.text },
        { label: 'candidate', reference: reference.text, candidate },
      ],
      ...(edit ? { edit } : {}),
    })),
  check(_x, { scores }, m) {
    const self = scores.identical!;
    const other = scores.candidate!;
    return advantage(other, self, m) > m.tieTolerance ? `candidate ${fmt(other)} beats the identical report ${fmt(self)} ${rules(m)}` : undefined;
  },
};
