/**
 * Clinical significance of a finding for a given patient (METRICS §1.5): the lexicon's default,
 * changed by the lexicon's context and size/grade rules, by a malpositioned device, and by the
 * guideline's course and situation rules (./significance/course.ts: stable, healed, expected
 * after an operation, explained by a known condition, an older patient's baseline).
 */
import { getLexicon } from './lexicon/load.js';
import type { AttributeRule, ContextRule } from './lexicon/types.js';
import type { Finding, Significance } from './model.js';
import type { SignificanceCues } from './significance/cues.js';
import { courseRule } from './significance/course.js';
import { malpositionSignificance } from './significance/devices.js';
import { contextValue, readSituation, type PatientContext, type Situation } from './significance/situation.js';

export { parseAge, parseSex, readSituation, type PatientContext, type Situation } from './significance/situation.js';
export { significanceCues, type SignificanceCues } from './significance/cues.js';

/** The significance and, when a rule changed it, why. */
export interface SignificanceResult {
  significance: Significance;
  rule?: string;
}

/**
 * The attributes of a finding that its significance may depend on (METRICS §1.5: size, grade,
 * placement, course), and the cues its mention carries (`significanceCues(span, text)`).
 */
export type FindingAttributes = Pick<Finding, 'status' | 'severity' | 'severityText' | 'measurementMm' | 'devicePlacement'> &
  Partial<Pick<Finding, 'temporal' | 'devicePosition'>> & { cues?: SignificanceCues };

const regexCache = new Map<string, RegExp>();

function matches(rule: ContextRule, s: Situation): boolean {
  const w = rule.when;
  if (w.minAge !== undefined && (s.age === undefined || s.age < w.minAge)) return false;
  if (w.maxAge !== undefined && (s.age === undefined || s.age > w.maxAge)) return false;
  if (w.sex !== undefined && s.sex !== w.sex) return false;
  if (w.indicationMatches !== undefined) {
    if (!s.indication) return false;
    let re = regexCache.get(w.indicationMatches);
    if (!re) regexCache.set(w.indicationMatches, (re = new RegExp(w.indicationMatches, 'i')));
    if (!re.test(s.indication)) return false;
  }
  return true;
}

function attributeMatches(rule: AttributeRule, f: FindingAttributes): boolean {
  const w = rule.when;
  if (w.words && !(f.severityText !== undefined && w.words.includes(f.severityText))) return false;
  if (w.severity && !(f.severity !== undefined && w.severity.includes(f.severity))) return false;
  // "cardiomegaly" alone: stated plainly, with no grade or size ("borderline" or "possible" is not unqualified)
  if (w.unqualified !== undefined && w.unqualified !== (f.severity === undefined && f.measurementMm === undefined && f.status === 'present')) return false;
  if (w.uncertain !== undefined && w.uncertain !== (f.status === 'uncertain')) return false;
  if (w.minMm !== undefined && !(f.measurementMm !== undefined && f.measurementMm >= w.minMm)) return false;
  if (w.maxMm !== undefined && !(f.measurementMm !== undefined && f.measurementMm <= w.maxMm)) return false;
  return true;
}

/**
 * Significance of finding `name` (a FINDING_NAMES id) for a patient. Context keys are read
 * case-insensitively: `age`/`PatientAge` (number or DICOM string), `sex`/`PatientSex`,
 * `indication`/`Indication`/`history`/`reason`, and `devicePlacement: 'malpositioned'`.
 * Order: a malpositioned device (urgent, or actionable when only its depth is wrong); the first
 * matching context rule of the lexicon, else its first size/grade rule, else its default; then
 * the first §1.5 course/situation rule that applies (given the finding's attributes).
 * An unknown name gets `not_actionable_not_urgent` (CRIMSON's weight for an unknown label)
 * with a rule saying so.
 */
export function significanceOf(name: string, context: PatientContext = {}, finding?: FindingAttributes): SignificanceResult {
  const entry = getLexicon().byName.get(name);
  if (!entry) return { significance: 'not_actionable_not_urgent', rule: `unknown finding "${name}": default significance` };
  // CRIMSON lists abnormal findings only: a finding the report states absent is nothing to act on
  if (finding?.status === 'absent') return { significance: 'not_actionable_not_urgent', rule: 'stated absent: nothing to act on' };
  if (entry.category === 'device') {
    if (contextValue(context, 'placement') === 'malpositioned') return { significance: 'urgent', rule: 'a malpositioned line or tube needs prompt repositioning' };
    if (finding?.devicePlacement === 'malpositioned') {
      const { significance, because } = malpositionSignificance(entry, finding, readSituation(context).age);
      return { significance, rule: because };
    }
  }
  const situation = readSituation(context);
  let base: SignificanceResult = { significance: entry.significance };
  const byContext = (entry.contextRules ?? []).find((r) => matches(r, situation));
  if (byContext) base = { significance: byContext.significance, rule: byContext.because };
  else if (finding) {
    const byAttributes = (entry.attributeRules ?? []).find((r) => attributeMatches(r, finding));
    if (byAttributes) base = { significance: byAttributes.significance, rule: byAttributes.because };
  }
  if (!finding) return base;
  const course = courseRule({ name, category: entry.category, status: finding.status, severity: finding.severity, severityText: finding.severityText, temporal: finding.temporal, cues: finding.cues, devicePosition: finding.devicePosition }, situation, base.significance);
  return course ? { significance: course.significance, rule: course.because } : base;
}
