import fc from 'fast-check';
import { findingArb } from '../clinical/arbitraries.js';
import { getLexicon } from '../clinical/lexicon/load.js';
import { isHardware } from '../clinical/render/applicability.js';
import { renderReport } from '../clinical/render/index.js';
import { mustTie, textOnly } from './_internals/compare.js';
import { seedArb } from './_internals/reports.js';
import type { Law, LawInstance } from './_internals/types.js';

/** A normal report: nothing stated as present, a few pertinent negatives or none ("No acute cardiopulmonary process."). */
function normalArb(): fc.Arbitrary<{ text: string; negatives: string[] }> {
  const names = getLexicon().findings.filter((f) => !isHardware(f)).map((f) => f.name);
  return fc
    .record({ negatives: fc.uniqueArray(fc.constantFrom(...names), { maxLength: 3 }), seed: seedArb })
    .map(({ negatives, seed }) => ({ negatives, text: renderReport(negatives.map((name) => ({ name, status: 'absent' as const })), { seed }) }));
}

/**
 * Equivalent normal reports score alike: against a normal reference, another normal report (other
 * pertinent negatives, other words) scores like the reference itself.
 */
export const normalEquivalence: Law = {
  id: 'normal-equivalence',
  description: 'A normal candidate (other pertinent negatives, other words) scores against a normal reference like the reference itself.',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () =>
    fc
      .record({ reference: normalArb(), candidate: normalArb() })
      .filter(({ reference, candidate }) => reference.text !== candidate.text)
      .map(({ reference, candidate }): LawInstance => ({
        reference: reference.text,
        candidates: { identical: reference.text, other_normal: candidate.text },
        probes: [
          { label: 'identical', reference: reference.text, candidate: reference.text },
          { label: 'other_normal', reference: reference.text, candidate: candidate.text },
        ],
      })),
  check: (_x, { scores }, m) => mustTie(scores, 'identical', 'other_normal', m),
};
