/**
 * Pairs candidate findings with reference findings (METRICS §1.5 matching rules), in passes:
 * same name and compatible side; same name, other side (a location error, except a lesion of the
 * lung, pleura or bones: `wrongSide`); a sign and its
 * interpretation (`lung opacity` for `pneumonia`: unspecific / overinterpretation). A device
 * said to be malpositioned in one report and well placed in the other is not the same finding.
 */
import type { Finding, Laterality, Temporal } from '../../../clinical/model.js';
import { getLexicon } from '../../../clinical/lexicon/load.js';
import { sameTip } from './devices.js';
import { vagueGrade } from './grading.js';
import { partOf, sameCore } from './kinds.js';
import type { Judged } from './judged.js';
import { SIGNIFICANCE_WEIGHTS } from '../score.js';

const weight = (j: Judged): number => SIGNIFICANCE_WEIGHTS[j.significance] ?? 0.25;

export type SideRelation = 'same' | 'unstated' | 'subset' | 'superset' | 'opposite';

/** How the candidate's side relates to the reference's. */
export function sideRelation(ref: Laterality | undefined, pred: Laterality | undefined): SideRelation {
  if (ref === pred) return 'same';
  if (ref === undefined || pred === undefined) return 'unstated';
  if (ref === 'bilateral') return 'subset';
  if (pred === 'bilateral') return 'superset';
  return 'opposite';
}

export interface Match {
  r: Judged;
  p: Judged;
  /** How the names relate. */
  /** reinterpreted: the same sign read as another finding ("opacity, likely atelectasis" for "opacity, suspicious for pneumonia"). */
  /** restated: a second, vaguer or more specific, mention of a reference finding already matched (no error of its own). */
  /** kind: two names of one core pleural finding (a pneumothorax and a tension pneumothorax: kinds.ts). */
  names: 'same' | 'unspecific' | 'overinterpretation' | 'reinterpreted' | 'restated' | 'kind';
  /**
   * Matched through a reading of an undecided differential (`Finding.interpretations`): the other
   * report names one of the alternatives the sign of `in` was given ("opacity, atelectasis or
   * pneumonia" for "pneumonia"). The two name one finding; the differential's reading is possible.
   */
  reading?: { name: string; in: 'r' | 'p' };
}

/** Whether `j` is a sign whose differential names `name`. */
const reads = (j: Judged, name: string): boolean => !!j.readings?.some((x) => x.name === name);

/**
 * Contradicting placements ("malpositioned" against "well positioned") are two different statements,
 * unless both name the same tip: then they state one position and differ only in how they word it.
 */
function placementsAgree(r: Judged, p: Judged): boolean {
  const a = r.f.devicePlacement;
  const b = p.f.devicePlacement;
  return a === undefined || b === undefined || a === b || sameTip(r.f, p.f);
}

/**
 * A finding the reference calls benign and expected (a calcified granuloma, an old healed fracture,
 * a tortuous aorta) is not the finding a candidate reports as one to act on (a nodule for CT, an
 * acute fracture, an aneurysm): the candidate raises an alarm the reference dismisses. Matched,
 * the error would weigh nothing (a benign finding carries no weight, METRICS §1.2), so a report
 * that turns an incidental finding into a work-up would score as the faithful one; unmatched, the
 * alarm is a false finding of its own weight. The other way round (an acute fracture called old and
 * healed) the candidate dismisses what must be acted on: the reference finding is missed. DEPARTURE
 * from §1.5's "a vaguer or more specific term is a match": only where the two weigh on opposite
 * sides of acting (benign against actionable or urgent).
 */
function ok(r: Judged, p: Judged): boolean {
  if (wrongSide(r, p)) return false;
  if (otherCourse(r.f.temporal, p.f.temporal)) return false;
  return !(r.significance === 'benign_expected' && weight(p) >= 0.5) && !(p.significance === 'benign_expected' && weight(r) >= 0.5);
}

/** Categories whose side is the lesion's own place: the lung, the pleura, the ribs and other bones. */
const SIDED = new Set(['lung', 'pleura', 'bone']);

/**
 * A lesion of the lung, pleura or chest wall named on the other side is not the reference's
 * finding: the drain, the aspiration, the block or the follow-up goes to the side without it,
 * and the side with it goes untreated. Unmatched, it is a false finding where the candidate puts
 * it and a missed one where it is; matched, the wrong side would keep half of the finding's credit
 * or more, above a report that names it on its side with a grade wrong. DEPARTURE from §1.5 ("a
 * finding at another location is a location error, not a miss"), for these categories only: the
 * side a midline structure is displaced to (mediastinal shift, tracheal deviation) is a direction,
 * and a device, a foreign body or an operation named on the other side (an inhaled foreign body
 * still leads to bronchoscopy of both bronchi) stay matched with a location error.
 */
