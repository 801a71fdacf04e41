import { fmt, textOnly } from './_internals/compare.js';
import { pairArb } from './_internals/reports.js';
import type { Law } from './_internals/types.js';

/** A metric declared deterministic gives the same score when asked again (uncached). */
export const deterministic: Law = {
  id: 'deterministic',
  description: 'Scoring the same pair again (bypassing the cache) gives the same score, within the tie tolerance.',
  inputs: ['text'],
  appliesTo: (m) => textOnly(m) ?? (m.deterministic ? undefined : `${m.id} does not declare itself deterministic`),
  defaultNumRuns: 50,
  arbitrary: () =>
    pairArb().map(({ reference, candidate, edit }) => ({
      reference: reference.text,
      candidates: { candidate },
      probes: [
        { label: 'first', reference: reference.text, candidate },
        { label: 'again', reference: reference.text, candidate, repeat: true },
      ],
      ...(edit ? { edit } : {}),
    })),
  check(_x, { scores }, m) {
    const a = scores.first!;
    const b = scores.again!;
    return Math.abs(a - b) <= m.tieTolerance ? undefined : `scored ${fmt(a)}, then ${fmt(b)} (tolerance ${m.tieTolerance})`;
  },
};
