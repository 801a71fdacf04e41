/**
 * "Interval placement of a LEFT chest tube with near complete resolution of the pneumothorax": a
 * pleural collection or air named without a side, in the sentence of the one drain that treats
 * it, is on the drain's side (a drain goes into the pleural space it drains).
 */
import type { Grammar } from './_internals/grammar.js';
import type { Mention } from './_internals/types.js';

const DRAINS = new Set(['chest tube']);
const DRAINED = new Set(['pneumothorax', 'hydropneumothorax', 'pleural effusion', 'hemothorax', 'empyema']);

/** Gives each unsided pleural finding of a sentence the side of the sentence's one sided drain. */
export function sideFromDrain(mentions: readonly Mention[], g: Grammar): void {
  let side: Mention['lats'][number] | undefined;
  let drains = 0;
  for (const m of mentions) {
    if (!DRAINS.has(m.name) || m.status === 'absent') continue;
    drains++;
    side = m.lats.length === 1 && m.lats[0] !== 'bilateral' ? m.lats[0] : undefined;
  }
  if (drains !== 1 || !side) return;
  for (const m of mentions) if (DRAINED.has(m.name) && m.status !== 'absent' && m.lats.length === 0 && g.info.get(m.name)?.lateralized) m.lats = [side];
}
