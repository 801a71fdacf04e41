/**
 * Comparative hedges (CONVENTIONS §7): "atelectasis MORE LIKELY THAN pneumonia", "FAVOR
 * atelectasis OVER pneumonia", "atelectasis IS FAVORED OVER pneumonia", "pneumonia IS LESS
 * LIKELY THAN atelectasis". Both are in the differential: the favoured one is likely
 * (uncertain, 2), the other possible (uncertain, 1), whatever the hedge word alone would say
 * ("more likely" is a pre-cue and would give its 2 to the finding after it). Runs after the
 * scopes, on the few sentences with `than`/`over` after such a cue.
 */
import { F, type Item, type Mention } from './_internals/types.js';

/** Cue words of a comparison: true when they favour the finding they stand with. */
const COMPARATIVE = new Map<string, boolean>([
  ['more likely', true], ['favor', true], ['favors', true], ['favored', true], ['favoring', true], ['favour', true], ['favours', true],
  ['favoured', true], ['favouring', true], ['is favored', true], ['is favoured', true], ['are favored', true], ['more suspicious for', true],
  ['most likely', true], ['less likely', false], ['is less likely', false], ['are less likely', false],
]);
const AGAINST = new Set(['than', 'over']);
/** Most items between the cue and `than`/`over`. */
const SPAN = 12;

function clauseEnd(it: Item): boolean {
  return (it.flags & F.CLAUSE) !== 0 && it.text !== ':';
}

/** Sets the statuses of one comparison: `cue` (item index) ... `against` (the `than`/`over` item). */
function compare(items: readonly Item[], mentions: readonly Mention[], cue: number, against: number): void {
  const own = mentions.filter((m) => m.a > cue && m.b < against && !m.absorbed);
  let named = own;
  if (named.length === 0) {
    // "atelectasis is favored over pneumonia": the finding just before the cue
    const before = mentions.filter((m) => m.b < cue && !m.absorbed);
    const last = before.length ? Math.max(...before.map((m) => m.b)) : -1;
    for (let j = last + 1; j < cue; j++) if (clauseEnd(items[j]!)) return;
    named = before.filter((m) => m.b === last);
  }
  let end = against + 1;
  while (end < items.length && end <= against + SPAN && !clauseEnd(items[end]!) && !(items[end]!.flags & F.TERM)) end++;
  const other = mentions.filter((m) => m.a > against && m.a < end && !m.absorbed);
  if (named.length === 0 || other.length === 0) return;
  const favours = COMPARATIVE.get(items[cue]!.text)!;
  for (const m of named) set(m, favours ? 2 : 1);
  for (const m of other) set(m, favours ? 1 : 2);
}

function set(m: Mention, p: 1 | 2): void {
  if (m.kind === 'normal' || m.removed || m.dropped) return;
  m.status = 'uncertain';
  m.p = p;
}

/** Applies every comparison of one sentence to its mentions' status and probability. */
export function applyComparatives(items: readonly Item[], mentions: readonly Mention[]): void {
  for (let k = 1; k < items.length; k++) {
    if (!AGAINST.has(items[k]!.text)) continue;
    for (let c = k - 1; c >= 0 && c >= k - SPAN; c--) {
      const it = items[c]!;
      if (clauseEnd(it)) break;
      if (it.flags & (F.HEDGEPRE | F.HEDGEPOST | F.NEGPOST) && COMPARATIVE.has(it.text)) {
        compare(items, mentions, c, k);
        break;
      }
    }
  }
}
