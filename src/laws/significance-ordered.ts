import fc from 'fast-check';
import { findingArb } from '../clinical/arbitraries.js';
import { getLexicon } from '../clinical/lexicon/load.js';
import { dropFinding } from '../clinical/perturb/index.js';
import { isHardware } from '../clinical/render/applicability.js';
import { renderReport, type RenderableFinding } from '../clinical/render/index.js';
import { mustBeat, textOnly } from './_internals/compare.js';
import { seedArb } from './_internals/reports.js';
import type { Law, LawInstance } from './_internals/types.js';

const names = (keep: (s: string) => boolean): string[] =>
  getLexicon().findings.filter((f) => !isHardware(f) && keep(f.significance)).map((f) => f.name);

/** Stated as present (an absent one cannot be "missed"). */
const stated = (f: RenderableFinding): RenderableFinding => (f.status === 'absent' ? { name: f.name, status: 'present', probability: 3 } : f);

/**
 * A reference stating an urgent finding (pneumothorax, ...) and a benign one (granuloma,
 * atelectasis, ...) among others: the candidate missing the urgent one must score worse than
 * the candidate missing the benign one (CRIMSON's significance weights).
 */
export const significanceOrdered: Law = {
  id: 'significance-ordered',
  description: 'Missing an urgent finding costs more than missing a benign one (significance from the lexicon).',
  inputs: ['text'],
  appliesTo: textOnly,
  defaultNumRuns: 100,
  arbitrary: () => {
    const urgent = names((s) => s === 'urgent');
    const benign = names((s) => s === 'benign_expected' || s === 'not_actionable_not_urgent');
    const others = names((s) => s === 'actionable_not_urgent');
    return fc
      .record({
        urgent: findingArb({ names: urgent }).map(stated),
        benign: findingArb({ names: benign }).map(stated),
        rest: fc.uniqueArray(findingArb({ names: others }), { maxLength: 2, selector: (f) => f.name }),
        urgentFirst: fc.boolean(),
        seed: seedArb,
      })
      .map(({ urgent: u, benign: b, rest, urgentFirst, seed }): LawInstance => {
        const findings = [...(urgentFirst ? [u, b] : [b, u]), ...rest];
        const reference = renderReport(findings, { seed });
        const at = (name: string) => findings.findIndex((f) => f.name === name);
        const missUrgent = dropFinding({ findings, seed, target: at(u.name) })!;
        const missBenign = dropFinding({ findings, seed, target: at(b.name) })!;
        return {
          reference,
          candidates: { missed_benign: missBenign.text, missed_urgent: missUrgent.text },
          probes: [
            { label: 'missed_benign', reference, candidate: missBenign.text },
            { label: 'missed_urgent', reference, candidate: missUrgent.text },
          ],
          edit: [missBenign.edit, missUrgent.edit],
        };
      });
  },
  check: (_x, { scores }, m) => mustBeat(scores, 'missed_benign', 'missed_urgent', m),
};
