/**
 * From sentence findings to the findings of a report (CONVENTIONS §34-35): mentions of one
 * finding in several sentences (findings and impression) become one, and a sign stated in one
 * sentence is absorbed by its interpretation stated in another ("right basilar opacity" ...
 * "impression: right lower lobe pneumonia" is one finding, pneumonia, with the opacity as its
 * evidence).
 */
import { keepsBesideHedge } from '../extract/attributes.js';
import { DIFFUSE } from '../extract/diffuse.js';
import { getLexicon } from '../lexicon/load.js';
import type { Finding, Laterality, Status } from '../model.js';
import { absorbExplainedSigns } from './explained-signs.js';

const RANK: Record<Status, number> = { absent: 0, uncertain: 1, present: 2 };

/** Sides that may be the same finding: equal, or one of them unstated. */
function sameSide(a: Laterality | undefined, b: Laterality | undefined): boolean {
  return a === b || a === undefined || b === undefined;
}

const affirmed = (f: Finding): boolean => f.status !== 'absent';

/** Fills what `into` lacks from `more`; the more affirmative (and then more certain) status wins. */
function mergeInto(into: Finding, more: Finding): void {
  if (RANK[more.status] > RANK[into.status] || (more.status === into.status && (more.probability ?? 0) > (into.probability ?? 0))) {
    into.status = more.status;
    if (more.probability === undefined) delete into.probability;
    else into.probability = more.probability;
  }
  into.laterality ??= more.laterality;
  if (more.location) into.location = [...new Set([...(into.location ?? []), ...more.location])].sort();
  if (more.evidence) into.evidence = [...new Set([...(into.evidence ?? []), ...more.evidence])];
  if (more.interpretations) into.interpretations = [...new Set([...(into.interpretations ?? []), ...more.interpretations])];
  for (const key of ['severity', 'severityText', 'measurementMm', 'dimensionsMm', 'temporal', 'devicePosition', 'devicePlacement'] as const) {
    if (into[key] === undefined && more[key] !== undefined) (into as unknown as Record<string, unknown>)[key] = more[key];
  }
  // A malposition stated anywhere outweighs a placement read elsewhere.
  if (more.devicePlacement === 'malpositioned') into.devicePlacement = 'malpositioned';
}

/** Devices placed in numbers, each its own (drains, cannulas); a pacemaker's leads are parts of one device. */
const SEVERAL = new Set(['chest tube', 'ecmo cannula']);

/**
 * One finding per (name, side); an unsided mention joins a sided one; absent only when never affirmed. Two devices of one
 * kind placed in numbers, named apart in one sentence, are two devices ("two mediastinal drains and a left pleural drain").
 */
function mergeMentions(findings: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const apart = (g: Finding): boolean => g.sentence === f.sentence && affirmed(f) && SEVERAL.has(f.name);
    const same = out.find((g) => g.name === f.name && affirmed(g) === affirmed(f) && sameSide(g.laterality, f.laterality) && !apart(g));
    if (same) mergeInto(same, f);
    else {
      const copy = { ...f };
      if (f.location) copy.location = [...f.location];
      out.push(copy);
    }
  }
  // "No left effusion" does not cancel a right one; "no pneumothorax" after "small pneumothorax" does not either.
  return out.filter((f) => affirmed(f) || !out.some((g) => affirmed(g) && g.name === f.name && sameSide(g.laterality, f.laterality)));
}

/**
 * Radiographic zones that name the same region in other words (`R lower zone` ... `R basal pneumonia`), and the lobe a
 * zone projects over: a sign in the lower zone read in another sentence as lower lobe pneumonia is that pneumonia (the
 * film shows zones; the impression names the lobe they lie in; METRICS §1.5 calls adjacent places one finding).
 */
const REGION: Record<string, string> = {
  base: 'lower', 'lower zone': 'lower', 'costophrenic angle': 'lower', retrocardiac: 'lower', 'lower lobe': 'lower',
  apex: 'upper', 'upper zone': 'upper', 'upper lobe': 'upper',
  'mid zone': 'mid', perihilar: 'mid', 'middle lobe': 'mid', lingula: 'mid',
};

const region = (l: string): string => REGION[l] ?? l;

/** A sign's side fits an interpretation's: the same, one of them unstated, or one side of a bilateral interpretation. */
function sideFits(sign: Laterality | undefined, interpretation: Laterality | undefined): boolean {
  return sameSide(sign, interpretation) || interpretation === 'bilateral';
}