export function wrongSide(r: Judged, p: Judged): boolean {
  if (sideRelation(r.f.laterality, p.f.laterality) !== 'opposite') return false;
  const entry = getLexicon().byName.get(r.f.name);
  return !!entry?.lateralized && SIDED.has(entry.category) && SIDED.has(getLexicon().byName.get(p.f.name)?.category ?? '');
}

const WORSE = new Set<Temporal>(['new', 'increased', 'worsened']);
const BETTER = new Set<Temporal>(['decreased', 'improved', 'resolved']);
const course = (t: Temporal): 'worse' | 'better' | 'same' | undefined => (WORSE.has(t) ? 'worse' : BETTER.has(t) ? 'better' : t === 'unchanged' ? 'same' : undefined);

/**
 * Both reports state a course for the finding and the courses contradict: worse against better, or a
 * change against none ("enlarging" / "stable", "new" / "unchanged"). The course is what a follow-up
 * film is read for (is the treatment working, is this new since the line went in): the candidate's
 * course is a change that did not happen, or dismisses one that did. Unmatched, the candidate's
 * finding is false and the reference's missed; matched, the wrong course kept half of an actionable
 * finding's credit, where raters put it with a missed finding or below. DEPARTURE from §1.5 ("wrong
 * new / worsening / increasing / resolved" is a temporal error): a course one report leaves unsaid
 * stays a temporal error of the matched pair.
 */
export function otherCourse(a: Temporal | undefined, b: Temporal | undefined): boolean {
  if (!a || !b) return false;
  const x = course(a);
  const y = course(b);
  return x !== undefined && y !== undefined && x !== y;
}

