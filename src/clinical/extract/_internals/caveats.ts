/**
 * Caveats that take back nothing (CONVENTIONS §31): a finding denied and then said to be not
 * excludable ("No pneumothorax; a small apical pneumothorax is not excluded", "No pneumothorax.
 * A small one cannot be entirely excluded.") is the radiologist's reservation about the film, not
 * a second, possible finding: the denial stands and the caveat states nothing.
 */
import { F, type Item, type Mention } from './types.js';
import { REACH } from './walk.js';

/** A cue saying a finding cannot be excluded ("not excluded", "cannot rule out", "difficult to exclude"). */
function excludes(it: Item): boolean {
  return (it.flags & (F.HEDGEPOST | F.HEDGEPRE)) !== 0 && it.p === 1 && /exclu|rule/.test(it.text);
}

/** Whether mention m is hedged only by an exclusion cue: just before it ("cannot exclude a small X") or after it in its clause. */
function hedgedByExclusion(items: readonly Item[], m: Mention): boolean {
  for (let j = m.a - 1; j >= 0 && j >= m.a - 4; j--) {
    const it = items[j]!;
    if (excludes(it)) return true;
    if (it.flags & (F.FINDING | F.CLAUSE | F.NEGPRE | F.NEGPOST)) break;
  }
  for (let j = m.b + 1; j < items.length && j <= m.b + REACH; j++) {
    const it = items[j]!;
    if (excludes(it)) return true;
    if (it.flags & (F.FINDING | F.CLAUSE) || (it.flags & (F.HEDGEPRE | F.HEDGEPOST) && !(it.flags & F.COPULA))) return false;
  }
  return false;
}

/** Words that deny only part of a finding or deny it with reserve ("no LARGE pneumothorax", "no OBVIOUS pneumothorax"): a caveat after them is the finding's status. */
const RESERVED = /\b(?:large|significant|appreciable|obvious|definite|definitive|convincing|frank|overt|discrete|visible|gross|major|sizeable|sizable|substantial|focal|acute)\b/;

/** Whether mention m is denied outright: a flat negation, not a reserved one, before it in its clause (or a post-negation). */
function flatDenial(items: readonly Item[], m: Mention): boolean {
  if (m.status !== 'absent' || m.kind === 'normal' || m.removed || m.dropped) return false;
  for (let j = m.a - 1; j >= 0 && j >= m.a - REACH; j--) {
    const it = items[j]!;
    if (it.flags & F.NEGPRE) return !RESERVED.test(it.text);
    if (it.flags & (F.CLAUSE | F.FINDING) || (it.flags & F.SEV && RESERVED.test(it.text))) break;
  }
  return m.post?.neg === true;
}

/** Names a sentence denies outright (not through a normal statement such as "lungs are clear", nor "no large ..."). */
export function deniedNames(items: readonly Item[], mentions: readonly Mention[]): ReadonlySet<string> {
  let out: Set<string> | undefined;
  for (const m of mentions) if (m.status === 'absent' && flatDenial(items, m)) (out ??= new Set()).add(m.name);
  return out ?? NONE;
}

const NONE: ReadonlySet<string> = new Set();

/** Whether the caveat's clause names a side: a possible finding placed where the denial did not look ("... is not excludable in the right base"). */
function sided(items: readonly Item[], m: Mention): boolean {
  for (let j = m.a - 1; j >= 0 && !(items[j]!.flags & F.CLAUSE); j--) if (items[j]!.flags & F.LAT) return true;
  for (let j = m.a; j < items.length && !(items[j]!.flags & F.CLAUSE); j++) if (items[j]!.flags & F.LAT) return true;
  return false;
}

/**
 * Drops the possible mentions of a finding that the sentence before (`before`) or an earlier clause of this sentence
 * denied, when only an exclusion cue hedges them.
 */
export function dropCaveats(items: readonly Item[], mentions: readonly Mention[], before: ReadonlySet<string>): void {
  for (const m of mentions) {
    if (m.status !== 'uncertain' || m.p !== 1 || m.kind === 'normal') continue;
    if (before.size === 0 && !mentions.some((x) => x.status === 'absent')) return;
    const denied = before.has(m.name) || mentions.some((x) => x.b < m.a && x.name === m.name && flatDenial(items, x));
    if (denied && hedgedByExclusion(items, m) && !sided(items, m)) m.dropped = true;
  }
}

