/**
 * Undecided differentials (CONVENTIONS §4, §7): a sign followed by alternatives the report does not choose
 * between ("right basal opacity, atelectasis or pneumonia", "LUZ opacity - ? Koch's vs non-resolving pneumonia",
 * "consolidation - ?aspiration / ventilator associated pneumonia") is ONE finding, the sign, as certain as it
 * was stated, with the alternatives as its candidate interpretations. What the film shows is the sign; naming
 * each alternative as a finding of its own would state two or three possible diseases where the radiologist
 * reported one abnormality (METRICS §1.5: a vaguer or a more specific term in the same place is one match).
 * A single interpretation, hedged or not ("opacity, likely atelectasis"), still names the finding (evidence.ts).
 *
 * The passes of attributes.ts absorb the sign into each alternative first; this pass, run after them, turns
 * that round when the sign was absorbed by two or more alternatives joined as a differential.
 */
import type { Grammar } from './grammar.js';
import { inheritPlace } from './evidence.js';
import { CUE, F, type Item, type Mention } from './types.js';

/** Items that may stand between two alternatives besides the word that makes them alternatives ("? A / ? B", "A, or possibly B"). */
const BETWEEN = F.WORD | F.HEDGEPRE | F.HEDGEPOST | F.LINK | F.SEV | F.TEMP | F.LAT | F.LOC | F.FILLER | F.CONJ;

/**
 * Whether x and y (x before y) are joined as alternatives: by `or`/`versus` (the scope pass's groups), or by a
 * slash (`atelectasis/contusion`, `?aspiration / pneumonia`) with at most hedges and modifiers beside it.
 */
function joined(items: readonly Item[], groups: readonly (readonly Mention[])[], x: Mention, y: Mention, g: Grammar): boolean {
  // one read as the other is one reading named twice, not two: "small effusion or haemothorax" (a kind of the collection),
  // "viral lower respiratory tract infection / bronchiolitis", "non-cardiogenic oedema / ARDS" (a slash between a finding
  // and its sign); "atelectasis vs consolidation" and "ARDS vs pulmonary oedema" stay alternatives
  const [a, b] = [g.info.get(x.name)!, g.info.get(y.name)!];
  const related = a.signs.has(y.name) || b.signs.has(x.name);
  if (related && a.pleural && b.pleural) return false;
  if (groups.some((gr) => gr.includes(x) && gr.includes(y))) return true;
  if (y.a <= x.b) return false;
  let slash = false;
  for (let j = x.b + 1; j < y.a; j++) {
    const it = items[j]!;
    if (it.text === '/' || it.flags & F.ALT) {
      if (related && it.text === '/') return false;
      slash = true;
      continue;
    }
    if (it.flags & F.FINDING || it.flags & (CUE & ~(F.HEDGEPRE | F.HEDGEPOST)) || it.flags & (F.CLAUSE | F.TERM)) return false;
    if (it.flags && !(it.flags & BETWEEN) && it.text !== '?') return false;
    // "and" joins two findings stated together, not two readings of one ("consistent with atelectasis and effusion")
    if (it.flags & F.CONJ && it.text !== ',') return false;
  }
  // "probably atelectasis, possibly pneumonia", "pneumonia or atelectasis, aspiration not excluded": a reading hedged
  // on its own after a comma is one more alternative, not a second abnormality
  return slash || (hedgedOwn(y) && samePlace(x, y));
}

/** Whether y names no side or place that x lacks ("likely pneumonia, possible small LEFT effusion" is somewhere else). */
function samePlace(x: Mention, y: Mention): boolean {
  return y.lats.every((l) => x.lats.includes(l)) && y.locs.every((l) => x.locs.includes(l));
}

/** Whether the mention carries a hedge of its own (before or after it), not one it inherits from a list. */
function hedgedOwn(m: Mention): boolean {
  return (m.direct !== undefined && !m.direct.neg && m.direct.p < 3) || (m.post !== undefined && !m.post.neg && m.post.p < 3);
}

/** Items that may stand between the sign's last reading and an afterthought one: a comma, a clause break ("though"), hedges, words. */
const AFTER = BETWEEN | F.CLAUSE | F.TERM | F.ALT | F.BREAK;

/**
 * Readings added after the sign's alternatives in the same sentence, hedged on their own and open to the sign
 * ("likely atelectasis, though aspiration or pneumonia cannot be excluded", "concerning for pneumonia; atelectasis is
 * also possible"): the radiologist leaves the choice open, so they join the differential. A reading with a side or a
 * place of its own is a statement about somewhere else and stays apart.
 */
