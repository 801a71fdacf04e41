/**
 * The CRIMSON score computed from a judge's evaluation object (METRICS.md §1.2). Exact: every
 * arithmetic step is the reference's, in the reference's order, so the parity vectors match
 * bit for bit. The input is deliberately loose (unknown significance labels, missing
 * severities, ids that name no finding): the reference defines a value for all of them.
 */
import { pyRound } from './round.js';

/** Significance weights; any other label (or none) weighs 0.25. */
export const SIGNIFICANCE_WEIGHTS: Readonly<Record<string, number>> = Object.freeze({
  urgent: 1.0,
  actionable_not_urgent: 0.5,
  not_actionable_not_urgent: 0.25,
  benign_expected: 0.0,
});

/** Attribute-error severity weights; any other label (or none) weighs 0.25. */
export const ATTRIBUTE_SEVERITY_WEIGHTS: Readonly<Record<string, number>> = Object.freeze({
  significant: 0.5,
  negligible: 0.0,
});

/** Weight of an unknown or missing label, in both tables. */
export const UNKNOWN_LABEL_WEIGHT = 0.25;

export const ATTRIBUTE_ERROR_TYPES = ['location', 'severity', 'descriptor', 'measurement', 'certainty', 'unspecific', 'overinterpretation', 'temporal'] as const;
export type AttributeErrorType = (typeof ATTRIBUTE_ERROR_TYPES)[number];

/** A finding as the judge lists it. `clinical_significance` may be any label (see weights). */
export interface CrimsonFindingInput {
  id?: unknown;
  finding?: unknown;
  clinical_significance?: unknown;
}

export interface CrimsonAttributeErrorInput {
  ref_id?: unknown;
  pred_id?: unknown;
  severity?: unknown;
  error_types?: unknown;
  explanation?: unknown;
}

/** A judge's evaluation as `computeCrimsonScore` accepts it; absent lists count as empty. */
export interface CrimsonEvaluationInput {
  reference_findings?: CrimsonFindingInput[];
  predicted_findings?: CrimsonFindingInput[];
  matched_findings?: { ref_id?: unknown; pred_id?: unknown }[];
  errors?: {
    false_findings?: unknown[];
    missing_findings?: unknown[];
    attribute_errors?: CrimsonAttributeErrorInput[];
  };
}

export interface CrimsonErrorCounts {
  false_findings: number;
  missing_findings: number;
  attribute_errors: number;
  location_errors: number;
  severity_errors: number;
  descriptor_errors: number;
  measurement_errors: number;
  certainty_errors: number;
  unspecific_errors: number;
  overinterpretation_errors: number;
  temporal_errors: number;
}

export interface CrimsonResult {
  /** The score rounded to 4 places as Python's `round(x, 4)` does; in (-1, 1]. */
  crimson_score: number;
  metrics: {
    /** Weighted size of the reference (sum of reference finding weights). */
    N_G: number;
    /** E_false: weighted false findings. */
    E_penalty: number;
    /** Weighted correct findings, with partial credit for attribute errors. */
    correct: number;
    /** E_penalty - correct. */
    errors_more_than_correct: number;
    S: number;
  };
  error_counts: CrimsonErrorCounts;
  weighted_error_counts: { false_findings: number; missing_findings: number; attribute_errors: number };
}

/** The bit of one attribute error type (its index in ATTRIBUTE_ERROR_TYPES), 0 for any other value. */
function typeBit(t: unknown): number {
  switch (t) {
    case 'location':
      return 1;
    case 'severity':
      return 2;
    case 'descriptor':
      return 4;
    case 'measurement':
      return 8;
    case 'certainty':
      return 16;
    case 'unspecific':
      return 32;
    case 'overinterpretation':
      return 64;
    case 'temporal':
      return 128;
    default:
      return 0;
  }
}

/**
 * The types `t` for which Python's `t in error_types` holds, as bits: element equality for a
 * list, substring for a string (a judge that wrote `"location, severity"`), nothing otherwise.
 */
