import type { Laterality } from '../model.js';
import { LOCATION_SIDES } from '../render/applicability.js';
import type { RenderableFinding } from '../render/types.js';
import type { Perturbation } from './types.js';
import { chooseTarget, opRng, replaceAt } from './_shared.js';

const other = (side: Laterality): Laterality => (side === 'left' ? 'right' : 'left');

/**
 * Whether the finding has one side and its site exists on the other side too: the middle lobe
 * is only right, the lingula and the retrocardiac region only left, so swapping would invent
 * anatomy (and the renderer could not write it).
 */
function swappable(f: RenderableFinding): boolean {
  if (f.status === 'absent' || (f.laterality !== 'left' && f.laterality !== 'right')) return false;
  const to = other(f.laterality);
  return (f.location ?? []).every((l) => (LOCATION_SIDES[l] ?? []).includes(to));
}

/** Moves one left or right finding to the other side (the classic laterality error). */
export const swapSide: Perturbation = (input) => {
  const i = chooseTarget(input, opRng(input, 'swapSide'), swappable);
  if (i === undefined) return undefined;
  const f = input.findings[i]!;
  const to = other(f.laterality!);
  return replaceAt(input, i, { ...f, laterality: to }, {
    op: 'swapSide',
    finding: f.name,
    attribute: 'laterality',
    from: f.laterality!,
    to,
    clinical: true,
  });
};