/** What a report calls what it has just described, before the interpretation ("Findings most consistent with ...", "Features s/o ..."). */
const SUMMARY = /(?:^|[.:;\n])\s*(?:the |these |overall |radiographic |radiological )?(?:findings|appearances?|features|picture|pattern)\b[^.:;\n]{0,40}$/i;
/** Words of a sign's own term that place it in the lung ("airspace opacities", "parenchymal density"). */
const IN_LUNG = /\b(?:air ?space|parenchymal|pulmonary|lung)\b/i;
/** Parenchymal patterns a summary interpretation is read from, wherever the report placed them. */
const SUMMARISED = new Set(['lung opacity', 'consolidation', 'ground-glass opacity', 'interstitial opacities', 'nodule', 'silhouette sign']);

/**
 * "Scattered calcified granulomas in the right upper zone. ... Conclusion: old TB": calcified granulomas and nodes described in
 * a sentence of their own are lesions the report lists, each a finding; the old infection named elsewhere is what the
 * report makes of the lung's scarring. Stated together ("calcified granuloma and node, compatible with a Ranke complex")
 * they are one finding (the sentence links them).
 */
const LESIONS_OF_THEIR_OWN: Readonly<Record<string, ReadonlySet<string>>> = {
  'healed tuberculosis': new Set(['granuloma', 'calcified lymph nodes']),
};

/** Interpretations stated of the findings described before them ("... Findings consistent with post-radiation fibrosis."). */
function summaries(merged: readonly Finding[], text: string | undefined): ReadonlySet<Finding> {
  if (text === undefined) return new Set();
  return new Set(merged.filter((f) => affirmed(f) && SUMMARY.test(text.slice(Math.max(0, f.span[0] - 60), f.span[0]))));
}

/** Whether `sign` can be the evidence of `interpretation` in another sentence: same side and no other place. */
function evidenceFor(sign: Finding, interpretation: Finding, ownLocation: readonly string[] | undefined, summary = false, inLung = false): boolean {
  const signs = getLexicon().byName.get(interpretation.name)?.signs;
  // "Persistent bilateral airspace opacities. Small bilateral effusions unchanged.": an opacity said to be in the lung is
  // no pleural collection's evidence across sentences
  if (inLung && getLexicon().byName.get(interpretation.name)?.category === 'pleura') return false;
  // Within a sentence the extractor already linked signs to what they are stated to mean.
  if (sign.sentence === interpretation.sentence) return false;
  if (LESIONS_OF_THEIR_OWN[interpretation.name]?.has(sign.name)) return false;
  if (!signs || !(sign.name in signs) || !affirmed(sign) || !affirmed(interpretation)) return false;
  // "Prominent interstitial markings ... Impression: Findings most consistent with TTN": the findings described are its signs
  if (summary && sign.sentence < interpretation.sentence && SUMMARISED.has(sign.name) && sideFits(sign.laterality, interpretation.laterality)) return true;
  if (keepsBesideHedge(sign, interpretation, getLexicon().byName.get(sign.name)?.category === 'pleura')) return false;
  // a differential named elsewhere ("differential includes ... abscess") does not replace a stated finding, unless it
  // was stated as the interpretation of that same sign ("... opacities, which may represent atelectasis or pneumonia")
  // a possible interpretation in the very next sentence, naming no place of its own, is about that sign ("Haziness in the R
  // lower zone. ? early consolidation cannot be excluded.")
  const next = interpretation.sentence === sign.sentence + 1 && !interpretation.laterality && !interpretation.location?.length;
  if ((interpretation.probability ?? 3) < 2 && !interpretation.evidence?.includes(sign.name) && !next) return false;
  // a sign that has no side or place of its kind, hedged in the very next sentence ("Globular enlargement of the cardiac
  // silhouette. Pericardial effusion is not excluded.")
  const entry = getLexicon().byName.get(sign.name);
  if (next && interpretation.status === 'uncertain' && entry && !entry.lateralized && !entry.located) return true;
  // an unsided diffuse process fills both lungs: it is no sign of a one-sided finding ("hyperexpanded lungs, consistent with
  // emphysema" ... "large right apical bulla")
  const signSide = DIFFUSE.has(sign.name) ? sign.laterality ?? 'bilateral' : sign.laterality;
  if (!sideFits(signSide, interpretation.laterality)) return false;
  // "Right hilum is elevated. ... Right upper lobe collapse": a hilum pulled towards the volume lost on its side is the
  // sign of that loss, whatever lobe the interpretation names
  if (sign.name === 'hilar retraction' && sign.laterality !== undefined && sign.laterality === interpretation.laterality) return true;
  const a = sign.location ?? [];
  const b = ownLocation ?? [];
  if (a.length && b.length) return a.some((l) => b.includes(l) || b.some((m) => region(m) === region(l)));
  // the interpretation was read from this kind of sign already: the sign restated without a place is the same one
  // ("patchy basal opacities, consistent with pneumonia" ... "IMPRESSION: worsening bilateral opacities")
  if (a.length === 0 && interpretation.evidence?.includes(sign.name)) return true;
  // Across sentences a stated place must agree, or the interpretation names none for a placed sign
  // ("right basilar opacity. ... Findings concerning for pneumonia.").
  const placed = a.length > 0 || sign.laterality !== undefined;
  // the interpretation names no place of its own: no side at all, or the sign's side ("R apical PTX" ... "R haemopneumothorax")
  return placed && b.length === 0 && (interpretation.laterality === undefined || interpretation.laterality === sign.laterality || interpretation.laterality === 'bilateral');
}

