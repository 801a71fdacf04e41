/**
 * Shifts of the mediastinum and the trachea (CONVENTIONS §25): the side of a shift named against its cause, and both
 * structures named as moved together.
 */
import { DIRECTIONAL } from './lung-side.js';
import { F, type Item, type Mention } from './types.js';

const OPPOSITE = { left: 'right', right: 'left' } as const;

/** The finding a moved structure names. */
const MOVED: Readonly<Record<string, string>> = { mediastinum: 'mediastinal shift', trachea: 'tracheal deviation' };

/**
 * "Shift of the mediastinum and trachea to the right", "mediastinum and trachea shifted to the right": each structure
 * named as moved is its finding (the labels of the seventh and later sets list both), with what is said of the movement.
 * The other structure's word joined by `and` to a shift term gets a mention of its own, a copy of the term's.
 */
export function bothMoved(items: readonly Item[], mentions: Mention[]): void {
  const n = mentions.length;
  for (let i = 0; i < n; i++) {
    const m = mentions[i]!;
    if (!DIRECTIONAL.has(m.name) || m.kind !== 'term') continue;
    // the word after the term ("shift of the mediastinum AND TRACHEA") or before it ("MEDIASTINUM AND trachea shifted")
    for (const [j, and] of [[m.b + 2, m.b + 1], [m.a - 2, m.a - 1]] as const) {
      const name = MOVED[items[j]?.subj ?? ''];
      if (!name || name === m.name || items[and]?.text !== 'and') continue;
      if (mentions.some((x) => x.name === name && x.a <= j && x.b >= j)) continue;
      const it = items[j]!;
      mentions.push({ ...m, name, a: j, b: j, s: it.s, e: it.e, at: it.s, lats: [...m.lats], locs: [...m.locs] });
    }
  }
  mentions.sort((x, y) => x.a - y.a || x.b - y.b);
}

/** Words naming the shift's direction against the lesion, in the mention or just before it ("contralateral shift of the trachea"). */
function relation(items: readonly Item[], m: Mention): 'contra' | 'ipsi' | undefined {
  for (let j = Math.max(0, m.a - 2); j <= m.b; j++) {
    const r = /\b(contra|ipsi)lateral\b/.exec(items[j]!.text)?.[1];
    if (r) return r as 'contra' | 'ipsi';
  }
  return undefined;
}

/** Whether the direction is stated in the term or just after it ("contralateral shift of the trachea TO THE RIGHT"). */
function stated(items: readonly Item[], m: Mention): boolean {
  for (let j = m.a; j < items.length && j <= m.b + 3; j++) if (items[j]!.flags & F.LAT) return true;
  return false;
}

/**
 * "Massive right effusion with CONTRALATERAL mediastinal shift", "left pneumonectomy with expected IPSILATERAL shift": the
 * shift's side is the direction it points, away from the side named before it or towards it (a side the attribute pass
 * lent it from before is that side, not its direction). A directional finding with no stated direction takes it from the nearest single side named before it in the sentence, else from the sided finding
 * of the sentence before (`prior`).
 */
export function sideAgainstLesion(items: readonly Item[], mentions: readonly Mention[], prior: Mention | undefined): void {
  for (const m of mentions) {
    if (!DIRECTIONAL.has(m.name) || m.status === 'absent' || m.kind === 'normal') continue;
    const rel = relation(items, m);
    if (!rel || stated(items, m)) continue;
    let side: 'left' | 'right' | undefined;
    for (let j = m.a - 1; j >= 0 && !side; j--) {
      const it = items[j]!;
      if (it.flags & F.LAT && (it.lat === 'left' || it.lat === 'right')) side = it.lat;
    }
    const before = prior?.lats.length === 1 ? prior.lats[0] : undefined;
    side ??= before === 'left' || before === 'right' ? before : undefined;
    if (side) m.lats = [rel === 'contra' ? OPPOSITE[side] : side];
  }
}
