/**
 * Clinical significance of a finding for a given patient: the lexicon's default, changed by
 * the finding's context rules (age, sex, indication) and by a malpositioned device.
 */
import { getLexicon } from './lexicon/load.js';
import type { AttributeRule, ContextRule } from './lexicon/types.js';
import type { Finding, Significance } from './model.js';

/** Patient context as metrics receive it (RadPref: `PatientAge` "072Y", `PatientSex`, `Indication`). */
export type PatientContext = Record<string, string | number | boolean>;

/** The significance and, when a rule changed it, why. */
export interface SignificanceResult {
  significance: Significance;
  rule?: string;
}

/** Context keys as compared (`Patient_Age` -> `patientage`), remembered: every finding of a report reads the same keys. */
const normalKeys = new Map<string, string>();

function normalKey(k: string): string {
  let n = normalKeys.get(k);
  if (n === undefined) {
    n = k.toLowerCase().replace(/[\s_-]/g, '');
    if (normalKeys.size < 1000) normalKeys.set(k, n);
  }
  return n;
}

const PLACEMENT_KEYS = ['deviceplacement', 'placement'];
const AGE_KEYS = ['age', 'patientage'];
const SEX_KEYS = ['sex', 'patientsex', 'gender'];
const INDICATION_KEYS = ['indication', 'clinicalindication', 'history', 'clinicalhistory', 'reason', 'reasonforexam'];

function pick(context: PatientContext, keys: readonly string[]): string | number | boolean | undefined {
  for (const k of Object.keys(context)) {
    if (keys.includes(normalKey(k))) return context[k];
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
  // De-identified ages: "90 or older", "90+", ">89", "over 89" (HIPAA caps stated ages at 90).
  const floor = /^\s*(\d{1,3})\s*(?:\+|or older|or over|and older|and over|years? or older)\s*$/i.exec(value);
  if (floor) return Number(floor[1]);
  const above = /^\s*(?:>|over|older than|above)\s*(\d{1,3})\s*(?:y|years?|yo)?\s*$/i.exec(value);
  if (above) return Number(above[1]) + 1;
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
export function significanceOf(name: string, context: PatientContext = {}, finding?: FindingAttributes): SignificanceResult {
  const entry = getLexicon().byName.get(name);
  const attributes = finding;
  if (!entry) return { significance: 'not_actionable_not_urgent', rule: `unknown finding "${name}": default significance` };
  const placement = pick(context, PLACEMENT_KEYS);
  if (entry.category === 'device' && (placement === 'malpositioned' || attributes?.devicePlacement === 'malpositioned')) {
    return { significance: 'urgent', rule: 'a malpositioned line or tube needs prompt repositioning' };
  }
  const age = parseAge(pick(context, AGE_KEYS));
  const sex = parseSex(pick(context, SEX_KEYS));
  const ind = pick(context, INDICATION_KEYS);
  const indication = typeof ind === 'string' ? ind : undefined;
  for (const rule of entry.contextRules ?? []) {
    if (matches(rule, age, sex, indication)) return { significance: rule.significance, rule: rule.because };
  }
  if (attributes) {
    for (const rule of entry.attributeRules ?? []) {
      if (attributeMatches(rule, attributes)) return { significance: rule.significance, rule: rule.because };
    }
  }
  return { significance: entry.significance };
}

/** The attributes of a finding that its significance may depend on (METRICS §1.5: size, grade, placement). */
export type FindingAttributes = Pick<Finding, 'status' | 'severity' | 'severityText' | 'measurementMm' | 'devicePlacement'>;

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
