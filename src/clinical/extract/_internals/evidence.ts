/**
 * Signs and their interpretation (CONVENTIONS §4): a sign stated with what it means is evidence of
 * that one finding, not a finding of its own. The attribute pass (attributes.ts) finds the links;
 * these helpers absorb the signs and hand their side, place, size and grade to the interpretation.
 */
import type { Grammar } from './grammar.js';
import { DIRECTIONAL } from './lung-side.js';
import { CUE, F, type Item, type Mention } from './types.js';
import { atClauseEnd, type MentionIndex } from './walk.js';

/**
 * "Right lower lobe opacity; pneumonia cannot be excluded": a hedged interpretation that names no
 * side or place, later in the sentence, is read from the nearest sign before it.
 */
export function absorbIntoUnplaced(mentions: readonly Mention[], g: Grammar): void {
  for (const t of mentions) {
    if (t.status !== 'uncertain' || t.dropped || t.absorbed || t.lats.length || t.locs.length || t.kind === 'normal') continue;
    const signs = g.info.get(t.name)!.signs;
    let sign: Mention | undefined;
    for (const m of mentions) if (m.b < t.a && !m.absorbed && !m.dropped && m.status !== 'absent' && m.kind !== 'normal' && signs.has(m.name)) sign = m;
    if (!sign) continue;
    inheritPlace(sign, t, g);
    absorb(sign, t, g);
  }
}


/** Words that describe only a structure's size or contour, not what it is ("hilar FULLNESS", "the hilum appears BULKY"). */
const APPEARANCE = /\b(?:full|fullness|prominen(?:t|ce)|bulky|enlarged|enlargement|widen(?:ed|ing)|wide|increased in size)\b/;

/**
 * "Left hilar fullness, possibly lymphadenopathy", "paratracheal widening, likely adenopathy": a structure described only by
 * its size or contour, which the lexicon names by the finding its hedged interpretation states, is that one finding, as
 * certain as the interpretation says. A finding named plainly keeps its status beside a hedged kind of it ("RUZ mass,
 * ? bronchogenic carcinoma", "small effusion, possibly parapneumonic").
 */
export function sameFindingHedged(items: readonly Item[], sign: Mention, to: Mention): void {
  if (sign.name !== to.name || sign.status !== 'present' || to.status !== 'uncertain' || sign.kind === 'normal' || sign.dropped) return;
  // the interpretation names what it is, not another size ("the heart is enlarged ..., suggesting right ventricular ENLARGEMENT")
  if (!APPEARANCE.test(textOf(items, sign)) || APPEARANCE.test(textOf(items, to))) return;
  sign.absorbed = true;
  if (!to.sev && sign.sev) [to.sev, to.sevText] = [sign.sev, sign.sevText];
  if (!to.mm && sign.mm) to.mm = sign.mm;
  if (!to.temp && sign.temp) to.temp = sign.temp;
}

function textOf(items: readonly Item[], m: Mention): string {
  let words = '';
  for (let j = m.a; j <= m.b; j++) words += ` ${items[j]!.text}`;
  return words;
}

export function inheritPlace(from: Mention, to: Mention, g: Grammar): void {
  const info = g.info.get(to.name)!;
  // "mediastinal shift to the left, concerning for tension": a tension pushes away, a collapse pulls towards; the side is not the shift's
  if (info.lateralized && !to.lats.length && !DIRECTIONAL.has(from.name)) to.lats = [...from.lats];
  if (info.located && !to.locs.length) to.locs = [...from.locs];
}

/** The mentions before item k, back to the start of its clause, that are signs of `t`: nearest first, the head last. */
export function signsBefore(items: readonly Item[], mentions: readonly Mention[], k: number, t: Mention, g: Grammar): Mention[] {
  const signs = g.info.get(t.name)!.signs;
  let start = 0;
  for (let j = k - 1; j >= 0; j--) if (items[j]!.flags & F.CLAUSE) [start, j] = [j + 1, -1];
  return mentions.filter((m) => m.a >= start && m.b < k && m.kind !== 'normal' && signs.has(m.name)).sort((x, y) => y.b - x.b);
}

/**
 * A sign with its stated interpretation is one finding (CONVENTIONS §4): "right basilar opacity,
 * likely atelectasis" is atelectasis (likely), with the opacity as its evidence. The
 * interpretation keeps the sign's side, place, size and grade when it states none.
 */