/** Verbs saying the film makes a finding look bigger than it is ("exaggerated by the AP projection"). */
const MAGNIFIES = new Set(['accentuated', 'exaggerated', 'magnified', 'overestimated', 'overstated', 'accentuate', 'exaggerate', 'magnify', 'overestimate']);
/** Contrast words opening a reservation about what was just said. */
const CONCEDE = new Set(['although', 'though', 'but', 'however']);

/** "..., ALTHOUGH this may be EXAGGERATED by the AP technique": a reservation that the film magnifies the finding. */
function magnifiedAfter(items: readonly Item[], m: Mention): boolean {
  for (let j = m.b + 1; j < items.length && j <= m.b + REACH; j++) {
    if (!CONCEDE.has(items[j]!.text)) continue;
    for (let i = j + 1; i < items.length && i <= j + 6; i++) if (MAGNIFIES.has(items[i]!.text)) return true;
    return false;
  }
  return false;
}

/** "Heart size is DIFFICULT TO ASSESS (due to rotation) but appears enlarged": a limitation inside a statement's own span. */
function limitedInside(items: readonly Item[], m: Mention): boolean {
  if (m.kind !== 'clause' || m.pred === undefined) return false;
  for (let j = m.a + 1; j < m.pred; j++) if (items[j]!.flags & F.DROPPOST) return true;
  return false;
}

/**
 * A finding stated with a reservation about the film is likely, not certain (uncertain 2): the heart "appears enlarged,
 * although this may be exaggerated by the AP projection", "heart size is difficult to assess but appears enlarged". A
 * plain note of technique ("mild cardiomegaly, accentuated by technique") keeps it certain.
 */
export function reserveForFilm(items: readonly Item[], mentions: readonly Mention[]): void {
  let any = false;
  for (const it of items) if (it.flags & F.DROPPOST || MAGNIFIES.has(it.text)) any = true;
  if (!any) return;
  for (const m of mentions) {
    if (m.status !== 'present' || m.kind === 'normal' || m.dropped) continue;
    if (magnifiedAfter(items, m) || limitedInside(items, m)) [m.status, m.p] = ['uncertain', 2];
  }
  // "(this may be) exaggerated BY the AP technique and LOW VOLUMES": what magnifies is stated as a fact, not hedged
  for (let k = 0; k + 1 < items.length; k++) {
    if (!MAGNIFIES.has(items[k]!.text) || items[k + 1]!.text !== 'by') continue;
    let end = k + 2;
    while (end < items.length && !(items[end]!.flags & F.CLAUSE) && items[end]!.text !== ',') end++;
    for (const m of mentions) if (m.a > k && m.b < end && m.status === 'uncertain' && m.kind !== 'normal') [m.status, m.p] = ['present', 3];
  }
}

/**
 * "Effusions cannot be assessed reliably supine, PROBABLY SMALL bilaterally": after a limitation, a hedged description of
 * the same finding (a grade or side, no finding of its own) is the radiologist's reading of it: the finding is back,
 * hedged as that description is.
 */
export function reviveDescribed(items: readonly Item[], mentions: readonly Mention[]): void {
  for (const m of mentions) {
    if (!m.dropped || m.kind === 'normal' || m.post?.drop !== true) continue;
    let j = m.b + 1;
    while (j < items.length && j <= m.b + 3 && !(items[j]!.flags & F.DROPPOST)) j++;
    if (!((items[j]?.flags ?? 0) & F.DROPPOST)) continue;
    while (j < items.length && items[j]!.text !== ',' && !(items[j]!.flags & (F.CLAUSE | F.FINDING))) j++;
    const hedge = items[j + 1];
    if (items[j]?.text !== ',' || !hedge || !(hedge.flags & F.HEDGEPRE) || (hedge.p ?? 3) > 2) continue;
    let described = false;
    for (let i = j + 2; i < items.length && !(items[i]!.flags & (F.CLAUSE | F.TERM)); i++) {
      if (items[i]!.flags & (F.FINDING | F.NPRED | F.NEGPRE | F.NEGPOST)) {
        described = false;
        break;
      }
      if (items[i]!.flags & (F.SEV | F.LAT)) described = true;
    }
    if (described) [m.dropped, m.status, m.p] = [false, 'uncertain', hedge.p as 1 | 2];
  }
}
