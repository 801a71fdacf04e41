/**
 * "New bilateral nodular opacities - invasive fungal infection SHOULD BE CONSIDERED": a reading put forward for a sign the
 * report names just before it is that sign's possible interpretation (CONVENTIONS §4, §7), as "consider X" after it is. Without a sign
 * before it ("oesophageal perforation must be considered in this setting") it asks for a work-up and states no finding
 * (§31): the scope pass drops it, and this pass takes the drop back only where a sign of the reading stands before it.
 */
import type { Grammar } from './grammar.js';
import type { Mention } from './types.js';

const stated = (s: Mention): boolean => !s.dropped && s.status !== 'absent' && s.kind !== 'normal';

/** The names the sentence states on this film: the signs a reading in the next sentence may be put forward for. */
export function statedNames(mentions: readonly Mention[]): ReadonlySet<string> {
  return new Set(mentions.filter(stated).map((s) => s.name));
}

/** Whether a sign of `m` (findings/*.yaml `signs`) is stated before it in its sentence or in the sentence before (`before`). */
function signBefore(m: Mention, mentions: readonly Mention[], before: ReadonlySet<string>, g: Grammar): boolean {
  const signs = g.info.get(m.name)!.signs;
  for (const name of before) if (signs.has(name)) return true;
  return mentions.some((s) => s.b < m.a && stated(s) && signs.has(s.name));
}

/**
 * Reads a dropped "X should be considered" after a sign of X (in its sentence, or the sentence before: `before`, from
 * {@link statedNames}) as possible X (uncertain, probability 1).
 */
export function readConsidered(mentions: readonly Mention[], before: ReadonlySet<string>, g: Grammar): void {
  for (const m of mentions) {
    if (!m.dropped || !m.post?.consider || m.pre?.drop || m.status === 'absent' || !signBefore(m, mentions, before, g)) continue;
    m.dropped = false;
    [m.status, m.p] = ['uncertain', 1];
  }
}