/** Pairs candidate findings with reference findings (see the module comment). */
export function matchFindings(refs: Judged[], preds: Judged[]): Match[] {
  const matches: Match[] = [];
  const refMatched = new Set<Judged>();
  const predMatched = new Set<Judged>();
  const pair = (r: Judged, p: Judged, names: Match['names']) => {
    matches.push({ r, p, names });
    refMatched.add(r);
    predMatched.add(p);
  };
  const sameName = (x: Judged, p: Judged) => x.f.name === p.f.name && placementsAgree(x, p);
  // 1. Same name, same or unstated side, one to one.
  for (const rel of ['same', 'unstated'] as const) {
    for (const p of preds) {
      if (predMatched.has(p)) continue;
      const r = refs.find((x) => !refMatched.has(x) && ok(x, p) && sameName(x, p) && sideRelation(x.f.laterality, p.f.laterality) === rel);
      if (r) pair(r, p, 'same');
    }
  }
  // 2. Same name, part of a bilateral finding (either way; a reference may take several candidates).
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const r = refs.find((x) => ok(x, p) && sameName(x, p) && sideRelation(x.f.laterality, p.f.laterality) === 'subset');
    if (r) pair(r, p, 'same');
  }
  for (const r of refs) {
    if (refMatched.has(r)) continue;
    const p = preds.find((x) => ok(r, x) && sameName(r, x) && sideRelation(r.f.laterality, x.f.laterality) === 'superset');
    if (p) pair(r, p, 'same');
  }
  // 2b. A kind of the same core pleural finding (tension, fluid, blood: a severity or descriptor
  // error, kinds.ts), on a compatible side, then on any side (a location error as well).
  const kinds = (sides: (x: Judged, p: Judged) => boolean) => {
    for (const p of preds) {
      if (predMatched.has(p)) continue;
      const r = refs.find((x) => !refMatched.has(x) && ok(x, p) && sameCore(x.f.name, p.f.name) && sides(x, p));
      if (r) pair(r, p, 'kind');
    }
  };
  kinds(compatible);
  // 3. Same name, any side: the wrong side is a location error.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const r = refs.find((x) => !refMatched.has(x) && ok(x, p) && sameName(x, p));
    if (r) pair(r, p, 'same');
  }
  kinds(() => true);
  // 3b. A reading of a differential (CONVENTIONS §4: the sign is the finding, the alternatives its
  // candidate interpretations): the other report naming one of them names that finding, in its place.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const r = refs.find((x) => !refMatched.has(x) && ok(x, p) && compatible(x, p) && samePlace(x.f, p.f) && (reads(p, x.f.name) || reads(x, p.f.name)));
    if (!r) continue;
    pair(r, p, 'same');
    matches[matches.length - 1]!.reading = reads(p, r.f.name) ? { name: r.f.name, in: 'p' } : { name: p.f.name, in: 'r' };
  }
  // 4. A sign for its interpretation or the reverse, side compatible.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const r = refs.find((x) => !refMatched.has(x) && ok(x, p) && sideRelation(x.f.laterality, p.f.laterality) !== 'opposite' && (vagueGrade(p, x) || vagueGrade(x, p)));
    if (!r) continue;
    // a sign given a differential that does not hold the other report's reading is read otherwise
    // ("cavitating consolidation, pneumonia or abscess" for tuberculosis): one finding, reinterpreted
    const general = vagueGrade(p, r) ? p : r;
    pair(r, p, general.readings?.length ? 'reinterpreted' : general === p ? 'unspecific' : 'overinterpretation');
  }
  // 5. The same sign read as two different findings, in the same place.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const r = refs.find((x) => !refMatched.has(x) && ok(x, p) && sideRelation(x.f.laterality, p.f.laterality) !== 'opposite' && sharedSign(x.f, p.f) && samePlace(x.f, p.f));
    if (r) pair(r, p, 'reinterpreted');
  }
  // 6. One reference finding may match several predictions (§1.5): a candidate naming it a second
  // time, vaguer or more specific, on its side and in its place ("right lower lobe opacity ...
  // right lower lobe consolidation" for a right lower lobe pneumonia), is that finding, not a false one;
  // so is one neither report places (a diffuse finding: "venous diversion and interstitial oedema" for
  // oedema). A mention weightier than both matched reads the finding as more ("sternotomy wires ...
  // sternal dehiscence"): an error of that finding, not a free restatement.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const m = matches.find((x) => ok(x.r, p) && sideRelation(x.r.f.laterality, p.f.laterality) === 'same' && (placed(x.r.f, p.f) || (!x.r.f.location?.length && !p.f.location?.length)) && (vagueGrade(p, x.r) || vagueGrade(x.r, p)));
    if (m) pair(m.r, p, weight(p) > Math.max(weight(m.p), weight(m.r)) ? 'reinterpreted' : 'restated');
  }
  // 6b. One part of a kind named apart, beside the other ("left pneumothorax and left effusion" for a
  // left hydropneumothorax, "pneumothorax ... tension" in two sentences): the same finding.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const m = matches.find((x) => ok(x.r, p) && compatible(x.r, p) && x.p.f.name !== p.f.name && (partOf(p.f.name, x.r.f.name) || partOf(p.f.name, x.p.f.name)));
    if (m) pair(m.r, p, 'restated');
  }
  for (const r of refs) {
    if (refMatched.has(r)) continue;
    const m = matches.find((x) => ok(r, x.p) && compatible(r, x.p) && x.r.f.name !== r.f.name && (partOf(r.f.name, x.p.f.name) || partOf(r.f.name, x.r.f.name)));
    if (m) pair(r, m.p, 'restated');
  }
  // 7. A sign named beside its interpretation (§1.5: one finding, the sign its evidence): "bronchial
  // wall thickening" listed apart where the other report reads bronchiectasis from it, or the same
  // sign read by both, one report naming the sign again. Either way round, on a compatible side.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const m = matches.find((x) => ok(x.r, p) && (compatible(x.r, p) || moved(p)) && (signOf(p.f, x.r.f) || signOf(p.f, x.p.f)));
    if (m) pair(m.r, p, 'restated');
  }
  for (const r of refs) {
    if (refMatched.has(r)) continue;
    const m = matches.find((x) => ok(r, x.p) && (compatible(r, x.p) || moved(r)) && (signOf(r.f, x.p.f) || signOf(r.f, x.r.f)));
    if (m) pair(r, m.p, 'restated');
  }
  // 8. Alternatives read from one sign ("opacity, possibly atelectasis or infection"): one finding
  // with a differential; the alternative not matched is the matched one's, not a finding of its own.
  // A weightier alternative than the reading matched ("atelectasis versus pneumonia" for "likely
  // atelectasis") raises or drops a possibility that changes management: an error of that finding.
  const lighter = (x: Judged, than: Judged) => weight(x) <= weight(than);
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const m = matches.find((x) => x.p !== p && ok(x.r, p) && alternatives(x.p.f, p.f));
    if (m) pair(m.r, p, lighter(p, m.p) ? 'restated' : 'reinterpreted');
  }
  for (const r of refs) {
    if (refMatched.has(r)) continue;
    const m = matches.find((x) => x.r !== r && ok(r, x.p) && alternatives(x.r.f, r.f));
    if (m) pair(r, m.p, lighter(r, m.r) ? 'restated' : 'reinterpreted');
  }
  // 8b. The other report names a reading of a differential already matched once more ("opacity:
  // atelectasis versus early pneumonia" written as two findings for "opacity, atelectasis or
  // infection"): the same finding, no error of its own.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const m = matches.find((x) => ok(x.r, p) && (readingOf(p.f, x.r.f) || readingOf(p.f, x.p.f)));
    if (m) pair(m.r, p, 'restated');
  }
  for (const r of refs) {
    if (refMatched.has(r)) continue;
    const m = matches.find((x) => ok(r, x.p) && (readingOf(r.f, x.p.f) || readingOf(r.f, x.r.f)));
    if (m) pair(r, m.p, 'restated');
  }
  // 9. Another reading of an airspace abnormality already matched, on its side and in its place
  // ("left upper zone opacity ... consolidation, ?aspiration" for a contusion there): the same
  // finding read wrongly once more, an error of that finding, not a false finding elsewhere.
  for (const p of preds) {
    if (predMatched.has(p)) continue;
    const m = matches.find((x) => ok(x.r, p) && sameSign(x.r.f, p.f));
    if (m) pair(m.r, p, 'reinterpreted');
  }
  return matches;
}