/**
 * The findings of a report: repeated mentions merged, signs absorbed by an interpretation stated
 * elsewhere in the report. Ids are renumbered `F1..Fn` in order of first mention. With the report `text`, a vascular
 * sheath named with the catheter passed through it is that catheter's access, not a device of its own.
 */
export function consolidate(findings: readonly Finding[], text?: string): Finding[] {
  const merged = mergeMentions(findings);
  const absorbed = new Set<Finding>();
  if (text !== undefined) sheathsIntoCatheters(merged, absorbed, text);
  // places as stated, before absorbed signs add theirs ("R upper lobe consolidation. L lower lobe consolidation. Bilateral pneumonia.")
  const stated = new Map(merged.map((f) => [f, f.location]));
  const summarising = summaries(merged, text);
  // "airspace disease" restates an airspace opacity: it takes no sign (absorbAirspaceDisease joins it to the opacity)
  const restated = new Set(text === undefined ? [] : merged.filter((f) => f.name === 'consolidation' && AIRSPACE_DISEASE.test(text.slice(f.span[0], f.span[1]))));
  for (const sign of merged) {
    const inLung = text !== undefined && sign.name === 'lung opacity' && IN_LUNG.test(text.slice(sign.span[0], sign.span[1]));
    // an undecided differential's sign is read only as one of its own readings, never as another finding's evidence
    const readings = sign.interpretations;
    const target = merged.find((t) => t !== sign && !absorbed.has(t) && !restated.has(t) && (!readings?.length || readings.includes(t.name)) && evidenceFor(sign, t, stated.get(t), summarising.has(t), inLung));
    if (!target) continue;
    absorbed.add(sign);
    mergeInto(target, { ...sign, name: target.name, status: target.status, probability: target.probability, evidence: [sign.name, ...(sign.evidence ?? [])], interpretations: undefined } as Finding);
    target.laterality ??= sign.laterality;
  }
  absorbGenericSurgery(merged, absorbed);
  absorbUnplacedMass(merged, absorbed);
  if (text !== undefined) absorbHilarBulk(merged, absorbed, text);
  if (text !== undefined) absorbAirspaceDisease(merged, absorbed, text);
  if (text !== undefined) absorbExplainedSigns(merged, absorbed, text);
  // in place, keys where a spread would put them: `merged` holds this call's own copies
  const out = merged.filter((f) => !absorbed.has(f));
  for (let i = 0; i < out.length; i++) {
    const f = out[i]!;
    const side = airwaySide(f);
    const placed = text === undefined ? undefined : presumedPlacement(f, text);
    if (side) f.laterality = side.laterality;
    if (placed) f.devicePlacement = placed.devicePlacement;
    if (text !== undefined && tunnelledInAtrium(f, text)) f.devicePlacement = 'appropriate';
    if (text !== undefined && sheathInGreatVein(f, text)) f.devicePlacement = 'appropriate';
    f.id = `F${i + 1}`;
  }
  return out;
}

