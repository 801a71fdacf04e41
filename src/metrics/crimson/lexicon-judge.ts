/**
 * `crimson:lexicon` — an APPROXIMATION of CRIMSON, offline and deterministic: the judge's
 * evaluation object is built from the clinical core instead of an LLM, then scored by the
 * exact CRIMSON formula (score.ts). It is never presented as `crimson`.
 *
 * How the evaluation is built:
 * - findings: the extractor's present and uncertain findings of each report (absent ones and
 *   normal statements are not findings), one per (name, side), repeated mentions merged;
 * - significance: the lexicon's default for the finding, changed by its context rules for the
 *   patient (age, sex, indication) and by a malpositioned device (significance.ts);
 * - matching, in passes: same name and compatible side; same name, other side (a location
 *   error); a more general or more specific name of the same abnormality (`lung opacity` for
 *   `pneumonia`: unspecific / overinterpretation);
 * - attribute errors on matched pairs: side and anatomic location (including device tips),
 *   severity, measurement, certainty (probability 3/2/1), temporal change; each graded
 *   significant or negligible by fixed rules (below);
 * - unmatched candidate findings are false, unmatched reference findings missing.
 *
 * What it cannot do (where an LLM judge is needed): findings or wording the lexicon does not
 * know, descriptors (calcified, spiculated, cavitary), diagnoses beyond the vocabulary
 * (tuberculosis, malignancy, heart failure), and clinical reasoning across findings.
 */
import { z } from 'zod';
import { extractFindings } from '../../clinical/extract/index.js';
import { getLexicon } from '../../clinical/lexicon/load.js';
import type { Finding, Laterality, Temporal } from '../../clinical/model.js';
import { significanceOf } from '../../clinical/significance.js';
import type { Context, Metric, ScoreOutcome, ScoreRequest } from '../contract.js';
import { defineMetric } from '../define.js';
import type { MetricProvider } from '../provider.js';
import type { CrimsonAttributeError, CrimsonEvaluation, CrimsonFinding, SignificanceLevel } from './schema.js';
import { SIGNIFICANCE_WEIGHTS, computeCrimsonScore, type AttributeErrorType } from './score.js';

/** A merged finding of one report, with its significance for this patient. */
interface Judged {
  id: string;
  f: Finding;
  significance: SignificanceLevel;
  /** Why a context rule changed the significance, when one did. */
  rule?: string;
}

/**
 * General finding -> more specific findings of the same abnormality. A candidate naming the
 * general one for a specific reference finding is `unspecific`; the reverse is
 * `overinterpretation`.
 */
const MORE_SPECIFIC: Readonly<Record<string, readonly string[]>> = {
  'lung opacity': ['consolidation', 'pneumonia', 'aspiration', 'atelectasis', 'lobar collapse', 'ground-glass opacity', 'interstitial opacities', 'pulmonary edema', 'nodule', 'mass', 'cavitary lesion', 'scarring', 'fibrosis'],
  consolidation: ['pneumonia', 'aspiration'],
  atelectasis: ['lobar collapse'],
  pneumothorax: ['tension pneumothorax', 'hydropneumothorax'],
  'pleural effusion': ['hydropneumothorax'],
  'vascular congestion': ['pulmonary edema'],
  'interstitial opacities': ['pulmonary edema', 'fibrosis'],
  nodule: ['granuloma', 'cavitary lesion'],
  'widened mediastinum': ['mediastinal mass'],
  scarring: ['fibrosis'],
  hyperinflation: ['emphysema'],
  emphysema: ['bullae'],
};

/** `general` is a more general name for `specific`. */
function generalizes(general: string, specific: string): boolean {
  return MORE_SPECIFIC[general]?.includes(specific) ?? false;
}

/** Anatomy ids that describe the same region for matching purposes. */
const REGION_OF: Readonly<Record<string, string>> = {
  'upper lobe': 'upper', apex: 'upper', 'upper zone': 'upper',
  'lower lobe': 'lower', base: 'lower', 'lower zone': 'lower', 'costophrenic angle': 'lower', subpulmonic: 'lower', retrocardiac: 'lower', 'cardiophrenic angle': 'lower',
  'middle lobe': 'middle', 'mid zone': 'middle',
  hilum: 'hilar', perihilar: 'hilar',
};
const regionOf = (loc: string): string => REGION_OF[loc] ?? loc;

/** Temporal values that say the same thing about change. */
const TEMPORAL_GROUP: Record<Temporal, string> = { new: 'new', increased: 'worse', worsened: 'worse', decreased: 'better', improved: 'better', unchanged: 'same', resolved: 'resolved' };

