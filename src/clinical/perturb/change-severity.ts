import type { Severity } from '../model.js';
import { pick } from '../render/_internals/prng.js';
import type { Perturbation } from './types.js';
import { chooseTarget, opRng, replaceAt, without } from './_shared.js';

const SEVERITIES: readonly Severity[] = ['mild', 'moderate', 'severe'];

/** Changes the stated severity of one finding to another grade ("small" -> "large"). */
export const changeSeverity: Perturbation = (input) => {
  const rng = opRng(input, 'changeSeverity');
  const i = chooseTarget(input, rng, (f) => f.status !== 'absent' && f.severity !== undefined);
  if (i === undefined) return undefined;
  const f = input.findings[i]!;
  const to = pick(rng, SEVERITIES.filter((s) => s !== f.severity));
  // The old severity word would contradict the new grade.
  return replaceAt(input, i, { ...without(f, 'severityText'), severity: to }, {
    op: 'changeSeverity',
    finding: f.name,
    attribute: 'severity',
    from: f.severity!,
    to,
    clinical: true,
  });
};
