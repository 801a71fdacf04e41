import { pick } from '../render/_internals/prng.js';
import type { Perturbation } from './types.js';
import { chooseTarget, opRng, replaceAt, without } from './_shared.js';

/** Size changes a radiologist would call different: halved, half again, doubled, tripled. */
const FACTORS = [0.5, 1.5, 2, 3];

/** Changes one stated measurement (a nodule's size, an ETT's distance above the carina). */
export const changeMeasurement: Perturbation = (input) => {
  const rng = opRng(input, 'changeMeasurement');
  const i = chooseTarget(input, rng, (f) => f.status !== 'absent' && f.measurementMm !== undefined);
  if (i === undefined) return undefined;
  const f = input.findings[i]!;
  const from = f.measurementMm!;
  // Whole millimetres, at least 1, and never the same value after rounding.
  let to = Math.max(1, Math.round(from * pick(rng, FACTORS)));
  if (to === from) to = from + 1;
  return replaceAt(input, i, { ...without(f, 'dimensionsMm'), measurementMm: to }, {
    op: 'changeMeasurement',
    finding: f.name,
    attribute: 'measurementMm',
    from,
    to,
    clinical: true,
  });
};