const weightOf = (s: SignificanceLevel): number => SIGNIFICANCE_WEIGHTS[s]!;

/** Merges repeated mentions of a finding (findings and impression): one per (name, side); the first mention's attributes win. */
function mergeFindings(findings: Finding[]): Finding[] {
  const out: Finding[] = [];
  const byKey = new Map<string, Finding>();
  for (const f of findings) {
    if (f.status === 'absent') continue;
    const key = `${f.name}|${f.laterality ?? ''}`;
    const prev = byKey.get(key);
    if (!prev) {
      const copy = { ...f };
      byKey.set(key, copy);
      out.push(copy);
      continue;
    }
    for (const [k, v] of Object.entries(f)) if ((prev as unknown as Record<string, unknown>)[k] === undefined) (prev as unknown as Record<string, unknown>)[k] = v;
    // A later plain statement outweighs an earlier hedge of the same finding.
    if ((f.probability ?? 0) > (prev.probability ?? 0)) [prev.probability, prev.status] = [f.probability, f.status];
  }
  return out;
}

function judgeReport(text: string, prefix: 'R' | 'P', context: Context): Judged[] {
  return mergeFindings(extractFindings(text)).map((f, i) => {
    const ctx = f.devicePlacement ? { ...context, devicePlacement: f.devicePlacement } : context;
    const { significance, rule } = significanceOf(f.name, ctx);
    return { id: `${prefix}${i + 1}`, f, significance, ...(rule ? { rule } : {}) };
  });
}

/** A short phrase for a finding: `possible small left apex pneumothorax (new)`. */
export function describeFinding(f: Finding): string {
  const hedge = f.status === 'uncertain' ? (f.probability === 2 ? 'likely ' : 'possible ') : '';
  const size = f.measurementMm !== undefined ? `${f.measurementMm} mm ` : '';
  const parts = [hedge + size + (f.severityText ?? ''), f.laterality ?? '', (f.location ?? []).join(' and '), f.name].filter((x) => x.trim() !== '');
  let s = parts.join(' ').replace(/\s+/g, ' ').trim();
  if (f.devicePosition) s += `, tip ${f.devicePosition}`;
  if (f.devicePlacement === 'malpositioned') s += ' (malpositioned)';
  if (f.temporal) s += ` (${f.temporal})`;
  return s;
}

type SideRelation = 'same' | 'unstated' | 'subset' | 'superset' | 'opposite';

/** How the candidate's side relates to the reference's. */
function sideRelation(ref: Laterality | undefined, pred: Laterality | undefined): SideRelation {
  if (ref === pred) return 'same';
  if (ref === undefined || pred === undefined) return 'unstated';
  if (ref === 'bilateral') return 'subset';
  if (pred === 'bilateral') return 'superset';
  return 'opposite';
}

interface Match {
  r: Judged;
  p: Judged;
  /** How the names relate. */
  names: 'same' | 'unspecific' | 'overinterpretation';
}

/** Pairs candidate findings with reference findings (see the module comment). */
function matchFindings(refs: Judged[], preds: Judged[]): Match[] {
  const matches: Match[] = [];
  const refMatched = new Set<Judged>();
  const predMatched = new Set<Judged>();
  const pair = (r: Judged, p: Judged, names: Match['names']) => {
    matches.push({ r, p, names });
    refMatched.add(r);
    predMatched.add(p);
  };
  // 1. Same name, same or unstated side, one to one.
  for (const rel of ['same', 'unstated'] as const) {
    for (const p of preds) {
      if (predMatched.has(p)) continue;
      const r = refs.find((x) => !refMatched.has(x) && x.f.name === p.f.name && sideRelation(x.f.laterality, p.f.laterality) === rel);
      if (r) pair(r, p, 'same');
    }
  }
  // 2. Same name, part of a bilateral finding (either way; a reference may take several candidates).
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const r = refs.find((x) => x.f.name === p.f.name && sideRelation(x.f.laterality, p.f.laterality) === 'subset');
    if (r) pair(r, p, 'same');
  }
  for (const r of refs) {
    if (refMatched.has(r)) continue;
    const p = preds.find((x) => x.f.name === r.f.name && sideRelation(r.f.laterality, x.f.laterality) === 'superset');
    if (p) pair(r, p, 'same');
  }
  // 3. Same name, any side: the wrong side is a location error.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const r = refs.find((x) => !refMatched.has(x) && x.f.name === p.f.name);
    if (r) pair(r, p, 'same');
  }
  // 4. A more general or more specific name of the same abnormality, side compatible.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const r = refs.find((x) => !refMatched.has(x) && sideRelation(x.f.laterality, p.f.laterality) !== 'opposite' && (generalizes(p.f.name, x.f.name) || generalizes(x.f.name, p.f.name)));
    if (r) pair(r, p, generalizes(p.f.name, r.f.name) ? 'unspecific' : 'overinterpretation');
  }
  return matches;
}

