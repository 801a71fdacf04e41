/**
 * How far an attribute word reaches in the continental and dictated orders (CONVENTIONS §16-21):
 * over a `with` that only describes ("effusion with dorsal layering LEFT, small"), to the finding
 * before `with` for a closing change word ("cardiomegaly with left atrial enlargement, STABLE"),
 * not to a finding when a degree adverb grades a change ("SLIGHTLY regressive"), and not as a tip
 * when a vessel names the way in ("VIA the left subclavian vein").
 */
import { F, CUE, type Item, type Mention } from './types.js';
import { inNounPhrase, type MentionIndex } from './walk.js';

/**
 * "Effusion WITH dorsal layering LEFT, small": a side, place or grade after a `with` that adds only a description (no
 * finding of its own) belongs to the finding before `with`, as it does in the continental order (noun, then side).
 */
export function describedWith(items: readonly Item[], w: number, k: number): boolean {
  // only a trailing attribute (the last word of its clause): "with mild ELEVATION of ..." names another thing's grade
  const next = items[k + 1];
  if (k - w > 5 || (next && !(next.flags & F.CLAUSE) && next.text !== ',' && next.text !== '.' && next.text !== ';')) return false;
  for (let j = w + 1; j < k; j++) if (items[j]!.flags & (F.FINDING | CUE | F.CLAUSE) || DIRECTION.has(items[j]!.text)) return false;
  return true;
}

/** Words that make the side after them a direction ("with shift TO the left"), not where the finding is. */
const DIRECTION = new Set(['to', 'toward', 'towards', 'shift', 'shifted', 'deviation', 'deviated', 'displacement', 'displaced', 'pushed', 'pulled']);

/** Words of change that a degree adverb may grade ("slightly REGRESSIVE", "shifted markedly FURTHER"). */
const CHANGE_WORDS = new Set(['further', 'regressive', 'regredient', 'progressive', 'progredient', 'regressed', 'progressed', 'more', 'less']);

/** "Lymphadenopathy, SLIGHTLY regressive": an adverb before a change word says how much it changed, not how severe it is. */
export function gradesChange(items: readonly Item[], k: number): boolean {
  const it = items[k]!;
  const next = items[k + 1];
  return it.first.endsWith('ly') && !it.text.includes(' ') && next !== undefined && ((next.flags & F.TEMP) !== 0 || CHANGE_WORDS.has(next.first)) && !(next.flags & F.FINDING);
}

/** Words that name a line's way in: "CVC VIA the left subclavian vein", "sheath THROUGH the right IJ". */
const VIA = new Set(['via', 'through', 'thru']);

/** Whether the vessel at item k is the access route ("via the right internal jugular vein"), not where the tip lies. */
export function viaRoute(items: readonly Item[], k: number): boolean {
  for (let j = k - 1; j >= 0 && j >= k - 3; j--) {
    const it = items[j]!;
    if (VIA.has(it.text)) return true;
    if (!(it.flags & (F.LAT | F.FILLER))) return false;
  }
  return false;
}

/**
 * "Cardiomegaly with left atrial enlargement, STABLE": a change word closing "X with Y" is about both; the finding before
 * `with` joins the ones found (a described `with`, not a list of its own: nothing but noun-phrase words between).
 */
export function withHeads(items: readonly Item[], found: Mention[], idx: MentionIndex): Mention[] {
  const first = found.reduce((a, m) => (m.a < a.a ? m : a));
  let j = first.a - 1;
  while (j >= 0 && j >= first.a - 3 && items[j]!.text !== 'with' && inNounPhrase(items[j]!)) j--;
  if (j < 1 || items[j]!.text !== 'with') return found;
  const head = idx.endAt.get(j - 1)?.filter((m) => !found.includes(m));
  return head?.length ? [...found, ...head] : found;
}

/** Words that put the grade after them on the earlier study ("small effusion (PREVIOUSLY moderate)"). */
const EARLIER = new Set(['previously', 'formerly', 'prior', 'before', 'initially', 'originally']);

/** "Small residual effusion (previously moderate)": a grade said of the earlier study is not the finding's grade now. */
export function earlierGrade(items: readonly Item[], k: number): boolean {
  return EARLIER.has(items[k - 1]?.text ?? '') || (EARLIER.has(items[k - 2]?.text ?? '') && (items[k - 1]!.flags & F.FILLER) !== 0);
}

/** Words that put the grade after them on the present study ("decreased, NOW small", "CURRENTLY moderate"). */
const NOW = new Set(['now', 'currently', 'presently', 'today']);

/** "The moderate effusion has decreased, now small": a grade said of the present study is the finding's grade, whatever came before. */
export function nowGrade(items: readonly Item[], k: number): boolean {
  return NOW.has(items[k - 1]?.text ?? '') || (NOW.has(items[k - 2]?.text ?? '') && (items[k - 1]!.flags & F.FILLER) !== 0);
}

/** Comparatives of height: the side after their `than` is the side measured against ("5 cm HIGHER than the right"). */
const HEIGHTS = new Set(['higher', 'lower', 'elevated', 'raised', 'above', 'below']);

/** "The left hemidiaphragm is elevated, 5 cm higher than the RIGHT": the other side is the standard, not a second side of the finding. */
export function heightStandard(items: readonly Item[], k: number): boolean {
  let j = k - 1;
  if ((items[j]?.flags ?? 0) & F.FILLER) j--;
  return items[j]?.text === 'than' && HEIGHTS.has(items[j - 1]?.text ?? '');
}
