/**
 * Device tips as the lexicon judge compares them (METRICS §1.5: a malpositioned device is urgent;
 * the tip is a location). The tip a report names is the fact; whether it is "satisfactory" is the
 * reading of that fact, which the two reports may word differently ("tip in the left brachiocephalic
 * vein" / "short line, tip in the left brachiocephalic vein").
 */
import { getLexicon } from '../../../clinical/lexicon/load.js';
import type { Finding } from '../../../clinical/model.js';
import type { Grade } from './grading.js';

/** Tips that name a part of another tip's structure: the airway holds the trachea and both main bronchi. */
const WITHIN: Readonly<Record<string, readonly string[]>> = {
  airway: ['trachea', 'above carina', 'at carina', 'right mainstem bronchus', 'left mainstem bronchus'],
};

const contains = (a: string, b: string): boolean => !!WITHIN[a]?.includes(b) || !!WITHIN[b]?.includes(a);

/** Whether the lexicon lists `position` among the places the device belongs (undefined when it lists none). */
function belongs(name: string, position: string): boolean | undefined {
  const ok = getLexicon().byName.get(name)?.appropriatePositions;
  return ok?.length ? ok.includes(position) : undefined;
}

/**
 * Both reports name the same tip (and the same distance, when both measure one), a place the device
 * does not belong: one statement of where it lies, whatever each says of it ("tip in the left
 * brachiocephalic vein" / "short line, tip in the left brachiocephalic vein"). A tip named where
 * the device belongs is no such statement: "pulmonary artery" holds both a main artery (well placed)
 * and a lower lobe branch (too distal), so there the verdicts tell two tips apart.
 */
export function sameTip(a: Finding, b: Finding): boolean {
  if (!a.devicePosition || a.devicePosition !== b.devicePosition || belongs(a.name, a.devicePosition) !== false) return false;
  return a.measurementMm === undefined || b.measurementMm === undefined || a.measurementMm === b.measurementMm;
}

/**
 * The grade of naming tip `b` where the reference names tip `a` (both stated, different). A tip
 * where the device belongs against one where it does not (the SVC against the brachiocephalic vein
 * for a central line: the line is short) changes what is done with it: significant. Two places it
 * belongs (the SVC and the cavoatrial junction) differ in detail only: negligible; so do two names
 * of one wrong place ("airway" and "right main bronchus" for a feeding tube). Two different wrong
 * places (the carina against a main bronchus) call for different corrections: significant. A lodged
 * object (a swallowed coin) has no place it belongs: two places are significant unless one holds the other.
 */
export function tipGrade(name: string, a: string, b: string): Grade {
  // an object lodged in the airway, the oesophagus or the stomach: each place calls for its own care
  if (getLexicon().byName.get(name)?.lodged) return contains(a, b) ? 'negligible' : 'significant';
  const x = belongs(name, a);
  const y = belongs(name, b);
  if (x === undefined || y === undefined) return 'negligible';
  if (x !== y) return 'significant';
  if (x) return 'negligible';
  return contains(a, b) ? 'negligible' : 'significant';
}
