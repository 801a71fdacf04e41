/**
 * Templated reports write a finding as "label: value" ("Effusion: small, left.", "Pneumothorax:
 * none."). When all that follows the colon in its sentence describes the label (size, side,
 * place, change, a negation or a hedge), the colon joins them like a comma, so the attributes
 * reach the finding (a colon is otherwise a clause break, CONVENTIONS §19-21).
 */
import { F, type Item } from './types.js';

const DESCRIBES = F.SEV | F.LAT | F.LOC | F.TEMP | F.MEAS | F.NEGPRE | F.NEGPOST | F.HEDGEPRE | F.HEDGEPOST | F.CONJ | F.POS | F.PLACE | F.FILLER;

function onlyDescribes(items: readonly Item[], from: number): boolean {
  let any = false;
  for (let j = from; j < items.length; j++) {
    const it = items[j]!;
    if (it.flags & F.CLAUSE) break; // "Effusion: small left; pneumothorax: none."
    if (it.flags & (F.FINDING | F.NPRED | F.DROPPRE | F.DROPPOST)) return false;
    if (it.flags === 0) continue; // punctuation
    // "small" is also a predicate of lung volumes, "lower lobe" a statement subject: still a size, a place
    if (!(it.flags & DESCRIBES)) return false;
    any = true;
  }
  return any;
}

/** Turns the colon of each "finding: its attributes" into a plain joint (items changed in place). */
export function joinLabelValue(items: Item[]): void {
  for (let k = 1; k + 1 < items.length; k++) {
    const it = items[k]!;
    if (it.text !== ':' || !(items[k - 1]!.flags & F.FINDING) || !onlyDescribes(items, k + 1)) continue;
    it.flags = F.CONJ;
  }
}
