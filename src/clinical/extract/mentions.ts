/**
 * Finding mentions: lexicon terms (longest match on word boundaries, case-insensitive, so
 * abbreviations such as `PTX` or `ETT` match too) and subject-predicate statements.
 */
import { getGrammar, type Grammar } from './_internals/grammar.js';
import { buildItems } from './_internals/items.js';
import { statementMentions } from './_internals/statements.js';
import { F, newMention, type Item, type Mention } from './_internals/types.js';

/** Whether the sentence's words (space-padded) hold one of the cue phrases. */
function hasAny(words: string, cues: readonly string[]): boolean {
  for (const cue of cues) if (words.includes(` ${cue} `)) return true;
  return false;
}

/** Words that put the state a term's participle names on the earlier study. */
const EARLIER = new Set(['previously', 'formerly', 'initially', 'originally']);

/**
 * "Reduction in the PREVIOUSLY WIDENED superior mediastinum", "the previously collapsed lobe has re-expanded": a term that
 * opens with a participle after an earlier-time word names the state of the earlier study, not a finding of this one.
 */
function earlierState(items: readonly Item[], k: number): boolean {
  return EARLIER.has(items[k - 1]?.text ?? '') && /^\w+ed\b/.test(items[k]!.text) && items[k]!.text.includes(' ');
}

/**
 * The finding mentions among a sentence's items, in text order. The specific term already
 * won at matching time (`tension pneumothorax` is one term, never also `pneumothorax`); a
 * statement repeating a term inside its own span is dropped.
 */
export function findMentions(items: readonly Item[], g: Grammar = getGrammar()): Mention[] {
  const terms: Mention[] = [];
  let words: string | undefined;
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (!(it.flags & F.FINDING)) continue;
    let name = it.finding!;
    const sense = g.senses.get(it.text);
    if (sense) {
      words ??= ` ${items.map((x) => x.text).join(' ')} `;
      if (hasAny(words, sense.when) && !hasAny(words, sense.unless)) name = sense.finding;
    }
    const m = newMention(name, k, k, it.s, it.e, 'term', undefined, it.s, (it.flags & F.REMOVED) !== 0);
    if (earlierState(items, k)) m.dropped = true;
    terms.push(m);
  }
  const statements = statementMentions(items, g).filter(
    (st) => !terms.some((t) => t.name === st.name && t.a >= st.a && t.b <= st.b),
  );
  return [...terms, ...statements].sort((x, y) => x.a - y.a || x.b - y.b);
}

/** A matched finding term: canonical name and character span. */
export interface TermMatch {
  name: string;
  span: [number, number];
}

/** The finding mentions of a text read as one sentence (for tests and tools). */
export function matchFindings(text: string): TermMatch[] {
  const g = getGrammar();
  return findMentions(buildItems(text, 0, text.length, g), g).map((m) => ({ name: m.name, span: [m.s, m.e] }));
}
