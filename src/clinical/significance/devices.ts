/**
 * How urgent a malpositioned device is (METRICS §1.5: urgent for an ETT in a mainstem bronchus
 * or a misplaced line or tube). A tip in the structure where it belongs but at the wrong depth
 * (an enteric tube whose side port sits at the gastro-oesophageal junction, an ETT 2 cm above
 * the carina, a PA catheter slightly distal) is repositioned on the ward round: actionable.
 */
import type { LexiconFinding } from '../lexicon/types.js';
import type { Significance } from '../model.js';
import type { SignificanceCues } from './cues.js';

export interface DevicePlacementInput {
  devicePosition?: string | undefined;
  measurementMm?: number | undefined;
  cues?: SignificanceCues | undefined;
}

/** Tip positions where a device that does not belong there does harm at once (a bronchus, the oesophagus, the pleura, a vein leading away from the heart). */
const DANGEROUS = new Set(['right mainstem bronchus', 'left mainstem bronchus', 'airway', 'esophagus', 'pleural space', 'internal jugular vein']);

/**
 * A short-term central line whose tip is called malpositioned in the right atrium is too deep there (arrhythmia,
 * perforation): urgent, as every labelled set reads it; a PICC, a port and a dialysis catheter are acceptable there.
 */
export const TOO_DEEP_IN_ATRIUM: ReadonlySet<string> = new Set(['central venous catheter']);

/** An airway tube this close to the carina may enter a bronchus with neck flexion; this far above it may come out. */
const CARINA_URGENT_WITHIN_MM = 15;
const CARINA_URGENT_FROM_MM = 80;

/** Devices that pace or defibrillate through a lead: a displaced lead may stop capturing the heart. */
const PACING = new Set(['pacemaker']);

/** The significance of a device the report or its tip position calls malpositioned, and why. */
export function malpositionSignificance(entry: LexiconFinding, f: DevicePlacementInput, ageYears?: number): { significance: Significance; because: string } {
  if (PACING.has(entry.name)) return { significance: 'urgent', because: 'a displaced pacing or defibrillator lead may lose capture or sense wrongly: it is repositioned at once' };
  const position = f.devicePosition;
  const belongs = position !== undefined && entry.appropriatePositions?.includes(position) === true;
  if (position !== undefined && !belongs && DANGEROUS.has(position)) return { significance: 'urgent', because: `a tip in the ${position} needs repositioning at once` };
  if (entry.carinaDistanceMm && ageYears !== undefined && ageYears < 1 && belongs && f.measurementMm !== undefined && f.measurementMm >= 5) {
    return { significance: 'not_actionable_not_urgent', because: "an infant's trachea is short: a tube tip 0.5 cm or more above the carina is where it belongs (the adult window does not apply)" };
  }
  if (position === 'right atrium' && TOO_DEEP_IN_ATRIUM.has(entry.name) && !f.cues?.slight) {
    return { significance: 'urgent', because: 'a central line tip in the right atrium may provoke arrhythmia or perforate: it is pulled back at once' };
  }
  if (f.cues?.slight) return { significance: 'actionable_not_urgent', because: 'a device only slightly out of place is adjusted, not an emergency' };
  if (position === 'pulmonary artery' && belongs && f.cues?.peripheral) {
    return { significance: 'urgent', because: 'a pulmonary artery catheter out in a lobar or segmental branch may infarct the lung or rupture the artery: it is pulled back at once' };
  }
  if (belongs) {
    const d = f.measurementMm;
    if (entry.carinaDistanceMm && d !== undefined && (d <= CARINA_URGENT_WITHIN_MM || d >= CARINA_URGENT_FROM_MM)) {
      return { significance: 'urgent', because: `an airway tube ${d <= CARINA_URGENT_WITHIN_MM ? 'within 1.5 cm of the carina may enter a bronchus' : '8 cm or more above the carina may come out'}: it needs repositioning at once` };
    }
    return { significance: 'actionable_not_urgent', because: 'the tip is in the right structure at the wrong depth: it is adjusted, not an emergency' };
  }
  return { significance: 'urgent', because: 'a malpositioned line or tube needs prompt repositioning' };
}