function typeMask(types: unknown): number {
  let mask = 0;
  if (Array.isArray(types)) {
    for (let i = 0; i < types.length; i++) mask |= typeBit(types[i]);
  } else if (typeof types === 'string') {
    for (let t = 0; t < ATTRIBUTE_ERROR_TYPES.length; t++) if (types.includes(ATTRIBUTE_ERROR_TYPES[t]!)) mask |= 1 << t;
  }
  return mask;
}

const list = <T>(x: T[] | undefined | null): T[] => (Array.isArray(x) ? x : []);

/** Up to this many entries, ids are found by scanning. */
const SMALL = 32;

/** The reference's dict-key equality for the ids that occur (a Map's SameValueZero). */
const sameId = (a: unknown, b: unknown): boolean => a === b || (a !== a && b !== b);

/** SIGNIFICANCE_WEIGHTS.get(label, 0.25), as a switch (no lookup in an object per finding; a test keeps it equal to the table). */
function significanceWeight(label: unknown): number {
  switch (label) {
    case 'urgent':
      return 1.0;
    case 'actionable_not_urgent':
      return 0.5;
    case 'not_actionable_not_urgent':
      return 0.25;
    case 'benign_expected':
      return 0.0;
    default:
      return UNKNOWN_LABEL_WEIGHT;
  }
}

/** ATTRIBUTE_SEVERITY_WEIGHTS.get(severity, 0.25). */
function severityWeight(severity: unknown): number {
  return severity === 'significant' ? 0.5 : severity === 'negligible' ? 0.0 : UNKNOWN_LABEL_WEIGHT;
}

/** The weight of the LAST finding with that id (a dict comprehension's winner); `index` for many findings. */
function weightOf(findings: readonly CrimsonFindingInput[], index: Map<unknown, number> | undefined, id: unknown): number | undefined {
  if (index) return index.get(id);
  for (let i = findings.length - 1; i >= 0; i--) if (sameId(findings[i]!.id, id)) return significanceWeight(findings[i]!.clinical_significance);
  return undefined;
}

function indexOf(findings: readonly CrimsonFindingInput[]): Map<unknown, number> | undefined {
  if (findings.length <= SMALL) return undefined;
  const map = new Map<unknown, number>();
  for (const f of findings) map.set(f.id, significanceWeight(f.clinical_significance));
  return map;
}

function groupByRef(errors: readonly CrimsonAttributeErrorInput[]): Map<unknown, CrimsonAttributeErrorInput[]> {
  const byRef = new Map<unknown, CrimsonAttributeErrorInput[]>();
  for (const e of errors) {
    const bucket = byRef.get(e.ref_id);
    if (bucket) bucket.push(e);
    else byRef.set(e.ref_id, [e]);
  }
  return byRef;
}

/** Whether an earlier match names the same reference. */
function seenBefore(matched: readonly { ref_id?: unknown }[], i: number, refId: unknown): boolean {
  for (let j = 0; j < i; j++) if (sameId(matched[j]!.ref_id, refId)) return true;
  return false;
}

/**
 * The CRIMSON score of one judge evaluation (DESIGN §8). Ids compare as the reference's
 * dict keys do (`"R1"` and `1` are different ids).
 */
