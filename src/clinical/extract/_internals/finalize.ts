/**
 * From a sentence's mentions to Findings: one finding per (sentence, name, laterality)
 * (CONVENTIONS §1), attributes merged from repeated mentions, the attributes an absent
 * finding cannot have dropped, device placement inferred from the tip position.
 */
import type { Finding, Laterality } from '../../model.js';
import type { Grammar } from './grammar.js';
import type { Mention } from './types.js';

function laterality(lats: readonly Laterality[]): Laterality | undefined {
  if (lats.includes('bilateral') || (lats.includes('left') && lats.includes('right'))) return 'bilateral';
  return lats[0];
}

/** Places inside the lung: a mass in a lobe is a lung mass even where it abuts the mediastinum. */
const LUNG = new Set(['upper lobe', 'middle lobe', 'lower lobe', 'lingula', 'upper zone', 'mid zone', 'lower zone']);

/** The finding's name at its stated location ("a mass in the superior mediastinum" is a mediastinal mass). */
function placedName(m: Mention, g: Grammar): string {
  const at = g.info.get(m.name)!.atLocation;
  if (at && !m.locs.some((l) => LUNG.has(l))) for (const l of m.locs) if (at.has(l)) return at.get(l)!;
  return m.name;
}

function build(m: Mention, sentence: number, g: Grammar): Finding {
  if (m.locs.length && g.info.get(m.name)!.atLocation) m.name = placedName(m, g);
  const info = g.info.get(m.name)!;
  const f: Omit<Finding, 'sentence' | 'span'> = { id: '', name: m.name, status: m.status ?? 'present' };
  const absent = f.status === 'absent';
  if (!absent) f.probability = m.p ?? 3;
  if (!absent && m.sev) [f.severity, f.severityText] = [m.sev, m.sevText];
  const lat = laterality(m.lats);
  // "both lungs are clear" is "the lungs are clear": a normal statement names a side only when it is one side
  if (lat && !(m.kind === 'normal' && lat === 'bilateral')) f.laterality = lat;
  if (m.locs.length) f.location = [...m.locs].sort();
  if (!absent && m.mm?.length) [f.measurementMm, f.dimensionsMm] = [Math.max(...m.mm), [...m.mm]];
  const temporal = m.removed ? 'resolved' : m.temp;
  if (temporal && m.kind !== 'normal') f.temporal = temporal;
  // a device's tip, or where an object lodged in a lumen lies (it belongs nowhere: no verdict)
  if (!absent && (info.device || info.lodged) && m.pos) f.devicePosition = m.pos;
  if (!absent && info.device) {
    let inferred: 'appropriate' | 'malpositioned' | undefined = m.pos && info.appropriate.size ? (info.appropriate.has(m.pos) ? 'appropriate' : 'malpositioned') : undefined;
    // "ETT tip 1 cm above the carina": above the carina, but too close to it (or too far above it)
    if (m.pos === 'above carina' && info.carina && m.mm?.length) {
      const mm = Math.max(...m.mm);
      inferred = mm < info.carina.min || mm > info.carina.max ? 'malpositioned' : 'appropriate';
    }
    // a line from the left crosses the mediastinum in the left brachiocephalic vein: a tip there is accepted for it
    if (m.pos === 'brachiocephalic vein' && info.appropriate.has('svc') && m.lats.length === 1 && m.lats[0] === 'left') inferred = 'appropriate';
    const placement = m.place ?? inferred;
    if (placement) f.devicePlacement = placement;
  }
  if (m.evidence?.length) f.evidence = [...m.evidence];
  if (m.interpretations?.length) f.interpretations = [...m.interpretations];
  // the keys in this order (sentence and span last): the findings are serialised as they are
  const out = f as Finding;
  out.sentence = sentence;
  out.span = [m.s, m.e];
  return out;
}

const RANK = { absent: 0, uncertain: 1, present: 2 } as const;

/**
 * Fills what `into` lacks from a repeated mention of the same finding in the same sentence.
 * The more affirmative status wins: "no definite pneumonia, although infection cannot be
 * excluded" leaves pneumonia possible.
 */
function merge(into: Finding, more: Finding): void {
  if (RANK[more.status] > RANK[into.status]) {
    into.status = more.status;
    into.probability = more.probability;
  }
  if (more.evidence) into.evidence = [...new Set([...(into.evidence ?? []), ...more.evidence])];
  if (more.interpretations) into.interpretations = [...new Set([...(into.interpretations ?? []), ...more.interpretations])];
  if (more.location) into.location = [...new Set([...(into.location ?? []), ...more.location])].sort();
  for (const key of ['severity', 'severityText', 'measurementMm', 'dimensionsMm', 'temporal', 'devicePosition', 'devicePlacement'] as const) {
    if (into[key] === undefined && more[key] !== undefined && (into.status !== 'absent' || key === 'temporal')) {
      (into as unknown as Record<string, unknown>)[key] = more[key];
    }
  }
}

/** The findings of one sentence, in order of mention, appended to `out` (ids are assigned by the caller). */
export function toFindings(mentions: readonly Mention[], sentence: number, g: Grammar, keepSigns = false, out: Finding[] = []): Finding[] {
  const first = out.length;
  const ordered = [...mentions].sort((x, y) => x.at - y.at || x.s - y.s);
  for (const m of ordered) {
    if (m.dropped || (m.absorbed && !keepSigns)) continue;
    const f = build(m, sentence, g);
    // one finding per (name, side) in the sentence: a scan of its few findings, no key string per mention
    let prev: Finding | undefined;
    for (let i = first; i < out.length && !prev; i++) if (out[i]!.name === f.name && out[i]!.laterality === f.laterality) prev = out[i];
    if (prev) merge(prev, f);
    else out.push(f);
  }
  return out;
}

/** Numbers findings `F1..Fn` in text order, in place (`id` stays the first key): the findings are this call's own. */
export function finalizeIds(findings: Finding[]): Finding[] {
  for (let i = 0; i < findings.length; i++) findings[i]!.id = `F${i + 1}`;
  return findings;
}