export function absorb(sign: Mention, to: Mention, g: Grammar): void {
  const info = g.info.get(to.name)!;
  if (!info.signs.has(sign.name) || sign.status === 'absent' || to.status === 'absent' || sign.dropped) return;
  if (keepsBesideHedge(sign, to, g.info.get(sign.name)!.pleural)) return;
  // "RUL consolidation, likely TB": the consolidation gave the tuberculosis its place and stays a finding beside it
  if (info.keeps.has(sign.name)) return;
  if (suspectedState(sign, to)) {
    to.absorbed = true;
    sign.interpretations = [...new Set([...(sign.interpretations ?? []), to.name])];
    return;
  }
  // "shift of the mediastinum to the right, concerning for tension": the shift is seen, what moved it only suspected; it stays
  // a finding of its own (urgent in itself). Stated plainly ("..., consistent with left lung collapse") it is the cause's sign.
  if (sign.name === 'mediastinal shift' && to.status === 'uncertain') return;
  // "2.1 cm spiculated nodule, suspicious for primary malignancy": what is seen is the nodule (under 3 cm); the malignancy it
  // may be is its interpretation, not a mass
  if (to.name === 'mass' && sign.name === 'nodule' && !(sign.mm && Math.max(...sign.mm) >= 30)) {
    to.absorbed = true;
    return;
  }
  sign.absorbed = true;
  if (!sign.into) sign.into = [to];
  else if (!sign.into.includes(to)) sign.into.push(to);
  to.evidence = [...new Set([...(to.evidence ?? []), sign.name, ...(sign.evidence ?? [])])];
  if (info.graded && !to.sev && sign.sev) [to.sev, to.sevText] = [sign.sev, sign.sevText];
  if (info.measured && !to.mm && sign.mm) to.mm = sign.mm;
  if (!to.temp && sign.temp) to.temp = sign.temp;
}

/**
 * "Large right pneumothorax with leftward shift, concerning for tension": tension is a state of the air that is seen, judged at
 * the bedside; only suspected, what the film shows is the pneumothorax, which stays as stated (its grade, present) with the
 * tension as its possible reading. Stated plainly ("consistent with tension pneumothorax") the tension names the finding.
 */
function suspectedState(sign: Mention, to: Mention): boolean {
  return to.name === 'tension pneumothorax' && to.status === 'uncertain' && sign.name === 'pneumothorax' && sign.status === 'present';
}

/** Pleural findings that name a kind of the collection or air they interpret (a bloody or infected effusion, air under tension). */
const KIND_OF: Readonly<Record<string, string>> = { hemothorax: 'pleural effusion', empyema: 'pleural effusion', 'tension pneumothorax': 'pneumothorax' };

/**
 * "Small apical pneumothorax - ?hydropneumothorax/trapped lung": a definite pleural collection or air stays a finding of its
 * own beside a possible complication; "effusion, likely haemothorax" names the same collection and absorbs it.
 */
export function keepsBesideHedge(sign: { name: string; status?: string }, to: { name: string; status?: string }, pleural: boolean): boolean {
  return pleural && sign.status === 'present' && to.status === 'uncertain' && KIND_OF[to.name] !== sign.name;
}

/**
 * "RUL collapse/atelectasis", "atelectasis/collapse of the LLL": two names of one process joined by a slash, one of them the
 * other's sign, are one finding named by the more specific (the sign is its evidence), in the place either was given.
 */
export function absorbSlashPairs(items: readonly Item[], mentions: readonly Mention[], g: Grammar): void {
  const live = mentions.filter((m) => m.status !== 'absent' && !m.dropped && !m.absorbed && m.kind !== 'normal').sort((x, y) => x.a - y.a);
  for (let i = 0; i + 1 < live.length; i++) {
    const [x, y] = [live[i]!, live[i + 1]!];
    if (y.a !== x.b + 2 || items[x.b + 1]?.text !== '/') continue;
    const [sign, to] = g.info.get(y.name)!.signs.has(x.name) ? [x, y] : g.info.get(x.name)!.signs.has(y.name) ? [y, x] : [undefined, undefined];
    if (!sign || !to) continue;
    inheritPlace(sign, to, g);
    absorb(sign, to, g);
  }
}

/** "Left lower lobe consolidation with loss of the hemidiaphragm silhouette": the silhouette sign is the consolidation's evidence. */
export function dropImpliedSigns(mentions: readonly Mention[], g: Grammar): void {
  for (const m of mentions) {
    if (!g.info.get(m.name)!.signOnly || m.absorbed) continue;
    const cause = mentions.find((t) => t !== m && t.status !== 'absent' && !t.dropped && !t.absorbed && g.info.get(t.name)!.signs.has(m.name));
    if (cause) absorb(m, cause, g);
  }
}

