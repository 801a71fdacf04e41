import { getLexicon } from '../lexicon/load.js';
import type { RenderableFinding } from '../render/types.js';
import { pick } from '../render/_internals/prng.js';
import type { Perturbation } from './types.js';
import { chooseTarget, opRng, replaceAt, without } from './_shared.js';

/** Size changes a radiologist would call different: halved, half again, doubled, tripled. */
const FACTORS = [0.5, 1.5, 2, 3];

/**
 * The tube's window above the carina when the changed value is that distance. A new distance must
 * stay on the same side of the window, or the edit would also change the tube's placement (an
 * ETT moved from 2 to 1 cm above the carina is malpositioned), which is a second, unstated edit.
 */
function carinaWindow(f: RenderableFinding): { min: number; max: number } | undefined {
  if (f.devicePosition !== 'above carina') return undefined;
  return getLexicon().byName.get(f.name)?.carinaDistanceMm;
}

const inside = (mm: number, w: { min: number; max: number }): boolean => mm >= w.min && mm <= w.max;

/** The new whole-millimetre value: at least 1, never the old one, keeping a tube's placement. */
function nextValue(from: number, factor: number, window: { min: number; max: number } | undefined): number | undefined {
  const scaled = (x: number): number => {
    const to = Math.max(1, Math.round(from * x));
    return to === from ? from + 1 : to;
  };
  if (!window) return scaled(factor);
  const keeps = (to: number): boolean => inside(to, window) === inside(from, window);
  // Try the drawn factor first, then the others in order; none keeps it (a tube already at the
  // window's edge) -> the operator does not apply to this finding.
  return [factor, ...FACTORS.filter((x) => x !== factor)].map(scaled).find(keeps);
}

/** Changes one stated measurement (a nodule's size, an ETT's distance above the carina). */
export const changeMeasurement: Perturbation = (input) => {
  const rng = opRng(input, 'changeMeasurement');
  const i = chooseTarget(input, rng, (f) => f.status !== 'absent' && f.measurementMm !== undefined);
  if (i === undefined) return undefined;
  const f = input.findings[i]!;
  const from = f.measurementMm!;
  const to = nextValue(from, pick(rng, FACTORS), carinaWindow(f));
  if (to === undefined) return undefined;
  return replaceAt(input, i, { ...without(f, 'dimensionsMm'), measurementMm: to }, {
    op: 'changeMeasurement',
    finding: f.name,
    attribute: 'measurementMm',
    from,
    to,
    clinical: true,
  });
};
