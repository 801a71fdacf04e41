/**
 * Devices and post-surgical material: which tip positions to write and what placement they
 * imply (CONVENTIONS.md §19, §21, §22). Re-exported by applicability.ts.
 */
import type { LexiconFinding } from '../lexicon/types.js';

/** Devices and post-surgical material: present, stated plainly, new or unchanged at most. */
export function isHardware(lf: LexiconFinding): boolean {
  return lf.category === 'device' || lf.category === 'postsurgical';
}

/** Whether a stated placement makes sense (tubes, lines, pacemakers; not clips or ECG leads). */
export function placementApplies(lf: LexiconFinding): boolean {
  return lf.category === 'device' && (lf.appropriatePositions ?? []).length > 0;
}

/** Tip positions per device beyond the lexicon's appropriate ones: the usual malpositions. */
const MALPOSITIONS: Readonly<Record<string, readonly string[]>> = {
  'endotracheal tube': ['at carina', 'right mainstem bronchus', 'left mainstem bronchus', 'esophagus'],
  'tracheostomy tube': [],
  'enteric tube': ['esophagus', 'airway', 'right mainstem bronchus'],
  'central venous catheter': ['internal jugular vein', 'subclavian vein', 'right ventricle'],
  picc: ['internal jugular vein', 'subclavian vein', 'right ventricle'],
  'implanted port': ['internal jugular vein', 'right ventricle'],
  'pulmonary artery catheter': ['right atrium', 'right ventricle'],
};

/** Devices whose tip is not written as one position (a pacemaker has several leads). */
const NO_TIP = new Set(['pacemaker']);

/** Tip positions worth rendering for a device (appropriate first); none for wires, clips, leads. */
export function positionChoices(lf: LexiconFinding): string[] {
  const ok = lf.appropriatePositions ?? [];
  if (ok.length === 0 || NO_TIP.has(lf.name)) return [];
  return [...new Set([...ok, ...(MALPOSITIONS[lf.name] ?? [])])];
}

/** The placement the extractor infers from a tip position (§21): appropriate iff listed. */
export function placementFor(lf: LexiconFinding, position: string): 'appropriate' | 'malpositioned' {
  return (lf.appropriatePositions ?? []).includes(position) ? 'appropriate' : 'malpositioned';
}

/** Only the ETT is measured against a landmark ("tip 4 cm above the carina", §19). */
export function takesDistance(lf: LexiconFinding, position: string | undefined): boolean {
  return lf.measured && position === 'above carina';
}
