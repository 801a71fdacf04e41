import type { Perturbation } from './types.js';
import { chooseTarget, opRng, replaceAt } from './_shared.js';

/**
 * Flips one finding between stated and absent: "small left effusion" -> "no pleural effusion",
 * "no pneumothorax" -> "pneumothorax". The result is bare (just the name), as a negated finding
 * has no size or side worth keeping and an asserted one has none stated yet.
 */
export const negate: Perturbation = (input) => {
  const i = chooseTarget(input, opRng(input, 'negate'), () => true);
  if (i === undefined) return undefined;
  const f = input.findings[i]!;
  const next = f.status === 'absent' ? { name: f.name, status: 'present' as const, probability: 3 as const } : { name: f.name, status: 'absent' as const };
  return replaceAt(input, i, next, {
    op: 'negate',
    finding: f.name,
    attribute: 'status',
    from: f.status,
    to: next.status,
    clinical: true,
  });
};