function afterthoughts(items: readonly Item[], mentions: readonly Mention[], groups: readonly (readonly Mention[])[], s: Mention, place: Mention, last: Mention, g: Grammar): Mention[] {
  const out: Mention[] = [];
  let prev = last;
  // where the words between the last reading and the next one begin: after a finding named only as the setting
  // ("aspiration in the setting of a large hiatal hernia; atelectasis is also possible"), which states nothing here
  let from = last.b;
  for (const m of [...mentions].sort((x, y) => x.a - y.a)) {
    if (m.a <= prev.b) continue;
    if (m.dropped) {
      from = Math.max(from, m.b);
      continue;
    }
    // "though aspiration or pneumonia cannot be excluded": the list's hedge is each member's
    const listed = out.length > 0 && groups.some((gr) => gr.includes(prev) && gr.includes(m));
    if (m.absorbed || m.kind === 'normal' || m.status !== 'uncertain' || !(hedgedOwn(m) || listed)) break;
    if (!g.info.get(m.name)?.signs.has(s.name) || !samePlace(place, m)) break;
    let open = true;
    for (let j = from + 1; j < m.a && open; j++) {
      const it = items[j]!;
      if (it.flags & F.FINDING || (it.flags && !(it.flags & AFTER) && it.text !== '?')) open = false;
    }
    if (!open) break;
    out.push(m);
    prev = m;
    from = m.b;
  }
  return out;
}

/**
 * The readings with the other members of their or/versus lists that read the same sign ("opacities, left greater than
 * right, atelectasis versus aspiration/pneumonia": the slash pair took the sign, atelectasis is the first alternative).
 */
function listedWith(groups: readonly (readonly Mention[])[], alts: Mention[], s: Mention, place: Mention): Mention[] {
  const out = new Set(alts);
  for (const gr of groups) {
    const reading = gr.find((m) => out.has(m));
    if (!reading) continue;
    for (const m of gr) {
      if (m === s || m.dropped || m.absorbed || m.kind === 'normal' || m.status === 'absent') continue;
      // set against a reading of the sign, it is another reading of it ("opacity - consolidation versus atelectasis");
      // only a side of its own sets it apart (the words before a dash may have lent it a place)
      if (m.lats.every((l) => place.lats.includes(l) || reading.lats.includes(l))) out.add(m);
    }
  }
  return [...out].sort((x, y) => x.a - y.a);
}

/** The status a sign heading its own list of alternatives had before the list made it one of them (scopes.ts). */
function ownStatus(s: Mention): void {
  const p = Math.min(s.pre?.neg ? 3 : (s.pre?.p ?? 3), s.post && !s.post.neg ? s.post.p : 3) as 1 | 2 | 3;
  [s.status, s.p] = [p < 3 ? 'uncertain' : 'present', p];
}

/**
 * A sign absorbed by two or more alternatives of one differential keeps its finding: the sign stays (with its
 * own status), the alternatives become its `interpretations` and are absorbed into it (kept only with keepSigns,
 * for token-level annotation), and any other sign they had absorbed is the sign's evidence.
 */
export function keepUndecided(items: readonly Item[], mentions: readonly Mention[], groups: readonly (readonly Mention[])[], g: Grammar): void {
  for (const s of mentions) {
    if (!s.into || !s.absorbed || s.kind === 'normal' || s.dropped || s.status === 'absent') continue;
    const own = s.into.filter((t) => !t.dropped && !t.absorbed && t.status !== 'absent' && t.kind !== 'normal').sort((x, y) => x.a - y.a);
    if (!own.length) continue;
    let differential = true;
    for (let i = 1; i < own.length && differential; i++) differential = joined(items, groups, own[i - 1]!, own[i]!, g);
    if (!differential) continue;
    // the place the sign was stated with, or (moved onto its first reading before a dash) that reading's
    const place = s.lats.length || s.locs.length ? s : own[0]!;
    const later = afterthoughts(items, mentions, groups, s, place, own[own.length - 1]!, g);
    // "opacities, likely atelectasis, though infection cannot be excluded": one reading is committed to and the others are
    // only not excluded; the sign is that reading, and what is not excluded stays a possible finding of its own
    // (a reading joined to the first by a comma, "probably atelectasis, possibly pneumonia", still leaves the choice open)
    if (own.length === 1 && (own[0]!.p ?? 3) >= 2 && later.length && later.every((m) => m.p === 1)) {
      for (const m of later) inheritPlace(place, m, g);
      continue;
    }
    const alts = listedWith(groups, [...own, ...later], s, place);
    if (alts.length < 2 || new Set(alts.map((t) => t.name)).size < 2) continue;
    s.absorbed = false;
    s.into = undefined;
    if (groups.some((gr) => gr.includes(s))) ownStatus(s);
    s.interpretations = [...new Set(alts.map((t) => t.name))];
    const others = new Set<string>(s.evidence ?? []);
    for (const t of alts) {
      t.absorbed = true;
      for (const e of t.evidence ?? []) if (e !== s.name) others.add(e);
      // "opacity in the left lower lobe - atelectasis/contusion": the place read onto the first alternative is the sign's
      if (!s.lats.length || !s.locs.length) inheritPlace(t, s, g);
    }
    others.delete(s.name);
    s.evidence = others.size ? [...others] : undefined;
  }
}