/** Signs of one airspace abnormality: an opacity and a consolidation differ in wording only (§1.5). */
const AIRSPACE = new Set(['lung opacity', 'consolidation']);
const airspace = (f: Finding): boolean => AIRSPACE.has(f.name) || !!f.evidence?.some((e) => AIRSPACE.has(e));

/** Read from the same sign: a shared one, or airspace signs on one stated side in one stated place. */
function sameSign(a: Finding, b: Finding): boolean {
  if (a.name === b.name || sideRelation(a.laterality, b.laterality) !== 'same') return false;
  return (!!sharedSign(a, b) && samePlace(a, b)) || (!!a.laterality && airspace(a) && airspace(b) && placed(a, b));
}

/** A shift's side is where the midline moved to, away from a tension or towards a collapse: not the side of its cause. */
const SHIFTS = new Set(['mediastinal shift', 'tracheal deviation']);
const moved = (j: Judged): boolean => SHIFTS.has(j.f.name);

/** Sides that do not contradict. */
export const compatible = (a: Judged, b: Judged): boolean => sideRelation(a.f.laterality, b.f.laterality) !== 'opposite';

/** `sign` is a sign `f` was read from, in its place. */
export function signOf(sign: Finding, f: Finding): boolean {
  return sign.name !== f.name && !!f.evidence?.includes(sign.name) && samePlace(sign, f);
}

/** `a` names a reading of the differential `b` was given, on a compatible side, in its place. */
export function readingOf(a: Finding, b: Finding): boolean {
  return a !== b && !!b.interpretations?.includes(a.name) && sideRelation(a.laterality, b.laterality) !== 'opposite' && samePlace(a, b);
}

/** Two readings of one sign in one sentence and place: the alternatives of a differential. */
export function alternatives(a: Finding, b: Finding): boolean {
  return a !== b && a.name !== b.name && a.sentence === b.sentence && sideRelation(a.laterality, b.laterality) === 'same' && samePlace(a, b) && !!sharedSign(a, b);
}

/** Both placed, in the same region or level. */
function placed(a: Finding, b: Finding): boolean {
  return !!a.location?.length && !!b.location?.length && samePlace(a, b);
}

/** The sign two findings were both read from, if any. */
export function sharedSign(a: Finding, b: Finding): string | undefined {
  return a.evidence?.find((e) => b.evidence?.includes(e));
}

/** Vertical level of an anatomy id (0 upper, 1 middle, 2 lower); adjacent levels differ by 1. */
export const LEVEL: Readonly<Record<string, number>> = {
  'upper lobe': 0, apex: 0, 'upper zone': 0,
  'middle lobe': 1, lingula: 1, 'mid zone': 1, hilum: 1, perihilar: 1,
  'lower lobe': 2, base: 2, 'lower zone': 2, 'costophrenic angle': 2, subpulmonic: 2, retrocardiac: 2, 'cardiophrenic angle': 2,
};

/** Same place or same level ("retrocardiac" and "lower lobe"), or a place unstated. */
function samePlace(a: Finding, b: Finding): boolean {
  if (!a.location?.length || !b.location?.length) return true;
  return a.location.some((l) => b.location!.includes(l) || (LEVEL[l] !== undefined && b.location!.some((m) => LEVEL[m] === LEVEL[l])));
}
