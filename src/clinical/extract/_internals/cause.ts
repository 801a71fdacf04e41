/**
 * A finding named as the cause of the finding stated before it (CONVENTIONS §4): "lung abscess, likely
 * aspiration related" states one finding and where it came from. The cause is the
 * finding's history, not a second finding of this film; "aspiration related pneumonia" (a finding after the
 * word) is that finding's own name.
 */
import { F, type Item, type Mention } from './types.js';
import type { MentionIndex } from './walk.js';

/** Words that make the finding before them the cause of another ("aspiration RELATED"). */
const CAUSED = new Set(['related', 'induced', 'associated', 'mediated']);
/** Words after it that name the cause instead ("related TO", "associated WITH", "induced BY"). */
const BY = new Set(['to', 'with', 'by']);

/** Drops each mention that is followed by a cause word and preceded, in its clause, by an affirmed finding it causes. */
export function dropCauses(items: readonly Item[], mentions: readonly Mention[], idx: MentionIndex): void {
  for (const m of mentions) {
    if (m.kind === 'normal' || m.dropped) continue;
    // the cause word closes the finding's own term ("aspiration related") or follows it
    const last = items[m.b]!.text;
    const own = CAUSED.has(last.slice(last.lastIndexOf(' ') + 1));
    if (!own && !CAUSED.has(items[m.b + 1]?.text ?? '')) continue;
    // "atelectasis related TO poor inspiration": the finding is what was caused
    let j = own ? m.b + 1 : m.b + 2;
    if (BY.has(items[j]?.text ?? '')) continue;
    // "aspiration related PNEUMONIA": the words name the finding that follows
    while (j < items.length && items[j]!.flags === F.WORD) j++;
    if (idx.startAt.has(j)) continue;
    // a sign absorbed into it causes nothing: "right lower lobe consolidation, likely aspiration related" is aspiration
    const caused = mentions.some((x) => x !== m && x.b < m.a && x.kind !== 'normal' && x.status !== 'absent' && !x.dropped && !x.absorbed && sameClause(items, x.b, m.a));
    if (caused) m.dropped = true;
  }
}

function sameClause(items: readonly Item[], from: number, to: number): boolean {
  for (let j = from + 1; j < to; j++) if (items[j]!.flags & (F.CLAUSE | F.TERM)) return false;
  return true;
}
