/**
 * Clinical significance of a finding for a given patient: the lexicon's default, changed by
 * the finding's context rules (age, sex, indication) and by a malpositioned device.
 */
import { getLexicon } from './lexicon/load.js';
import type { ContextRule } from './lexicon/types.js';
import type { Significance } from './model.js';

/** Patient context as metrics receive it (RadPref: `PatientAge` "072Y", `PatientSex`, `Indication`). */
export type PatientContext = Record<string, string | number | boolean>;

/** The significance and, when a rule changed it, why. */
export interface SignificanceResult {
  significance: Significance;
  rule?: string;
}

function pick(context: PatientContext, keys: string[]): string | number | boolean | undefined {
  for (const [k, v] of Object.entries(context)) {
    if (keys.includes(k.toLowerCase().replace(/[\s_-]/g, ''))) return v;
  }
  return undefined;
}

/**
 * Age in years from a number or a DICOM age string (`072Y`, `006M`, `010W`, `003D`) or
 * plain digits; undefined when it cannot be read.
 */
export function parseAge(value: string | number | boolean | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(\d{1,3}(?:\.\d+)?)\s*([dwmy])?\s*(?:years?|yrs?|yo)?\s*(?:old)?\s*$/i.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  const per: Record<string, number> = { d: 365.25, w: 52.18, m: 12, y: 1 };
  return n / (per[(m[2] ?? 'y').toLowerCase()] ?? 1);
}

/** `M`/`F` from `M`, `F`, `male`, `female` (any case); undefined otherwise. */
export function parseSex(value: string | number | boolean | undefined): 'M' | 'F' | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'm' || v === 'male') return 'M';
  if (v === 'f' || v === 'female') return 'F';
  return undefined;
}

const regexCache = new Map<string, RegExp>();

function matches(rule: ContextRule, age: number | undefined, sex: 'M' | 'F' | undefined, indication: string | undefined): boolean {
  const w = rule.when;
  if (w.minAge !== undefined && (age === undefined || age < w.minAge)) return false;
  if (w.maxAge !== undefined && (age === undefined || age > w.maxAge)) return false;
  if (w.sex !== undefined && sex !== w.sex) return false;
  if (w.indicationMatches !== undefined) {
    if (!indication) return false;
    let re = regexCache.get(w.indicationMatches);
    if (!re) regexCache.set(w.indicationMatches, (re = new RegExp(w.indicationMatches, 'i')));
    if (!re.test(indication)) return false;
  }
  return true;
}

/**
 * Significance of finding `name` (a FINDING_NAMES id) for a patient. Context keys are read
 * case-insensitively: `age`/`PatientAge` (number or DICOM string), `sex`/`PatientSex`,
 * `indication`/`Indication`/`history`/`reason`, and `devicePlacement: 'malpositioned'`
 * (a malpositioned device is urgent). The first matching context rule of the lexicon wins.
 * An unknown name gets `not_actionable_not_urgent` (CRIMSON's weight for an unknown label)
 * with a rule saying so.
 */
export function significanceOf(name: string, context: PatientContext = {}): SignificanceResult {
  const finding = getLexicon().byName.get(name);
  if (!finding) return { significance: 'not_actionable_not_urgent', rule: `unknown finding "${name}": default significance` };
  const placement = pick(context, ['deviceplacement', 'placement']);
  if (finding.category === 'device' && placement === 'malpositioned' && finding.appropriatePositions) {
    return { significance: 'urgent', rule: 'a malpositioned line or tube needs prompt repositioning' };
  }
  const age = parseAge(pick(context, ['age', 'patientage']));
  const sex = parseSex(pick(context, ['sex', 'patientsex', 'gender']));
  const ind = pick(context, ['indication', 'clinicalindication', 'history', 'clinicalhistory', 'reason', 'reasonforexam']);
  const indication = typeof ind === 'string' ? ind : undefined;
  for (const rule of finding.contextRules ?? []) {
    if (matches(rule, age, sex, indication)) return { significance: rule.significance, rule: rule.because };
  }
  return { significance: finding.significance };
}