export function computeCrimsonScore(evaluation: CrimsonEvaluationInput): CrimsonResult {
  const errors = evaluation.errors && typeof evaluation.errors === 'object' ? evaluation.errors : {};
  const matched = list(evaluation.matched_findings);
  const references = list(evaluation.reference_findings);
  const predictions = list(evaluation.predicted_findings);
  const falseIds = list(errors.false_findings);
  const missingIds = list(errors.missing_findings);
  const attrErrors = list(errors.attribute_errors);

  // Later entries win, as in a dict comprehension.
  const refIndex = indexOf(references);
  const predIndex = indexOf(predictions);

  // Python's sum() starts at 0 and adds left to right; every weight is a multiple of 0.25, so
  // these sums are exact whichever summation Python uses.
  let eFalse = 0;
  for (const id of falseIds) eFalse += weightOf(predictions, predIndex, id) ?? 0;
  let eMiss = 0;
  for (const id of missingIds) eMiss += weightOf(references, refIndex, id) ?? 0;

  // Which of the eight types each error names (a bit each: `t in error_types` is a yes/no per
  // error, so a type listed twice counts once), and the weighted attribute errors, in one pass.
  let location = 0, severity = 0, descriptor = 0, measurement = 0, certainty = 0, unspecific = 0, overinterpretation = 0, temporal = 0;
  let weightedAttr = 0;
  for (let i = 0; i < attrErrors.length; i++) {
    const e = attrErrors[i]!;
    weightedAttr += severityWeight(e.severity);
    const mask = typeMask(e.error_types);
    if (mask === 0) continue;
    location += mask & 1;
    severity += (mask >> 1) & 1;
    descriptor += (mask >> 2) & 1;
    measurement += (mask >> 3) & 1;
    certainty += (mask >> 4) & 1;
    unspecific += (mask >> 5) & 1;
    overinterpretation += (mask >> 6) & 1;
    temporal += (mask >> 7) & 1;
  }
  const counts: CrimsonErrorCounts = {
    false_findings: falseIds.length,
    missing_findings: missingIds.length,
    attribute_errors: attrErrors.length,
    location_errors: location,
    severity_errors: severity,
    descriptor_errors: descriptor,
    measurement_errors: measurement,
    certainty_errors: certainty,
    unspecific_errors: unspecific,
    overinterpretation_errors: overinterpretation,
    temporal_errors: temporal,
  };

  let nG = 0;
  for (const r of references) nG += significanceWeight(r.clinical_significance);
  if (nG === 0 && references.length === 0) nG = matched.length + eMiss;

  const ePenalty = eFalse;

  // Few findings (a report's): linear scans beat building Maps and Sets; many: index them.
  const small = matched.length <= SMALL && attrErrors.length <= SMALL;
  const attrByRef = small ? undefined : groupByRef(attrErrors);
  const counted = small ? undefined : new Set<unknown>();
  let correct = 0.0;
  for (let i = 0; i < matched.length; i++) {
    const refId = matched[i]!.ref_id;
    // only the first match of a reference counts
    if (counted ? counted.has(refId) : seenBefore(matched, i, refId)) continue;
    counted?.add(refId);
    const base = weightOf(references, refIndex, refId) ?? 0.0;
    let any = false;
    let errorWeight = 0;
    if (attrByRef) {
      for (const e of attrByRef.get(refId) ?? []) {
        any = true;
        errorWeight += severityWeight(e.severity);
      }
    } else {
      for (const e of attrErrors) {
        if (!sameId(e.ref_id, refId)) continue;
        any = true;
        errorWeight += severityWeight(e.severity);
      }
    }
    if (!any) {
      correct += base;
    } else {
      const creditFactor = base + errorWeight > 0 ? base / (base + errorWeight) : 0.0;
      correct += base * creditFactor; // b * (b / (b + A)), in this order: bit-for-bit
    }
  }

  const errorsMoreThanCorrect = ePenalty - correct;
  let S: number;
  if (nG === 0) S = ePenalty === 0 && eMiss === 0 ? 1.0 : -(ePenalty + eMiss + 1);
  else S = (correct - ePenalty) / nG;

  let crimson: number;
  if (S >= 0) crimson = S;
  else crimson = errorsMoreThanCorrect > 0 ? (-1 * errorsMoreThanCorrect) / (1 + errorsMoreThanCorrect) : 0;

  return {
    crimson_score: pyRound(crimson, 4),
    metrics: { N_G: nG, E_penalty: ePenalty, correct, errors_more_than_correct: errorsMoreThanCorrect, S },
    error_counts: counts,
    weighted_error_counts: { false_findings: eFalse, missing_findings: eMiss, attribute_errors: weightedAttr },
  };
}