/** Devices worn on the skin or the neck: nothing is placed inside, so no placement is read for them. */
const EXTERNAL = new Set(['ecg leads', 'defibrillator pads', 'cervical collar']);
/** Words saying the tip or the device itself is in question: no placement is presumed. */
const PROBLEM = /^[^.;]{0,80}?\b(?:not (?:clearly |well |definitely )?(?:seen|visuali[sz]ed|identified|traced|delineated|visible)|cannot be (?:seen|traced|identified)|obscured|fractur\w*|break|broken|disconnect\w*|kink\w*|\?)/i;

/**
 * "Chest tube in place", "Mediastinal drains x2", "ETT, NG tube and Swan-Ganz unchanged": a device the report names with
 * no tip and no problem is in an acceptable position (CONVENTIONS §21: a radiologist states a malposition; listing a line
 * without comment says it is where it belongs).
 */
function presumedPlacement(f: Finding, text: string): Pick<Finding, 'devicePlacement'> | undefined {
  if (f.devicePlacement || f.status === 'absent' || EXTERNAL.has(f.name) || getLexicon().byName.get(f.name)?.category !== 'device') return undefined;
  if (PROBLEM.test(text.slice(f.span[1], f.span[1] + 120))) return undefined;
  return { devicePlacement: 'appropriate' };
}

const TUNNELLED = /\b(?:hickman|groshong|tunnel+ed)\b/i;
const TOO_DEEP_WORDS = /\b(?:deep\w*|withdraw\w*|retract\w*|pull\w* back|malposit\w*|too far)\b/i;

/** The mention's sentence, from the device's name to the next full stop. */
const sentenceFrom = (f: Finding, text: string): string => {
  const end = text.indexOf('.', f.span[1]);
  return text.slice(f.span[0], end < 0 ? undefined : end);
};

const GREAT_VEINS = new Set(['brachiocephalic vein', 'subclavian vein', 'svc']);

/** "Right IJ introducer sheath, tip in the brachiocephalic vein": a sheath is short, its tip lies in the great veins where it is placed. */
function sheathInGreatVein(f: Finding, text: string): boolean {
  if (f.name !== 'central venous catheter' || f.devicePlacement !== 'malpositioned' || !f.devicePosition || !GREAT_VEINS.has(f.devicePosition)) return false;
  return SHEATH.test(text.slice(f.span[0], f.span[1])) && !TOO_DEEP_WORDS.test(sentenceFrom(f, text));
}

/** "Hickman catheter, tip in the right atrium": a tunnelled line is placed for long-term use with its tip in the atrium. */
function tunnelledInAtrium(f: Finding, text: string): boolean {
  if (f.name !== 'central venous catheter' || f.devicePosition !== 'right atrium' || f.devicePlacement !== 'malpositioned') return false;
  return TUNNELLED.test(text.slice(f.span[0], f.span[1])) && !TOO_DEEP_WORDS.test(sentenceFrom(f, text));
}

/** A tube whose tip lies in one main bronchus is on that side ("ETT extends into the right mainstem bronchus"). */
function airwaySide(f: Finding): Pick<Finding, 'laterality'> | undefined {
  if (f.laterality || f.status === 'absent') return undefined;
  if (f.devicePosition === 'right mainstem bronchus') return { laterality: 'right' };
  if (f.devicePosition === 'left mainstem bronchus') return { laterality: 'left' };
  return undefined;
}

/**
 * "Post CABG changes" ... "sternotomy wires, CABG clips": a post-surgical sign that names no operation (findings/*.yaml
 * `signOnly`) is the evidence of the specific post-surgical findings the report names elsewhere.
 */
function absorbGenericSurgery(merged: readonly Finding[], absorbed: Set<Finding>): void {
  const byName = getLexicon().byName;
  // "Surgical clips in the right upper quadrant from cholecystectomy": the operation named with the clips it left is their
  // cause, not a second post-surgical finding (a transplant or a resection beside sternal wires stays a finding)
  for (const f of merged) {
    if (f.name !== 'surgical procedure' || !affirmed(f) || absorbed.has(f)) continue;
    const left = merged.find((h) => h !== f && h.sentence === f.sentence && affirmed(h) && !absorbed.has(h) && h.name === 'surgical clips');
    if (!left) continue;
    absorbed.add(f);
    left.evidence = [...new Set([...(left.evidence ?? []), f.name])];
  }
  const specific = merged.find((f) => affirmed(f) && !absorbed.has(f) && byName.get(f.name)?.category === 'postsurgical' && !byName.get(f.name)?.signOnly);
  if (!specific) return;
  for (const f of merged) {
    const entry = byName.get(f.name);
    if (f === specific || !affirmed(f) || !entry?.signOnly || entry.category !== 'postsurgical') continue;
    absorbed.add(f);
    specific.evidence = [...new Set([...(specific.evidence ?? []), f.name])];
  }
}

