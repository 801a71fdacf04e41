/**
 * Attributes (CONVENTIONS §16-21): each side, location, severity, measurement and temporal
 * word goes to one finding of its clause: the finding whose noun phrase it stands in
 * ("small LEFT effusion"), else the nearest finding before it that takes it ("effusion on
 * the LEFT", "nodule measuring 8 mm", "effusions are UNCHANGED" — with the findings
 * coordinated before), else the next one. Tip positions go to the device before them, unless
 * they name the device's access route ("RIGHT IJ catheter"); placement words go to the
 * devices they follow (or precede).
 */
import type { Grammar } from './_internals/grammar.js';
import type { ScopeResult } from './scopes.js';
import { absorb, absorbIntoUnnamed, absorbSlashPairs, absorbIntoUnplaced, dropImpliedSigns, inheritPlace, linkDashes, sameFindingHedged, signsBefore, unnamedInterpretation } from './_internals/evidence.js';
import { dropCauses } from './_internals/cause.js';
import { keepUndecided } from './_internals/differential.js';
import { placeByLevel } from './_internals/levels.js';
import { sideOfTheLung } from './_internals/lung-side.js';
import { describedWith, earlierGrade, gradesChange, heightStandard, nowGrade, viaRoute, withHeads } from './_internals/reach.js';
import { giveRouteSides, sheathRoutes } from './_internals/routes.js';
import { CUE, F, newItem, type Item, type Mention } from './_internals/types.js';
import { coordinatedBefore, indexMentions, inNounPhrase, nextInPhrase, REACH, type MentionIndex } from './_internals/walk.js';

const RANK = { mild: 1, moderate: 2, severe: 3 } as const;
const PLAIN = F.LAT | F.LOC | F.SEV | F.TEMP | F.MEAS;

/**
 * The side and place read inside a term ("widening of the RIGHT paratracheal stripe", "thickening of the left APICAL pleura":
 * items.ts), first: a side said after the term adds to it ("free air under the right diaphragm, also under the left").
 */
function carriedInside(items: readonly Item[], mentions: readonly Mention[], g: Grammar): void {
  for (const m of mentions) {
    const term = items[m.a]!;
    if (m.kind !== 'term' || (term.lat === undefined && term.loc === undefined)) continue;
    const info = g.info.get(m.name)!;
    if (term.lat && !(term.flags & F.LAT) && info.lateralized) m.lats.push(term.lat);
    if (term.loc && !(term.flags & F.LOC) && info.located) m.locs.push(term.loc);
  }
}

/** The attribute flags of `it` that mention `m` takes. */
function takes(m: Mention, flags: number, g: Grammar): number {
  const info = g.info.get(m.name)!;
  let ok = 0;
  if (info.lateralized) ok |= F.LAT;
  if (info.located) ok |= F.LOC;
  if (m.kind === 'normal') return flags & ok;
  ok |= F.TEMP;
  if (info.graded) ok |= F.SEV;
  if (info.measured) ok |= F.MEAS;
  if (info.device) ok |= F.POS | F.PLACE;
  // "coin in the proximal oesophagus", "tooth in the right main bronchus": where the object lies
  if (info.lodged) ok |= F.POS;
  return flags & ok;
}

function apply(m: Mention, it: Item, flags: number, current = false): void {
  if (flags & F.LAT && it.lat && !m.lats.includes(it.lat)) m.lats.push(it.lat);
  if (flags & F.LOC && it.loc && !m.locs.includes(it.loc)) m.locs.push(it.loc);
  // "the moderate effusion has decreased, NOW small": the grade said of the present study replaces the one before it
  if (flags & F.SEV && it.sev && (current || !m.sev || RANK[it.sev] > RANK[m.sev])) [m.sev, m.sevText] = [it.sev, it.first];
  if (flags & F.MEAS && it.mm && !m.mm) m.mm = it.mm;
  // a change beats mere persistence: "again seen, slightly improved" -> improved
  if (flags & F.TEMP && it.temp && (!m.temp || (m.temp === 'unchanged' && it.temp !== 'new'))) m.temp = it.temp;
  if (flags & F.POS && it.pos) m.pos = it.pos;
  // a pigtail or indwelling pleural catheter lies coiled in the pleural space by design; a coiled feeding tube is misplaced
  if (flags & F.PLACE && it.place && m.place !== 'malpositioned') m.place = m.name === 'chest tube' && /\bcoil/.test(it.text) ? (m.place ?? 'appropriate') : it.place;
}