/** A dash standing between words (` - `, an en or em dash), not a hyphen inside a word ("ill-defined"). */
const DASH = /\s[-\u2013\u2014]{1,2}\s|[\u2013\u2014]/;

/**
 * Telegraphic reports join a finding and what it means with a dash: "L lower zone consolidation, L hemidiaphragm
 * silhouette lost - LLL pneumonia" (signs, then the interpretation) or "LLL collapse - triangular retrocardiac density
 * with loss of the hemidiaphragm contour" (the finding, then its signs). Either way the signs are its evidence.
 */
export function linkDashes(items: readonly Item[], mentions: readonly Mention[], text: string, g: Grammar): void {
  const cuts: number[] = [];
  for (let k = 0; k + 1 < items.length; k++) if (items[k + 1]!.s - items[k]!.e > 1 && DASH.test(text.slice(items[k]!.e, items[k + 1]!.s))) cuts.push(k);
  if (!cuts.length) return;
  const live = (m: Mention): boolean => m.status !== 'absent' && !m.dropped && !m.absorbed && m.kind !== 'normal';
  cuts.forEach((d, i) => {
    const from = i > 0 ? cuts[i - 1]! : -1;
    const to = cuts[i + 1] ?? items.length;
    const before = mentions.filter((m) => m.a > from && m.b <= d && live(m));
    const after = mentions.filter((m) => m.a > d && m.b <= to && live(m));
    let linked = false;
    for (const t of after) {
      const signs = before.filter((m) => g.info.get(t.name)!.signs.has(m.name));
      if (!signs.length) continue;
      inheritPlace(signs[0]!, t, g);
      for (const sign of signs) absorb(sign, t, g);
      linked = true;
    }
    const head = before.at(-1);
    if (linked || !head) return;
    for (const sign of after) if (g.info.get(head.name)!.signs.has(sign.name)) absorb(sign, head, g);
  });
}

/**
 * Parenchymal opacity patterns: the signs a stated interpretation replaces, also one the lexicon cannot name. Findings
 * with their own meaning (a mass, hyperinflation, a shift, free gas) stay findings whatever they are said to reflect.
 */
const PATTERNS = new Set(['lung opacity', 'consolidation', 'ground-glass opacity', 'interstitial opacities', 'nodule']);

/** Links that name a cause rather than what the sign is ("fractures likely RELATED TO chest compressions"). */
const CAUSAL = / (?:due|related|secondary|attributable) to$/;

/**
 * Whether the link at item k is followed, in its clause, by words only and no finding the lexicon knows: an
 * interpretation it cannot name ("nodular opacities, s/o miliary tuberculosis", "which may reflect reactive airways disease").
 */
export function unnamedInterpretation(items: readonly Item[], k: number, idx: MentionIndex): boolean {
  if (CAUSAL.test(` ${items[k]!.text}`)) return false;
  // "reticulation - ? drug related", "opacity ? post treatment": a query after the sign asks for a cause, it names no reading
  // the sign could be replaced by; the sign stays what the film shows
  if (items[k]!.text === '?') return false;
  // "opacity, pneumonia likely in this setting": a hedge on the finding just before it, not a link to an unnamed one
  if (idx.endAt.has(k - 1) && atClauseEnd(items, k)) return false;
  let words = 0;
  for (let j = k + 1; j < items.length; j++) {
    const it = items[j]!;
    if (idx.startAt.has(j) || it.flags & (CUE | F.LINK)) return false;
    if (it.flags & (F.CLAUSE | F.TERM) && it.text !== 'of') break;
    if (it.flags === F.WORD) words++;
  }
  return words > 0;
}

/** The signs of the link's clause are the evidence of an interpretation the lexicon does not name: not findings of their own. */
export function absorbIntoUnnamed(items: readonly Item[], mentions: readonly Mention[], k: number, g: Grammar): void {
  let start = 0;
  for (let j = k - 1; j >= 0; j--) if (items[j]!.flags & F.CLAUSE) [start, j] = [j + 1, -1];
  for (const m of mentions) {
    if (m.a < start || m.b >= k || m.kind === 'normal' || m.status === 'absent' || m.dropped || g.info.get(m.name)!.device) continue;
    if (PATTERNS.has(m.name)) m.absorbed = true;
  }
}
