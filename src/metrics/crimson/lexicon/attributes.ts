/**
 * Attribute errors of a matched pair, graded as METRICS §1.5 states (significant 0.5 /
 * negligible 0): side and lobe or zone, device tip, severity, measurement margins, certainty,
 * temporal change, and naming a sign for its interpretation.
 */
import { getLexicon } from '../../../clinical/lexicon/load.js';
import type { Laterality, Temporal } from '../../../clinical/model.js';
import type { CrimsonAttributeError, SignificanceLevel } from '../schema.js';
import { SIGNIFICANCE_WEIGHTS, type AttributeErrorType } from '../score.js';
import { sameTip, tipGrade } from './devices.js';
import type { Judged } from './judged.js';
import { vagueGrade, type Grade } from './grading.js';
import { kindDifferences } from './kinds.js';
import { LEVEL, sharedSign, sideRelation, type Match } from './match.js';

const weightOf = (s: SignificanceLevel): number => SIGNIFICANCE_WEIGHTS[s]!;

/** Significant when the difference matters for a finding of this weight: actionable or urgent. */
const gradeFor = (r: Judged): Grade => (weightOf(r.significance) >= 0.5 ? 'significant' : 'negligible');


/**
 * Location grade (§1.5): none when a region is shared ("base" and "lower lobe") or one holds the
 * other (the lingula is part of the left upper lobe); adjacent zones (upper/mid, mid/lower)
 * negligible; places that do not touch (upper against lower zone, RUL against RLL) significant.
 * DEPARTURE from §1.5: two adjacent lobes (RUL-RML, RML-RLL, LUL-LLL) weigh as the finding does
 * (significant when actionable), where §1.5 calls them negligible. The ranking corpus holds that a
 * middle lobe finding reported in the lower lobe, or a lingular one in the lower lobe, is a real
 * error (the silhouette sign localises it, and bronchoscopy and follow-up target the lobe); see
 * README "Departures".
 */
function locationGrade(a: readonly string[], b: readonly string[], r: Judged): Grade | undefined {
  if (a.some((l) => b.includes(l))) return undefined;
  if (r.f.laterality === 'left' && within(a, b, 'upper lobe', 'lingula')) return undefined;
  const la = a.map((l) => LEVEL[l]).filter((x) => x !== undefined);
  const lb = b.map((l) => LEVEL[l]).filter((x) => x !== undefined);
  if (!la.length || !lb.length) return gradeFor(r);
  const gap = Math.min(...la.flatMap((x) => lb.map((y) => Math.abs(x - y))));
  if (gap === 0) return undefined;
  const lobes = a.some((l) => LOBES.has(l)) && b.some((l) => LOBES.has(l));
  // the left lung has two lobes: its upper (with the lingula) and lower lobes touch (§1.5 "LUL-LLL")
  const adjacent = gap === 1 || (lobes && r.f.laterality === 'left');
  if (lobes) return adjacent ? gradeFor(r) : 'significant';
  return adjacent ? 'negligible' : 'significant';
}

const LOBES = new Set(['upper lobe', 'middle lobe', 'lower lobe', 'lingula']);
const within = (a: readonly string[], b: readonly string[], whole: string, part: string): boolean =>
  (a.includes(whole) && b.includes(part)) || (a.includes(part) && b.includes(whole));

/** Findings measured as nodules and masses, with the §1.5 margins. */
const LESIONS = new Set(['nodule', 'mass', 'granuloma', 'cavitary lesion', 'lung abscess', 'mediastinal mass']);

/** Measurement grade (§1.5): nodules within 2 mm (< 6 mm) or 4 mm, masses within 20 %, crossing 3 cm always significant; other sizes within 20 %. */
function measurementGrade(name: string, a: number, b: number): Grade | undefined {
  if (LESIONS.has(name)) {
    if ((a >= 30) !== (b >= 30)) return 'significant';
    if (a < 30) return Math.abs(a - b) > (a < 6 ? 2 : 4) ? 'significant' : undefined;
  }
  return Math.abs(a - b) > 0.2 * a ? 'significant' : undefined;
}

/**
 * A nodule called a mass across the 3 cm line (or the reverse), both measured: the name follows
 * from the size, so the one error is the measurement's (§1.5), not also a name error.
 */
function sizeNamesIt(a: { name: string; measurementMm?: number }, b: { name: string; measurementMm?: number }): boolean {
  const named = (f: typeof a) => (f.name === 'nodule' && f.measurementMm !== undefined && f.measurementMm < 30) || (f.name === 'mass' && f.measurementMm !== undefined && f.measurementMm >= 30);
  return a.name !== b.name && named(a) && named(b);
}

