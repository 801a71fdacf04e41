/**
 * The RadGraph-style annotation of one report: every clinical statement, one entity per word
 * (RadGraph schema conventions), normal statements included.
 *
 * Per clause: runs of entity words form phrases; in a phrase the last word is the head,
 * - an observation head: observation words before it `modify` it; each anatomy group before
 *   it (`right lower lobe`, `pleural`) is where it is `located_at` (the group's head);
 * - an anatomy head (`normal heart`, `calcified aorta`): the observation words are `located_at` it;
 * - in an anatomy group the words before the head `modify` it (`left` -> `lung`);
 * - `size` after anatomy `modify`s it (`heart size`), `tip` after a device `modify`s the device.
 * Between phrases: a locative word (`in`, `at`, `over` ...) before an anatomy phrase places the
 * last observation there; a phrase of descriptors only after its subject (`lungs are clear`,
 * `cardiomegaly, unchanged`, coordinated subjects included) is `located_at` an anatomy
 * subject or `modify`s an observation subject; a suggestive cue (`suggestive of`, `likely`,
 * `consistent with`) makes the observation before it `suggestive_of` the one after.
 */
import type { Word } from '../../words.js';
import { clauseCertainty, type Certainty } from './certainty.js';
import { clausesOf, type Unit } from './units.js';
import { CHANGE_NOUN, COORDINATOR, COPULA, LOCATIVE, MEASURE_CONN, POSTMODIFIER, SUGGESTIVE, TISSUE } from './vocab.js';

export interface Draft {
  start: number;
  end: number;
  label: string;
  relations: [string, number][];
}

interface Phrase {
  units: Unit[];
  /** Entity id of the head (the observation that carries relations for the phrase). */
  head: number;
  headAnat: boolean;
  /** Only descriptors (no noun): a predicate or a measurement. */
  predicate: boolean;
  /** First observation entity of the phrase (the source of a suggestive_of). */
  firstObs?: number;
  /** The observation later locatives attach to (`tip` of `CVC tip`). */
  carrier?: number;
  /** The last anatomy head of the phrase. */
  anatHead?: number;
  /** A predicate's relation to its subject. */
  subject?: [string, number];
}

const isAnat = (u: Unit) => u.cls === 'anat-noun' || u.cls === 'anat-adj';
const isObs = (u: Unit) => u.cls === 'obs-noun' || u.cls === 'obs-adj';
const ARTICLES = new Set(['the', 'a', 'an']);
/** Words that may stand between a subject and its predicate besides the copula (`heart not enlarged`, `within normal limits`). */
const LINK = new Set(['not', ',', '-', ':', 'no', 'longer', 'within', 'all']);
/** `small amount of`, `moderate degree of`. */
const QUANTITY = new Set(['amount', 'amounts', 'degree', 'of']);