const SHEATH = /\b(?:sheath|introducer|cordis)\b/i;
/** Catheters placed through a venous sheath. */
const THROUGH_SHEATH = new Set(['pulmonary artery catheter', 'pacemaker']);

/** "Right IJ introducer sheath with a Swan-Ganz catheter, tip in the main pulmonary artery": one device, on the sheath's side. */
function sheathsIntoCatheters(merged: readonly Finding[], absorbed: Set<Finding>, text: string): void {
  for (const f of merged) {
    if (f.name !== 'central venous catheter' || !affirmed(f) || !SHEATH.test(text.slice(f.span[0], f.span[1]))) continue;
    const catheter = merged.find((g) => g.sentence === f.sentence && THROUGH_SHEATH.has(g.name) && affirmed(g));
    if (!catheter) continue;
    absorbed.add(f);
    catheter.laterality ??= f.laterality;
  }
}

/** Places in the lung or hilum: a mass there is not the mediastinal mass of the same report. */
const LUNG_PLACES = new Set(['upper lobe', 'middle lobe', 'lower lobe', 'lingula', 'apex', 'base', 'upper zone', 'mid zone', 'lower zone', 'hilum', 'perihilar']);

/** "Widened superior mediastinum with a lobulated mass ... IMPRESSION: anterior mediastinal mass": a mass placed nowhere in the lung is that mass. */
function absorbUnplacedMass(merged: readonly Finding[], absorbed: Set<Finding>): void {
  const mediastinal = merged.find((f) => f.name === 'mediastinal mass' && affirmed(f) && !absorbed.has(f));
  if (!mediastinal) return;
  for (const f of merged) {
    if (f.name !== 'mass' || !affirmed(f) || absorbed.has(f) || f.location?.some((l) => LUNG_PLACES.has(l))) continue;
    absorbed.add(f);
    mediastinal.evidence = [...new Set([...(mediastinal.evidence ?? []), 'mass'])];
  }
}

/** Words that describe a hilum only by its size ("left hilum is enlarged", "bulky right hilum", "hilar prominence"). */
const BULK = /\b(?:enlarged|enlargement|bulky|bulk|prominen(?:t|ce)|full|fullness)\b/i;

/**
 * "Left hilar mass ... Left hilum is enlarged": an enlarged hilum on the side of a hilar mass is that mass seen again, not
 * lymph nodes beside it (an enlarged hilum is nodes or a mass; the report has said which).
 */
function absorbHilarBulk(merged: readonly Finding[], absorbed: Set<Finding>, text: string): void {
  for (const f of merged) {
    if (f.name !== 'hilar lymphadenopathy' || !affirmed(f) || absorbed.has(f) || !BULK.test(text.slice(f.span[0], f.span[1]))) continue;
    const mass = merged.find((m) => m.name === 'mass' && affirmed(m) && !absorbed.has(m) && m.laterality !== undefined && m.laterality === f.laterality
      && (m.location?.includes('hilum') || m.sentence === f.sentence));
    if (!mass) continue;
    absorbed.add(f);
    mass.evidence = [...new Set([...(mass.evidence ?? []), 'hilar lymphadenopathy'])];
  }
}

const AIRSPACE_DISEASE = /^air ?space (?:disease|process|shadowing)$/i;

/**
 * "Diffuse bilateral airspace opacities ... Worsening bilateral airspace disease": airspace disease is the airspace opacity
 * named again (METRICS §1.5: no error between them), not a consolidation beside it; it joins what the opacity was read as.
 */
function absorbAirspaceDisease(merged: readonly Finding[], absorbed: Set<Finding>, text: string): void {
  for (const f of merged) {
    if (f.name !== 'consolidation' || !affirmed(f) || absorbed.has(f) || !AIRSPACE_DISEASE.test(text.slice(f.span[0], f.span[1]))) continue;
    const opacity = merged.find((o) => (o.name === 'lung opacity' || o.evidence?.includes('lung opacity')) && o !== f && affirmed(o) && !absorbed.has(o) && sameSide(o.laterality, f.laterality));
    if (!opacity) continue;
    absorbed.add(f);
    mergeInto(opacity, { ...f, name: opacity.name, status: opacity.status, probability: opacity.probability } as Finding);
  }
}