/**
 * Nearest mentions before item k (within the clause unless `sentence`) that take `flags`. A
 * side, place or size does not reach back over `with` ("pneumothorax with leftward shift").
 */
function before(items: readonly Item[], k: number, idx: MentionIndex, flags: number, g: Grammar, sentence = false): Mention[] {
  const noWith = (flags & (F.LAT | F.LOC | F.SEV)) !== 0;
  for (let j = k - 1; j >= 0 && j >= k - (sentence ? 4 : 2) * REACH; j--) {
    const found = idx.endAt.get(j)?.filter((m) => takes(m, flags, g));
    if (found?.length) return found;
    if (!sentence && (items[j]!.flags & F.CLAUSE || (noWith && items[j]!.text === 'with' && !describedWith(items, j, k)))) break;
    // "shift of the mediastinum, and depression of the RIGHT hemidiaphragm": a list member headed by a word the lexicon
    // does not know keeps its own side; it does not reach back to the finding of the member before
    if (!sentence && noWith && items[j]!.flags & F.CONJ && items[j + 1]!.flags === F.WORD && items[j + 2]?.text === 'of') break;
  }
  return [];
}

/**
 * Next mentions after item k that take `flags`; within the clause, not past a terminator or a
 * status cue, except that a side or place may pass a hedge ("blunting of the RIGHT
 * costophrenic angle, likely small effusion").
 */
function after(items: readonly Item[], k: number, idx: MentionIndex, flags: number, g: Grammar, sentence = false): Mention[] {
  const stop = F.CLAUSE | F.TERM | (flags & (F.SEV | F.TEMP | F.MEAS) ? CUE : CUE & ~(F.HEDGEPRE | F.HEDGEPOST));
  for (let j = k + 1; j < items.length && j <= k + (sentence ? 4 : 2) * REACH; j++) {
    const found = idx.startAt.get(j)?.filter((m) => takes(m, flags, g));
    if (found?.length) return found;
    if (!sentence && items[j]!.flags & stop) break;
  }
  return [];
}

/**
 * The mentions whose noun phrase item k stands in, leaving out a sign named by a verb ("opacity in the right middle lobe
 * SILHOUETTING the heart border"): a participle with its object does not take the place words before it; they end the
 * phrase of the finding before.
 */
function phraseHead(items: readonly Item[], k: number, idx: MentionIndex): Mention[] | undefined {
  const next = nextInPhrase(items, k, idx)?.filter((m) => !(items[m.a]!.text === 'silhouetting' && items[m.b + 1]?.text === 'the'));
  return next?.length ? next : undefined;
}

/** A side word that opens its list member and is followed by `with` ("..., right with X", "left with Y"). */
function headsWith(items: readonly Item[], k: number): boolean {
  const prev = items[k - 1];
  return items[k + 1]?.text === 'with' && !items[k]!.text.includes(' ') && (!prev || prev.text === ',' || prev.text === ';' || (prev.flags & F.CLAUSE) !== 0);
}

function withCoordinated(items: readonly Item[], found: Mention[], idx: MentionIndex): Mention[] {
  return [...found, ...found.flatMap((m) => coordinatedBefore(items, m, idx))];
}


const ATRIUM = newItem({ flags: F.POS, pos: 'right atrium' }, F.POS, 0, 0, 'right atrium', 'right', undefined);

/**
 * "Tip 3 cm below the cavoatrial junction": a line that comes down into the SVC and passes the junction lies in the right
 * atrium (a line from below, an umbilical or femoral one, passes it the other way).
 */
function intoAtrium(items: readonly Item[], k: number, m: Mention, g: Grammar): boolean {
  if (items[k]!.pos !== 'cavoatrial junction' || !g.info.get(m.name)!.appropriate.has('svc')) return false;
  const j = items[k - 1]?.text === 'the' ? k - 2 : k - 1;
  return /^(?:below|beyond|past|distal to)$/.test(items[j]?.text ?? '');
}