export function annotateDrafts(text: string, words: Word[]): Draft[] {
  const drafts: Draft[] = [];
  const lower = words.map((w) => w.text.toLowerCase());
  const relate = (from: number, type: string, to: number): void => {
    if (from === to) return;
    const d = drafts[from]!;
    if (!d.relations.some(([t, x]) => t === type && x === to)) d.relations.push([type, to]);
  };

  for (const clause of clausesOf(text, words)) {
    const tagged = clause.units.filter((u) => u.cls !== undefined);
    if (!tagged.some(isObs)) continue; // anatomy alone (`PA chest radiograph`, a heading) is no statement
    const obsWord = new Uint8Array(words.length);
    for (const u of tagged) if (isObs(u)) for (let k = u.start; k <= u.end; k++) obsWord[k] = 1;
    const certainty: (Certainty | undefined)[] = [];
    clauseCertainty(lower, clause.lo, clause.hi, (k) => obsWord[k] === 1, certainty);
    const entityOf = (u: Unit): number => {
      const c = isAnat(u) ? 'Anatomy::definitely present' : `Observation::${certainty[u.start] ?? (clause.question ? 'uncertain' : 'definitely present')}`;
      drafts.push({ start: u.start, end: u.end, label: c, relations: [] });
      return drafts.length - 1;
    };

    // phrases: runs of entity units with nothing but hyphens between them
    const runs: Unit[][] = [];
    let run: Unit[] = [];
    for (const u of clause.units) {
      if (u.cls === undefined) {
        if (run.length) runs.push(run);
        run = [];
        continue;
      }
      const prev = run[run.length - 1];
      // `heart size`: the size of an anatomy is anatomy too
      if (u.lower === 'size' && prev && isAnat(prev)) u.cls = 'anat-noun';
      if (prev && (words.slice(prev.end + 1, u.start).some((w) => w.text !== '-') || splitsBefore(prev, u))) {
        runs.push(run);
        run = [];
      }
      run.push(u);
    }
    if (run.length) runs.push(run);
    // `lungs clear`, `cardiomegaly unchanged`: descriptors after a noun, with no noun after them, are a predicate
    for (let r = 0; r < runs.length; r++) {
      const us = runs[r]!;
      for (let k = 1; k < us.length; k++) {
        const before = us[k - 1]!;
        if (us[k]!.cls !== 'obs-adj' || !(before.cls === 'obs-noun' || before.cls === 'anat-noun' || POSTMODIFIER.has(before.lower))) continue;
        if (us.slice(k).every((u) => u.cls === 'obs-adj')) {
          runs.splice(r, 1, us.slice(0, k), us.slice(k));
          break;
        }
      }
    }

    const phrases: Phrase[] = runs.map((r) => buildPhrase(r, entityOf, relate));
    const coordTarget = new Map<number, number>();
    // `Pleura: no effusion or pneumothorax`: an anatomy heading locates the clause's unplaced observations
    const first = phrases[0];
    const heading = first && first.headAnat && !first.units.some(isObs) && phrases.length > 1 && words.slice(first.units[first.units.length - 1]!.end + 1, phrases[1]!.units[0]!.start).some((w) => w.text === ':') ? first.head : undefined;
    if (heading !== undefined) for (const q of phrases.slice(1)) if (!q.headAnat && !q.predicate && q.anatHead === undefined) relate(q.carrier ?? q.head, 'located_at', heading);
    phrases.forEach((p, j) => {
      if (p.units.every((u) => u.cls === 'anat-adj') && p.units.length <= 2) {
        // `6th, 7th and 8th ribs`, `mid and upper zones`: coordinated levels modify the anatomy that follows
        for (let k = j + 1; k < phrases.length; k++) {
          const q = phrases[k]!;
          const c = words.slice(phrases[k - 1]!.units[phrases[k - 1]!.units.length - 1]!.end + 1, q.units[0]!.start).map((w) => w.text.toLowerCase());
          if (!(c.length > 0 && c.every((w) => COORDINATOR.has(w)))) break;
          if (q.anatHead !== undefined && !q.units.every((u) => u.cls === 'anat-adj')) {
            relate(p.head, 'modify', q.anatHead);
            coordTarget.set(j, q.anatHead);
            break;
          }
        }
      }
      if (j === 0) return;
      const prev = phrases[j - 1]!;
      const conn = words
        .slice(prev.units[prev.units.length - 1]!.end + 1, p.units[0]!.start)
        .map((w) => w.text.toLowerCase())
        .filter((w) => !ARTICLES.has(w));
      const locative = conn.some((w) => LOCATIVE.has(w));
      const suggestive = conn.some((w) => SUGGESTIVE.has(w));
      // `decrease in the effusion`: the change modifies what changed
      if (!p.headAnat && !p.predicate && CHANGE_NOUN.has(prev.units[prev.units.length - 1]!.lower) && conn.length > 0 && conn.every((w) => w === 'in' || w === 'of')) {
        relate(prev.head, 'modify', p.head);
        return;
      }
      // `catheter with tip in the SVC`: the tip of the device before it
      if (p.units.length === 1 && POSTMODIFIER.has(p.units[0]!.lower) && p.units[0]!.lower !== 'size' && conn.includes('with') && !prev.headAnat) relate(p.head, 'modify', prev.carrier ?? prev.head);
      if (conn.length === 0 && p.units.every((u) => u.cls === 'anat-adj') && !prev.headAnat && !prev.predicate) {
        relate(prev.carrier ?? prev.head, 'located_at', p.head); // `emphysema bilaterally`
        return;
      }
      if (locative && p.headAnat && !p.predicate) {
        const carrier = lastCarrier(phrases, j);
        if (carrier !== undefined) relate(carrier, 'located_at', coordTarget.get(j) ?? p.head);
        return;
      }
      if (suggestive && !p.predicate) {
        const from = [...phrases.slice(0, j)].reverse().find((q) => q.firstObs !== undefined && !q.predicate);
        const to = p.headAnat ? p.firstObs : p.head;
        if (from && to !== undefined) relate(from.firstObs!, 'suggestive_of', to);
        return;
      }
      // `small amount of emphysema`: the quantity modifies what follows
      if (prev.predicate && !p.predicate && !p.headAnat && conn.includes('of') && conn.every((w) => QUANTITY.has(w))) {
        relate(prev.head, 'modify', p.head);
        return;
      }
      // `interstitial and ground-glass opacities`: the anatomy of the first conjunct is the second's
      if (prev.headAnat && prev.units[prev.units.length - 1]!.cls === 'anat-adj' && !p.headAnat && p.anatHead === undefined && conn.length > 0 && conn.every((w) => COORDINATOR.has(w))) {
        relate(p.head, 'located_at', prev.head);
        return;
      }
      const measure = p.units.every((u) => u.measurement) && conn.every((w) => MEASURE_CONN.has(w) || w === ',');
      const linking = conn.every((w) => COPULA.has(w) || LINK.has(w));
      // `has decreased and is now small`: a second predicate of the same subject
      if (p.predicate && prev.predicate && prev.subject && conn.includes('and') && conn.every((w) => COPULA.has(w) || w === 'and' || w === ',')) {
        relate(p.head, prev.subject[0], prev.subject[1]);
        p.subject = prev.subject;
        return;
      }
      if (p.predicate && !suggestive && (measure || linking)) {
        // the subject, and the subjects coordinated with it
        for (let k = j - 1; k >= 0; k--) {
          const s = phrases[k]!;
          if (s.predicate) break;
          relate(p.head, s.headAnat ? 'located_at' : 'modify', s.carrier ?? s.head);
          p.subject ??= [s.headAnat ? 'located_at' : 'modify', s.carrier ?? s.head];
          if (k === 0) break;
          const c = words
            .slice(phrases[k - 1]!.units[phrases[k - 1]!.units.length - 1]!.end + 1, s.units[0]!.start)
            .map((w) => w.text.toLowerCase());
          if (!(c.length > 0 && c.every((w) => COORDINATOR.has(w)))) break;
        }
        return;
      }
      // `or` / `,` after a suggestive target: the alternatives are suggested too
      if (!p.predicate && conn.length > 0 && conn.every((w) => COORDINATOR.has(w)) && prev.firstObs !== undefined && !p.headAnat) {
        for (const d of drafts) {
          for (const [t, x] of d.relations) if (t === 'suggestive_of' && x === (prev.headAnat ? prev.firstObs : prev.head)) relate(drafts.indexOf(d), 'suggestive_of', p.head);
        }
      }
    });
  }
  return drafts;
}

