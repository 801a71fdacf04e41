/**
 * Sides read from the lung a sentence names ("the RIGHT lung ... small apical pneumothorax"), the
 * findings whose side is a direction rather than a side of disease (CONVENTIONS §17, §25), and a
 * finding of both sides graded per side ("effusions, moderate on the R and small on the L").
 */
import type { Grammar } from './grammar.js';
import { F, type Item, type Mention } from './types.js';
import { REACH } from './walk.js';

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

/**
 * "Improved aeration of the RIGHT LUNG BASE WITH residual atelectasis", "re-expansion of the left lower lobe with a small
 * residual pneumothorax": a sided place that no finding holds, described `with` findings, is where they lie. The findings
 * after `with` that have no side take the place's, up to the clause end or the next side word.
 */
export function sideOfThePlace(items: readonly Item[], mentions: readonly Mention[], g: Grammar): void {
  for (let k = 0; k + 2 < items.length; k++) {
    const side = oneSide(items[k]);
    const place = items[k + 1]!;
    if (!side || !(place.flags & (F.LOC | F.SUBJ)) || place.flags & (F.FINDING | F.LAT) || items[k + 2]!.text !== 'with') continue;
    // the place must be a finding's own ("consolidation in the right lower lobe with air bronchograms" keeps it too, but
    // through the attributes): only a place no mention ends just before in its phrase
    let end = k + 3;
    while (end < items.length && !(items[end]!.flags & (F.CLAUSE | F.LAT)) && items[end]!.text !== ';') end++;
    for (const m of mentions) {
      if (m.a <= k + 2 || m.a >= end || m.lats.length || m.kind === 'normal' || DIRECTIONAL.has(m.name)) continue;
      const info = g.info.get(m.name)!;
      if (info.lateralized && !info.device) m.lats.push(side);
    }
    k = end - 1;
  }
}

/** Words that may stand between a grade and the side it is said of ("moderate ON THE right", "small AT THE left base"). */
const TO_SIDE = new Set(['on', 'at', 'in', 'the', 'of']);

interface SideGrade {
  side: 'left' | 'right';
  sev: Item;
}

/** The single side an item names (`left`, `right`), or undefined (no side, or both). */
function oneSide(it: Item | undefined): 'left' | 'right' | undefined {
  return it && it.flags & F.LAT && (it.lat === 'left' || it.lat === 'right') ? it.lat : undefined;
}

/**
 * The grade-and-side pairs of items [from, to): a grade before its side ("moderate on the R", "small left") or, for a
 * grade with no side after it, a side just before it ("R small"). Each item is read once.
 */
function sideGrades(items: readonly Item[], from: number, to: number): SideGrade[] {
  const out: SideGrade[] = [];
  let used = -1; // the last side item taken
  for (let j = from; j < to; j++) {
    const it = items[j]!;
    if (!(it.flags & F.SEV) || it.flags & F.FINDING) continue;
    let k = j + 1;
    while (k < to && k <= j + 3 && TO_SIDE.has(items[k]!.text)) k++;
    let side = k < to ? oneSide(items[k]) : undefined;
    if (side) used = k;
    else if (j - 1 > used && j - 1 >= from) [side, used] = [oneSide(items[j - 1]), j - 1];
    if (side) out.push({ side, sev: it });
  }
  return out;
}

/** Items that end the stretch of a finding's own description (another finding, a clause break, a status cue). */
const ENDS = F.FINDING | F.CLAUSE | F.TERM | F.NEGPRE | F.NEGPOST | F.HEDGEPRE | F.HEDGEPOST | F.DROPPRE | F.DROPPOST;

/**
 * The grades by side said of mention m: after it, up to the next finding or clause break ("bilateral effusions, moderate
 * on the R and small on the L", "effusions: moderate R, small L"), or before it in its noun phrase ("moderate right and
 * small left pleural effusions").
 */
function gradesOf(items: readonly Item[], m: Mention): SideGrade[] {
  let end = m.b + 1;
  while (end < items.length && end <= m.b + 2 * REACH && !(items[end]!.flags & ENDS) && items[end]!.text !== ';' && items[end]!.text !== '.') end++;
  const afterIt = sideGrades(items, m.b + 1, end);
  if (afterIt.length) return afterIt;
  let start = m.a;
  while (start > 0 && start > m.a - REACH && !(items[start - 1]!.flags & ENDS) && items[start - 1]!.text !== ',' && items[start - 1]!.text !== ';') start--;
  return sideGrades(items, start, m.a);
}

/**
 * "Bilateral pleural effusions, moderate on the R and small on the L", "small right and trace left pneumothoraces": a
 * finding of both sides given a grade per side is one finding per side, each with its own grade (the labels of every
 * set list them so; METRICS §1.5 weighs each side's size). The mention keeps the first side; a copy per other side is
 * added to `mentions`. Only when the grades name both sides and the mention already holds both (CONVENTIONS §17).
 */
export function gradesBySide(items: readonly Item[], mentions: Mention[], g: Grammar): void {
  const n = mentions.length;
  for (let i = 0; i < n; i++) {
    const m = mentions[i]!;
    if (m.kind === 'normal' || m.status === 'absent' || m.dropped || m.absorbed) continue;
    const bothSides = m.lats.includes('bilateral') || (m.lats.includes('left') && m.lats.includes('right'));
    const info = g.info.get(m.name)!;
    if (!bothSides || !info.graded || !info.lateralized || info.device) continue;
    const grades = gradesOf(items, m);
    if (!grades.some((x) => x.side === 'left') || !grades.some((x) => x.side === 'right')) continue;
    const bySide = new Map<'left' | 'right', Item>();
    for (const x of grades) if (!bySide.has(x.side)) bySide.set(x.side, x.sev);
    let first = true;
    for (const [side, sev] of bySide) {
      const target = first ? m : { ...m, lats: [], locs: [...m.locs] };
      [target.lats, target.sev, target.sevText] = [[side], sev.sev, sev.first];
      if (!first) mentions.push(target);
      first = false;
    }
  }
}