/** Attaches every attribute word of one sentence to its mention(s). */
export function attachAttributes(items: readonly Item[], mentions: readonly Mention[], g: Grammar): void {
  const idx = indexMentions(mentions);
  const all = indexMentions(mentions, true);
  const statements = mentions.filter((m) => m.kind !== 'term');
  const routes = sheathRoutes(items, mentions, g.info);
  const device = (m: Mention): Mention => routes?.get(m) ?? m;
  carriedInside(items, mentions, g);
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (it.flags & F.FINDING || !(it.flags & (PLAIN | F.POS | F.PLACE))) continue;
    const holders = statements.filter((m) => m.a <= k && k <= m.b && k !== m.pred && !(m.kind === 'normal' && (k === m.a || k === m.b)));
    if (holders.length) {
      for (const m of holders) apply(m, it, takes(m, it.flags, g));
      continue;
    }
    const route = phraseHead(items, k, all);
    if (it.flags & F.POS && !route?.some((m) => g.info.get(m.name)!.device) && !viaRoute(items, k)) {
      for (const m of before(items, k, idx, F.POS, g, true)) apply(device(m), intoAtrium(items, k, device(m), g) ? ATRIUM : it, F.POS);
      // "free gas BENEATH THE LEFT HEMIDIAPHRAGM": a tip landmark that names a side places a finding that is no device
      const side = / (left|right) /.exec(` ${it.text} `)?.[1] as 'left' | 'right' | undefined;
      if (side) for (const m of before(items, k, idx, F.LAT, g)) if (!g.info.get(m.name)!.device && !m.lats.length) m.lats.push(side);
    }
    if (it.flags & F.PLACE) {
      const prior = before(items, k, idx, F.PLACE, g, true);
      for (const m of prior.length ? withCoordinated(items, prior, idx) : after(items, k, idx, F.PLACE, g, true)) apply(device(m), it, F.PLACE);
    }
    let flags = it.flags & PLAIN;
    if (flags & F.SEV && (gradesChange(items, k) || earlierGrade(items, k))) flags &= ~F.SEV;
    if (flags & F.LAT && heightStandard(items, k)) flags &= ~F.LAT;
    // "should be withdrawn 2 cm" states a correction, not where the tip is
    if (flags & F.MEAS && [items[k - 1], items[k - 2]].some((x) => x && x.flags & F.PLACE)) flags &= ~F.MEAS;
    if (!flags) continue;
    if (route) {
      for (const m of route) apply(m, it, takes(m, flags, g));
      continue;
    }
    // "effusions on both sides, RIGHT with compression atelectasis": a side heading a list member is the side of what it has
    let found = flags & F.LAT && headsWith(items, k) ? after(items, k + 1, all, flags, g) : before(items, k, all, flags, g);
    if (found.length && flags & F.TEMP) found = withCoordinated(items, found, idx);
    // "..., WHICH is new": the relative clause is about the nearest finding only
    if (found.length && flags & F.TEMP && !(items[k - 1]?.text === 'which' || items[k - 2]?.text === 'which')) found = withHeads(items, found, idx);
    if (!found.length) found = after(items, k, all, flags, g);
    const current = (flags & F.SEV) !== 0 && nowGrade(items, k);
    for (const m of found) apply(m, it, takes(m, flags, g), current);
  }
  sideOfTheLung(items, mentions, g);
  giveRouteSides(routes);
  placeByLevel(items, mentions, g.info);
  for (const m of mentions) {
    // a term that holds its own grade ("LARGE bulla", "MARKED gastric distension")
    if (m.kind === 'term' && !m.sev && g.info.get(m.name)!.graded) {
      const first = items[m.a]!;
      const sev = first.text.includes(' ') ? g.severityWords.get(first.first) : undefined;
      if (sev) [m.sev, m.sevText] = [sev, first.first];
    }
    // a term that holds its own side ("free air under BOTH hemidiaphragms", "pneumothoraces bilaterally")
    if (m.kind !== 'term' || m.lats.length || !g.info.get(m.name)!.lateralized) continue;
    const side = / (both|bilateral|bilaterally|left|right) /.exec(` ${items[m.a]!.text} `)?.[1];
    if (side) m.lats.push(side === 'left' || side === 'right' ? side : 'bilateral');
  }
}

/** The finding a group of alternatives is set beside with a bare comma ("retrocardiac opacity, atelectasis versus consolidation"). */
function apposed(items: readonly Item[], mentions: readonly Mention[], first: Mention): Mention | undefined {
  const prev = mentions.filter((m) => m.b < first.a && m.kind !== 'normal').at(-1);
  if (!prev) return undefined;
  for (let j = prev.b + 1; j < first.a; j++) if (items[j]!.text !== ',' && items[j]!.flags !== F.WORD) return undefined;
  return prev;
}