/** A run breaks before an anatomy word after an observation noun (`drain left`). */
function splitsBefore(prev: Unit, u: Unit): boolean {
  if (isAnat(u) && prev.cls === 'obs-noun' && !POSTMODIFIER.has(prev.lower)) return true;
  return false;
}

function lastCarrier(phrases: Phrase[], j: number): number | undefined {
  for (let k = j - 1; k >= 0; k--) {
    const q = phrases[k]!;
    if (q.predicate) continue;
    if (!q.headAnat) return q.carrier ?? q.head;
    if (q.firstObs !== undefined) return q.firstObs;
  }
  return undefined;
}

function buildPhrase(units: Unit[], entityOf: (u: Unit) => number, relate: (from: number, type: string, to: number) => void): Phrase {
  const ids = units.map((u) => entityOf(u));
  // postmodifiers: `heart size`, `CVC tip`
  let carrier: number | undefined;
  let last = units.length - 1;
  while (last > 0 && POSTMODIFIER.has(units[last]!.lower)) {
    const u = units[last]!;
    const before = units[last - 1]!;
    if (u.lower === 'size' && isAnat(before)) {
      relate(ids[last]!, 'modify', ids[last - 1]!);
      last--;
    } else if (u.lower !== 'size' && before.cls === 'obs-noun') {
      relate(ids[last]!, 'modify', ids[last - 1]!);
      carrier ??= ids[last]!;
      last--;
    } else break;
  }
  const attached = new Set<number>();
  for (let k = 1; k <= last; k++) {
    // `clavicle mid-shaft`, `ribs laterally`: a level after its anatomy noun modifies it
    if (units[k]!.cls === 'anat-adj' && units[k - 1]!.cls === 'anat-noun' && !TISSUE.has(units[k]!.lower)) attached.add(k);
  }
  for (const k of attached) relate(ids[k]!, 'modify', ids[k - 1]!);
  const end = last;
  while (last > 0 && attached.has(last)) last--;
  const headUnit = units[last]!;
  const head = ids[last]!;
  const headAnat = isAnat(headUnit);
  const predicate = units.every((u) => u.cls === 'obs-adj');
  // anatomy groups: a noun ends a group when an adjective follows it
  const groups: number[][] = [];
  let g: number[] = [];
  for (let k = 0; k <= end; k++) {
    if (!isAnat(units[k]!)) {
      if (g.length) groups.push(g);
      g = [];
      continue;
    }
    const prevK = g[g.length - 1];
    if (attached.has(k)) continue;
    if (prevK !== undefined && units[prevK]!.cls === 'anat-noun' && units[k]!.cls === 'anat-adj') {
      groups.push(g); // `lobe airspace`: a second anatomy
      g = [];
    }
    g.push(k);
  }
  if (g.length) groups.push(g);
  for (const grp of groups) {
    const gh = grp[grp.length - 1]!;
    for (const k of grp) if (k !== gh) relate(ids[k]!, 'modify', ids[gh]!);
  }
  let firstObs: number | undefined;
  for (let k = 0; k <= last; k++) {
    const u = units[k]!;
    if (!isObs(u)) continue;
    firstObs ??= ids[k]!;
    if (k === last) continue;
    if (headAnat) relate(ids[k]!, 'located_at', head);
    else relate(ids[k]!, 'modify', head);
  }
  // a side alone before another anatomy of the phrase modifies it (`bilateral diffuse airspace opacities`)
  for (let gi = 0; gi + 1 < groups.length; gi++) {
    const grp = groups[gi]!;
    if (grp.every((k) => units[k]!.cls === 'anat-adj' && !TISSUE.has(units[k]!.lower))) {
      for (const k of grp) relate(ids[k]!, 'modify', ids[groups[gi + 1]![groups[gi + 1]!.length - 1]!]!);
      groups.splice(gi, 1);
      gi--;
    }
  }
  if (!headAnat) for (const grp of groups) relate(head, 'located_at', ids[grp[grp.length - 1]!]!);
  const anatHead = headAnat ? head : groups.length ? ids[groups[groups.length - 1]![groups[groups.length - 1]!.length - 1]!] : undefined;
  if (headAnat && firstObs === undefined && carrier !== undefined) firstObs = carrier;
  return { units, head, headAnat, predicate: predicate && !headAnat, firstObs, carrier: carrier ?? (headAnat ? undefined : head), anatHead };
}
