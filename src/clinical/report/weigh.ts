/**
 * Significance read across the findings of one report (METRICS §1.5): a finding's weight can
 * depend on another one the report states with it. A mediastinal shift is as urgent as what
 * pushes it (air or fluid under tension, an inhaled foreign body) or, with nothing pushing, as
 * what pulls it (a collapsed lobe, a resected lung); a pneumothorax that pushes the mediastinum
 * away is under tension; air or blood already drained by a tube on its side is being treated.
 */
import type { Laterality, Significance } from '../model.js';
import { significanceCues } from '../significance.js';
import type { ReportFinding } from './types.js';


/** Findings that push the mediastinum away from their side. */
const PUSHES = new Set(['pneumothorax', 'tension pneumothorax', 'hydropneumothorax', 'hemothorax', 'pleural effusion', 'empyema', 'foreign body', 'air trapping', 'diaphragmatic hernia']);
/** Findings that pull the mediastinum toward their side (volume loss). */
const PULLS = new Set(['lobar collapse', 'atelectasis', 'fibrosis', 'scarring', 'pneumonectomy', 'lobectomy', 'destroyed lung', 'healed tuberculosis']);
/** Air or blood in the pleural space that a drain on its side is treating. */
const DRAINED = new Set(['pneumothorax', 'hydropneumothorax', 'hemothorax']);

const OPPOSITE: Partial<Record<Laterality, Laterality>> = { left: 'right', right: 'left' };
const affirmed = (f: ReportFinding) => f.status === 'present' || f.status === 'uncertain';
/** The cause lies on the side the shift points away from (an unstated side fits either way). */
const awayFrom = (shift: ReportFinding, cause: ReportFinding) => !shift.side || !cause.side || OPPOSITE[cause.side] === shift.side;
const toward = (shift: ReportFinding, cause: ReportFinding) => !shift.side || !cause.side || cause.side === shift.side;

function set(f: ReportFinding, significance: Significance, rule: string): void {
  if (f.significance === significance) return;
  f.significance = significance;
  f.significanceRule = rule;
}

function weighShift(shift: ReportFinding, all: readonly ReportFinding[]): void {
  if (shift.temporal === 'unchanged' || shift.significance === 'benign_expected' || shift.significance === 'not_actionable_not_urgent') return;
  const pushing = all.filter((g) => g !== shift && affirmed(g) && PUSHES.has(g.name) && awayFrom(shift, g));
  if (pushing.some((g) => g.significance === 'urgent')) {
    set(shift, 'urgent', 'the mediastinum is pushed away by an urgent finding (air or fluid under tension, an inhaled foreign body): decompressed at once');
    return;
  }
  if (pushing.length > 0) return;
  const pulling = all.filter((g) => g !== shift && affirmed(g) && PULLS.has(g.name) && toward(shift, g));
  if (pulling.length === 0) return;
  const level = pulling.some((g) => g.significance === 'urgent') ? 'urgent' : 'actionable_not_urgent';
  set(shift, level, level === 'urgent' ? 'the mediastinum is pulled toward a collapse that is itself urgent' : 'the mediastinum is pulled toward volume loss, not pushed: its cause is worked up, not decompressed');
}

function weighTension(air: ReportFinding, shifts: readonly ReportFinding[], text: string): void {
  if (air.significance === 'urgent' || air.status !== 'present') return;
  const pushed = shifts.some((s) => s.temporal !== 'unchanged' && s.side !== undefined && air.side !== undefined && OPPOSITE[air.side] === s.side && significanceCues(s.span, text).towardLesion !== true);
  if (pushed) set(air, 'urgent', 'a pneumothorax that shifts the mediastinum away is under tension: decompressed at once');
}

function weighDrained(f: ReportFinding, all: readonly ReportFinding[]): void {
  if (f.significance !== 'urgent' || f.severity === 'severe' || f.severity === 'moderate') return;
  if (f.temporal === 'new' || f.temporal === 'increased' || f.temporal === 'worsened') return;
  const drained = all.some((g) => g.name === 'chest tube' && g.status === 'present' && g.devicePlacement !== 'malpositioned' && (g.side === f.side || g.side === undefined || f.side === undefined));
  if (drained) set(f, 'actionable_not_urgent', 'air or blood with a well-placed drain on its side is being treated: followed, not an emergency');
}

/**
 * Adjusts, in place, the significance of findings that depend on others in the same report
 * (see the module comment). `text` is the report the findings were read from.
 */
export function weighTogether(findings: ReportFinding[], text: string): ReportFinding[] {
  // the trachea is pushed and pulled with the mediastinum (a deviated trachea is the shift seen in the airway)
  const shifts = findings.filter((f) => (f.name === 'mediastinal shift' || f.name === 'tracheal deviation') && affirmed(f));
  for (const f of findings) if (DRAINED.has(f.name) && affirmed(f)) weighDrained(f, findings);
  for (const f of findings) if (f.name === 'pneumothorax' || f.name === 'hydropneumothorax') weighTension(f, shifts, text);
  for (const s of shifts) weighShift(s, findings);
  return findings;
}