/**
 * Interpretations inherit side and location from the finding they interpret ("right basilar
 * opacity, likely atelectasis"; "effusion with adjacent atelectasis"), and alternatives from
 * each other ("left lower lobe atelectasis or consolidation").
 */
export function propagate(items: readonly Item[], mentions: readonly Mention[], scopes: ScopeResult, g: Grammar, text?: string, prior?: Mention): void {
  const { groupOf } = scopes;
  const idx = indexMentions(mentions);
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (!(it.flags & (F.LINK | F.ADJ))) continue;
    let anchor: Mention | undefined;
    // "right basal opacity, likely atelectasis, although UNDERLYING consolidation cannot be excluded": an adjacency word
    // points to the finding described before it, over a clause break of its sentence, else to the sentence before
    const adjacent = (it.flags & (F.ADJ | F.LINK)) === F.ADJ;
    for (let j = k - 1; j >= 0 && j >= k - 2 * REACH && !anchor; j--) {
      anchor = idx.endAt.get(j)?.find((m) => !adjacent || (m.status !== 'absent' && m.kind !== 'normal'));
      const f = items[j]!.flags;
      if (!anchor && ((f & (F.CLAUSE | F.ALT) && !(adjacent && f & F.CLAUSE)) || (f & F.CONJ && items[j]!.text !== ',' && !joinsPlaces(items, j)))) break;
    }
    if (!anchor && adjacent && prior && !mentions.some((m) => m.b < k && m.kind !== 'normal')) anchor = prior;
    // a link far from its signs still interprets them ("hyperinflated lungs with flat hemidiaphragms and a deep
    // retrosternal space, consistent with emphysema"): no anchor is needed when the clause holds signs of the target
    if (!anchor && !(it.flags & F.LINK && items[k - 1]?.text === ',')) continue;
    const group = groupOf.get(k);
    const targets = it.flags & F.ADJ ? (nextInPhrase(items, k, idx) ?? []) : mentions.filter((m) => group !== undefined && m.pre?.group === group && m.a > k);
    if (it.flags & F.LINK && !targets.length && unnamedInterpretation(items, k, idx)) absorbIntoUnnamed(items, mentions, k, g);
    for (const t of targets) {
      // "large right pneumothorax with mediastinal shift, concerning for tension": the tension is the pneumothorax's
      const signs = it.flags & F.LINK ? signsBefore(items, mentions, k, t, g) : [];
      // the clause's head sign gives the place ("right pneumothorax with leftward shift, concerning for tension": right)
      const from = signs.at(-1) ?? anchor;
      if (!from || t === from) continue;
      // "cavity in the left upper lobe. SURROUNDING opacity": placed there, a sign of the finding before would join it as
      // its evidence across the sentences; it is a finding beside it
      if (from === prior && g.info.get(from.name)!.signs.has(t.name)) continue;
      inheritPlace(from, t, g);
      if (it.flags & F.LINK && from === anchor) sameFindingHedged(items, from, t);
      // "dense opacity with loss of the hemidiaphragm contour, compatible with collapse": every sign before the link
      for (const sign of signs) absorb(sign, t, g);
    }
  }
  for (const group of scopes.alternatives) {
    if (group.some((m) => m.status === 'absent')) continue; // a negated list, not alternatives
    const source = group.find((m) => m.lats.length || m.locs.length) ?? apposed(items, mentions, group[0]!);
    if (source) for (const t of group) if (t !== source) inheritPlace(source, t, g);
    // "bibasilar opacities, atelectasis or pneumonia": the opacity heading the list is what the alternatives interpret
    const head = group.length > 2 && group.slice(1).every((t) => g.info.get(t.name)!.signs.has(group[0]!.name)) ? group[0] : undefined;
    const sign = head ?? apposed(items, mentions, group[0]!);
    if (sign) for (const t of group) if (t !== sign) absorb(sign, t, g);
  }
  if (text !== undefined) linkDashes(items, mentions, text, g);
  absorbSlashPairs(items, mentions, g);
  dropImpliedSigns(mentions, g);
  absorbAfterWith(items, mentions, idx, g);
  absorbIntoUnplaced(mentions, g);
  dropCauses(items, mentions, idx);
  keepUndecided(items, mentions, scopes.alternatives, g);
}