/** Significant when the difference matters for a finding of this weight: actionable or urgent. */
const gradeFor = (r: Judged): 'significant' | 'negligible' => (weightOf(r.significance) >= 0.5 ? 'significant' : 'negligible');

/** The attribute errors of one matched pair, one entry per kind of error. */
function attributeErrors(m: Match, all: Match[]): CrimsonAttributeError[] {
  const { r, p } = m;
  const a = r.f;
  const b = p.f;
  const out: CrimsonAttributeError[] = [];
  const add = (type: AttributeErrorType, severity: 'significant' | 'negligible', explanation: string) =>
    out.push({ ref_id: r.id, pred_id: p.id, severity, error_types: [type], explanation });
  const lexicon = getLexicon().byName.get(a.name);

  if (m.names !== 'same') {
    const specific = m.names === 'unspecific' ? r : p;
    const general = m.names === 'unspecific' ? p : r;
    const differs = weightOf(specific.significance) !== weightOf(general.significance) || weightOf(r.significance) >= 1;
    add(m.names, differs ? 'significant' : 'negligible', m.names === 'unspecific' ? `the candidate says "${b.name}" where the reference says "${a.name}"` : `the candidate says "${b.name}" where the reference only says "${a.name}"`);
  }

  // Side.
  const side = sideRelation(a.laterality, b.laterality);
  if (side === 'opposite') {
    // The wrong side is always significant where a side is meaningful (wrong-side procedures).
    add('location', lexicon?.lateralized === false ? 'negligible' : 'significant', `${a.laterality} in the reference, ${b.laterality} in the candidate`);
  } else if (side === 'subset' || side === 'superset') {
    // Bilateral against one side is fine when the other side is also matched.
    const sides = new Set<Laterality | undefined>();
    if (side === 'subset') for (const x of all) if (x.r === r) sides.add(x.p.f.laterality);
    if (side === 'superset') for (const x of all) if (x.p === p) sides.add(x.r.f.laterality);
    if (!(sides.has('left') && sides.has('right'))) add('location', gradeFor(r), `${a.laterality} in the reference, ${b.laterality} in the candidate`);
  }

  // Anatomic location (both stated, no region in common).
  if (a.location?.length && b.location?.length) {
    const regions = new Set(a.location.map(regionOf));
    if (!b.location.some((l) => regions.has(regionOf(l)))) add('location', gradeFor(r), `${a.location.join(', ')} in the reference, ${b.location.join(', ')} in the candidate`);
  }

  // Device tip and placement.
  if (a.devicePosition && b.devicePosition && a.devicePosition !== b.devicePosition) {
    // Another tip position with the same verdict (both acceptable, or both malpositioned) is a detail.
    add('location', a.devicePlacement !== b.devicePlacement ? 'significant' : 'negligible', `tip ${a.devicePosition} in the reference, ${b.devicePosition} in the candidate`);
  } else if (a.devicePlacement && b.devicePlacement && a.devicePlacement !== b.devicePlacement) {
    add('location', 'significant', `${a.devicePlacement} in the reference, ${b.devicePlacement} in the candidate`);
  }

  // Severity (both stated).
  if (a.severity && b.severity && a.severity !== b.severity) {
    // Grades are coarse (mild / moderate / severe; "minimal" and "mild" are one grade), so a grade apart is significant.
    add('severity', 'significant', `${a.severityText ?? a.severity} in the reference, ${b.severityText ?? b.severity} in the candidate`);
  }

  // Measurement (both stated): within 10% is the same; up to 25% off is negligible.
  if (a.measurementMm !== undefined && b.measurementMm !== undefined) {
    const hi = Math.max(a.measurementMm, b.measurementMm);
    const off = hi === 0 ? 0 : Math.abs(a.measurementMm - b.measurementMm) / hi;
    if (off > 0.1) add('measurement', off > 0.25 ? 'significant' : 'negligible', `${a.measurementMm} mm in the reference, ${b.measurementMm} mm in the candidate`);
  }

  // Certainty: definite 3, likely 2, possible 1.
  const pa = a.probability ?? 3;
  const pb = b.probability ?? 3;
  if (pa !== pb) add('certainty', Math.abs(pa - pb) >= 2 ? 'significant' : 'negligible', `certainty ${pa} of 3 in the reference, ${pb} of 3 in the candidate`);

  // Temporal change (both stated).
  if (a.temporal && b.temporal && TEMPORAL_GROUP[a.temporal] !== TEMPORAL_GROUP[b.temporal]) {
    add('temporal', 'significant', `${a.temporal} in the reference, ${b.temporal} in the candidate`);
  }
  return out;
}