/** Temporal values that say the same thing about change. */
const TEMPORAL_GROUP: Record<Temporal, string> = { new: 'new', increased: 'worse', worsened: 'worse', decreased: 'better', improved: 'better', unchanged: 'same', resolved: 'resolved' };
/**
 * A change the candidate must not leave out (§1.5 names new / worsening / increasing / resolved;
 * an improvement is read the same way: it is the answer to "is the treatment working"). Missing
 * "stable" is no error.
 */
const CHANGE = new Set<Temporal>(['new', 'increased', 'worsened', 'decreased', 'improved', 'resolved']);

/** The attribute errors of one matched pair, one entry per kind of error. */
export function attributeErrors(m: Match, all: Match[]): CrimsonAttributeError[] {
  const { r, p } = m;
  const a = r.f;
  const b = p.f;
  const out: CrimsonAttributeError[] = [];
  const add = (type: AttributeErrorType, severity: Grade, explanation: string) =>
    out.push({ ref_id: r.id, pred_id: p.id, severity, error_types: [type], explanation });
  const lexicon = getLexicon().byName.get(a.name);
  // the finding's errors are graded on the pair that matched it first
  if (m.names === 'restated') return out;

  if (m.names === 'reinterpreted') {
    add(weightOf(p.significance) < weightOf(r.significance) ? 'unspecific' : 'overinterpretation', 'significant', `the candidate reads the same ${sharedSign(a, b) ?? 'finding'} as "${b.name}" where the reference reads "${a.name}"`);
    // a second reading of a finding another prediction matched: its one error is the reading
    if (all.find((x) => x.r === r) !== m) return out;
  } else if (m.names === 'kind') {
    // tension is §1.5's "simple vs tension" (always significant); fluid, blood or pus a descriptor
    // that weighs as the heavier of the two findings
    const named = (side: 'r' | 'p') => all.filter((x) => x[side === 'r' ? 'p' : 'r'] === (side === 'r' ? p : r)).map((x) => x[side].f.name);
    for (const d of kindDifferences(a.name, b.name, named('r'), named('p'))) {
      const severity: Grade = d.attribute === 'severity' || Math.max(weightOf(r.significance), weightOf(p.significance)) >= 0.5 ? 'significant' : 'negligible';
      add(d.attribute, severity, d.explanation);
    }
  } else if (m.names !== 'same' && !sizeNamesIt(a, b)) {
    const grade = m.names === 'unspecific' ? vagueGrade(p, r) : vagueGrade(r, p);
    // an urgent finding on either side changes management, whatever the pair's own grade (a fistula read from an expected shift)
    const severity: Grade = grade === 'significant' || weightOf(r.significance) >= 1 || weightOf(p.significance) >= 1 ? 'significant' : 'negligible';
    add(m.names, severity, m.names === 'unspecific' ? `the candidate says "${b.name}" where the reference says "${a.name}"` : `the candidate says "${b.name}" where the reference only says "${a.name}"`);
  }

  if (m.reading) readingErrors(m, all, add);

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

  // Anatomic place, both stated (a candidate adding a place the reference lacks is no error).
  if (a.location?.length && b.location?.length) {
    const grade = locationGrade(a.location, b.location, r);
    if (grade) add('location', grade, `${a.location.join(', ')} in the reference, ${b.location.join(', ')} in the candidate`);
  }

  // Device tip: graded by where the device belongs (devices.ts); the same tip named by both is one
  // statement, however each words its verdict.
  if (a.devicePosition && b.devicePosition && a.devicePosition !== b.devicePosition) {
    add('location', a.devicePlacement !== b.devicePlacement ? 'significant' : tipGrade(a.name, a.devicePosition, b.devicePosition), `tip ${a.devicePosition} in the reference, ${b.devicePosition} in the candidate`);
  } else if (!sameTip(a, b) && (a.devicePlacement === 'malpositioned') !== (b.devicePlacement === 'malpositioned')) {
    // A malposition one report states and the other leaves unsaid (the contradicting case is no match,
    // match.ts): the urgent part of the finding is missed, or an alarm is raised the reference does not.
    const where = (f: typeof a) => (f.devicePlacement === 'malpositioned' ? `malpositioned${f.devicePosition ? ` (tip ${f.devicePosition})` : ''}` : 'position not stated');
    add('location', 'significant', `${where(a)} in the reference, ${where(b)} in the candidate`);
  }

  // Severity, both stated: grades are coarse (minimal and mild are one grade), so a grade apart changes management.
  if (a.severity && b.severity && a.severity !== b.severity) {
    add('severity', 'significant', `${a.severityText ?? a.severity} in the reference, ${b.severityText ?? b.severity} in the candidate`);
  }

  // Descriptor (§1.5): smooth vs irregular margins, solid vs ground-glass, simple vs complex, and
  // calcified vs not or acute vs healed (benign against needing work-up): significant. Stated in one
  // report only is no error.
  for (const axis of Object.keys(r.descriptors) as (keyof typeof r.descriptors)[]) {
    const x = r.descriptors[axis];
    const y = p.descriptors[axis];
    if (x && y && x !== y) add('descriptor', 'significant', `${x} in the reference, ${y} in the candidate`);
  }

  if (a.measurementMm !== undefined && b.measurementMm !== undefined && a.measurementMm !== b.measurementMm) {
    // A device's tip distance is read for its verdict: two distances that both leave the tube
    // well placed (4 vs 5 cm above the carina) or both malpositioned change nothing; a differing
    // verdict is already the significant location error above.
    const grade = lexicon?.category === 'device' ? (a.devicePlacement === b.devicePlacement ? 'negligible' : undefined) : measurementGrade(a.name, a.measurementMm, b.measurementMm);
    if (grade) add('measurement', grade, `${a.measurementMm} mm in the reference, ${b.measurementMm} mm in the candidate`);
  }

  // Certainty (§1.5): a hedge added or removed changes management for an actionable or urgent
  // finding ("pneumothorax" vs "possible pneumothorax", "suspicious for collapse" vs "collapse");
  // hedges of one strength are one level (CONVENTIONS §5-6: "likely" = "probable"), so no error.
  // DEPARTURE: the scale puts "compatible with" at 3 and "suggestive of" at 2, so that pair, which
  // §1.5 calls negligible, weighs as the finding does (README "Departures").
  // a reading of a differential is possible (CONVENTIONS §7), however certain its sign
  const pa = m.reading?.in === 'r' ? 1 : (a.probability ?? 3);
  const pb = m.reading?.in === 'p' ? 1 : (b.probability ?? 3);
  if (pa !== pb) add('certainty', gradeFor(r), `certainty ${pa} of 3 in the reference, ${pb} of 3 in the candidate`);

  // the change may be stated on another mention of the finding ("TTN cannot be excluded. New
  // opacities at the base.": the sign, restated, carries "new")
  const said = b.temporal ?? all.find((x) => x.r === r && x.names === 'restated' && x.p.f.temporal)?.p.f.temporal;
  if (a.temporal && said && TEMPORAL_GROUP[a.temporal] !== TEMPORAL_GROUP[said]) {
    add('temporal', 'significant', `${a.temporal} in the reference, ${said} in the candidate`);
  } else if (a.temporal && !said && CHANGE.has(a.temporal)) {
    // significant whatever the finding weighs (§1.5 gives the level): whether it is new, growing,
    // shrinking or gone is what the comparison was asked for
    add('temporal', 'significant', `${a.temporal} in the reference, not stated in the candidate`);
  }
  return out;
}

/**
 * A match through one reading of a differential: another reading that weighs more than the one
 * both name raises (candidate) or drops (reference) a possibility that changes management
 * ("atelectasis versus pneumonia" for "likely atelectasis"): significant, one error.
 */
function readingErrors(m: Match, all: Match[], add: (type: AttributeErrorType, severity: Grade, explanation: string) => void): void {
  const { name, in: side } = m.reading!;
  const own = side === 'p' ? m.p : m.r;
  const named = weightOf((own.readings ?? []).find((x) => x.name === name)?.significance ?? own.significance);
  // a reading the other report also names, matched to this finding, is shared, not raised or dropped
  const shared = new Set(all.filter((x) => (side === 'p' ? x.p === own : x.r === own)).map((x) => (side === 'p' ? x.r.f.name : x.p.f.name)));
  const heavier = (own.readings ?? []).filter((x) => x.name !== name && !shared.has(x.name) && weightOf(x.significance) > named);
  if (!heavier.length) return;
  const others = heavier.map((x) => x.name).join(' or ');
  if (side === 'p') add('overinterpretation', 'significant', `the candidate also offers ${others} where the reference reads "${name}"`);
  else add('unspecific', 'significant', `the candidate reads "${name}" where the reference also offers ${others}`);
}