/** A connector between two place words ("in the left mid AND lower zones"), not between two findings. */
function joinsPlaces(items: readonly Item[], j: number): boolean {
  const place = (it: Item | undefined): boolean => it !== undefined && (it.flags & (F.LAT | F.LOC)) !== 0 && !(it.flags & F.FINDING);
  return place(items[j - 1]) && place(items[j + 1]);
}

/**
 * "Moderate pulmonary edema WITH bilateral perihilar haziness", "large right pneumothorax WITH
 * collapse of the right lung": a sign described with the finding it is a sign of is that finding's evidence.
 */
function absorbAfterWith(items: readonly Item[], mentions: readonly Mention[], idx: MentionIndex, g: Grammar): void {
  for (let k = 1; k < items.length; k++) {
    // "with ADJACENT atelectasis" names a neighbour, not the finding's own sign
    if (items[k]!.text !== 'with' || (items[k + 1]?.flags ?? 0) & F.ADJ) continue;
    let finding: Mention | undefined;
    for (let j = k - 1; j >= 0 && j >= k - REACH && !finding; j--) finding = idx.endAt.get(j)?.find((m) => !m.absorbed);
    const signs = withList(items, idx, k);
    const sign = signs[0];
    if (!finding || !sign || sign === finding) continue;
    const sides = (m: Mention): boolean => finding.lats.length === 0 || m.lats.length === 0 || m.lats.some((l) => finding.lats.includes(l) || finding.lats.includes('bilateral'));
    if (!sides(sign)) continue;
    // "opacification WITH air bronchograms", "nodule WITH cavitation": the sign comes first, the finding it shows after `with`
    if (g.info.get(finding.name)!.nonspecific && g.info.get(sign.name)!.signs.has(finding.name)) {
      absorb(finding, sign, g);
      inheritPlace(finding, sign, g);
      // "airspace opacities WITH interstitial edema AND septal lines": the rest of the list are its signs too
      for (const m of signs.slice(1)) if (sides(m)) absorb(m, sign, g);
      continue;
    }
    // "interstitial edema with Kerley B lines AND peribronchial cuffing": every sign of the list
    for (const m of signs) {
      if (m === finding || !sides(m)) continue;
      absorb(m, finding, g);
      // "interstitial oedema with Kerley B lines BILATERALLY": the finding is where its stated signs are
      if (m.absorbed && m.lats.length && !finding.lats.length) inheritPlace(m, finding, g);
    }
  }
}

/** The mentions listed after the `with` at item k: the first within a few words, the rest joined to it by `and` or commas. */
function withList(items: readonly Item[], idx: MentionIndex, k: number): Mention[] {
  const out: Mention[] = [];
  // "collapse of the left lung with VOLUME LOSS and shift of the mediastinum": a described phrase that names no finding
  // (language `ignore`) is a member of the list, so the findings joined after it are listed too
  let listed = false;
  for (let j = k + 1; j < items.length && j <= k + (out.length || listed ? REACH : 5); j++) {
    const m = idx.startAt.get(j)?.[0];
    if (m) {
      out.push(m);
      j = m.b;
      continue;
    }
    const f = items[j]!.flags;
    if (f & F.IGNORE && !out.length) {
      listed = true;
      continue;
    }
    if (f & (F.CLAUSE | F.TERM | CUE) || (f & F.CONJ && !out.length && !listed)) break;
    // "with Kerley B lines AT BOTH BASES and peribronchial cuffing": a member's place does not end the list
    if (out.length && placePhrase(items, j)) continue;
    if ((out.length || listed) && !(f & F.CONJ || inNounPhrase(items[j]!))) break;
  }
  return out;
}

/** Prepositions that place a list member ("at the bases", "in both lower zones"). */
const PLACING = new Set(['at', 'in', 'of', 'on', 'over', 'within', 'throughout', 'along']);

/** Whether item j is a preposition opening a place phrase (only sides, places and articles up to the next list word), or a word of one. */
function placePhrase(items: readonly Item[], j: number): boolean {
  const it = items[j]!;
  if (it.flags & (F.LAT | F.LOC) && !(it.flags & F.FINDING)) return true;
  if (!PLACING.has(it.text)) return false;
  let k = j + 1;
  while (k < items.length && items[k]!.flags & F.FILLER && !(items[k]!.flags & F.FINDING)) k++;
  return k < items.length && (items[k]!.flags & (F.LAT | F.LOC)) !== 0 && !(items[k]!.flags & F.FINDING);
}

export { keepsBesideHedge } from './_internals/evidence.js';
