/**
 * Sides read from the lung a sentence names ("the RIGHT lung ... small apical pneumothorax"), and
 * the findings whose side is a direction rather than a side of disease (CONVENTIONS §17, §25).
 */
import type { Grammar } from './grammar.js';
import { F, type Item, type Mention } from './types.js';

/** Findings whose side is a direction ("shift to the left"), not the side of the disease that causes it. */
export const DIRECTIONAL = new Set(['mediastinal shift', 'tracheal deviation']);

/**
 * "Re-expansion of the RIGHT lung with a small residual apical pneumothorax", "Right lung is clear aside from mild basilar
 * atelectasis": findings after a lung named with its side, up to the next side word, are in that lung.
 */
export function sideOfTheLung(items: readonly Item[], mentions: readonly Mention[], g: Grammar): void {
  let k = 0;
  while (k + 1 < items.length && !(items[k]!.flags & F.LAT && items[k]!.lat !== 'bilateral' && items[k + 1]!.subj === 'lungs' && /^lungs?$/.test(items[k + 1]!.text))) k++;
  if (k + 1 >= items.length) return;
  let end = k + 2;
  while (end < items.length && !(items[end]!.flags & F.LAT)) end++;
  const side = items[k]!.lat!;
  for (const m of mentions) {
    // a shift named after the lung is a direction, not a side of that lung ("right lung hyperinflation with mediastinal shift")
    if (m.a <= k + 1 || m.a >= end || m.lats.length || m.kind === 'normal' || DIRECTIONAL.has(m.name)) continue;
    const info = g.info.get(m.name)!;
    if (info.lateralized && !info.device) m.lats.push(side);
  }
}