/** Reference weights an LLM would not see: the rules that changed a significance, for reports. */
export interface LexiconJudgement {
  evaluation: CrimsonEvaluation;
  /** Finding id -> the context rule that set its significance. */
  rules: Record<string, string>;
}

/** The evaluation object the lexicon judge produces for a report pair (METRICS.md §1.1). */
export function judgeByLexicon(reference: string, candidate: string, context: Context = {}): LexiconJudgement {
  const refs = judgeReport(reference, 'R', context);
  const preds = judgeReport(candidate, 'P', context);
  const matches = matchFindings(refs, preds);
  const asFinding = (j: Judged): CrimsonFinding => ({ id: j.id, finding: describeFinding(j.f), clinical_significance: j.significance });
  const matchedRefs = new Set(matches.map((m) => m.r));
  const matchedPreds = new Set(matches.map((m) => m.p));
  const order = (m: Match) => refs.indexOf(m.r) * 1000 + preds.indexOf(m.p);
  const sorted = [...matches].sort((x, y) => order(x) - order(y));
  const rules: Record<string, string> = {};
  for (const j of [...refs, ...preds]) if (j.rule) rules[j.id] = j.rule;
  return {
    evaluation: {
      reference_findings: refs.map(asFinding),
      predicted_findings: preds.map(asFinding),
      matched_findings: sorted.map((m) => ({ ref_id: m.r.id, pred_id: m.p.id })),
      errors: {
        false_findings: preds.filter((p) => !matchedPreds.has(p)).map((p) => p.id),
        missing_findings: refs.filter((r) => !matchedRefs.has(r)).map((r) => r.id),
        attribute_errors: sorted.flatMap((m) => attributeErrors(m, matches)),
      },
    },
    rules,
  };
}

/** Options of `crimson:lexicon`; unknown keys are an error. */
export const CrimsonLexiconOptionsSchema = z.strictObject({
  /** Apply the lexicon's patient-context rules to significance (default true). */
  patientContext: z.boolean().default(true),
});

function scoreOne(r: ScoreRequest, patientContext: boolean): ScoreOutcome {
  if (typeof r.reference !== 'string' || typeof r.candidate !== 'string') return { error: 'crimson:lexicon scores text reports; got a structured report' };
  const { evaluation, rules } = judgeByLexicon(r.reference, r.candidate, patientContext ? r.context : {});
  const result = computeCrimsonScore(evaluation);
  return {
    value: result.crimson_score,
    details: {
      approximation: 'crimson:lexicon: lexicon judge, not the CRIMSON LLM judge',
      ...result.metrics,
      error_counts: result.error_counts,
      evaluation,
      ...(Object.keys(rules).length ? { significance_rules: rules } : {}),
    },
  };
}

export const crimsonLexiconProvider: MetricProvider = {
  id: 'crimson:lexicon',
  description: 'APPROXIMATION of CRIMSON: a deterministic offline judge built on the clinical lexicon and extractor, scored with the exact CRIMSON formula',
  create(options): Metric {
    const parsed = CrimsonLexiconOptionsSchema.safeParse(options ?? {});
    if (!parsed.success) throw new Error(`invalid crimson:lexicon options: ${parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('; ')}`);
    const { patientContext } = parsed.data;
    return defineMetric({
      id: 'crimson:lexicon',
      version: '1',
      description: `APPROXIMATION of CRIMSON (lexicon judge, not the LLM judge)${patientContext ? '' : ', no patient context'}`,
      direction: 'higher',
      range: [-1, 1],
      tieTolerance: 0,
      deterministic: true,
      inputs: ['text'],
      symmetric: false,
      batchSize: 64,
      // the extractor on both reports costs more than a cache lookup: a warm run reuses the scores
      cache: true,
      score: (requests) => requests.map((r) => scoreOne(r, patientContext)),
    });
  },
};
