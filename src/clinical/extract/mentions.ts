/**
 * Finding mentions: lexicon terms (longest match on word boundaries, case-insensitive, so
 * abbreviations such as `PTX` or `ETT` match too) and subject-predicate statements.
 */
import { getGrammar, type Grammar } from './_internals/grammar.js';
import { buildItems } from './_internals/items.js';
import { statementMentions } from './_internals/statements.js';
import { longestMatch } from './_internals/trie.js';
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

/** Words joining two modifiers of one head ("pleural AND pericardial effusions", "mediastinal / pleural drains"). */
const JOINS = new Set(['and', 'or', '&', '/', 'and or']);

/**
 * "Mediastinal and left pleural drains", "interstitial and airspace opacities", "left pleural and mediastinal drains": a
 * modifier joined to the first word of a term names a second thing with the term's head noun, when that wording is a
 * lexicon term itself (mediastinal drains, interstitial opacities). The term at item k may have sides or fillers of its
 * own after the joining word ("and LEFT pleural drains"); the modifier before it is one item, no finding.
 */
function elidedHead(items: readonly Item[], k: number, g: Grammar): Mention | undefined {
  const term = items[k]!;
  if (!term.text.includes(' ')) return undefined;
  let j = k - 1;
  while (j > 0 && j >= k - 2 && items[j]!.flags & (F.LAT | F.FILLER) && !(items[j]!.flags & F.FINDING)) j--;
  const mod = items[j - 1];
  if (j < 1 || !JOINS.has(items[j]!.text) || !mod || mod.flags & (F.FINDING | F.LAT | F.SEV | F.MEAS) || !(mod.flags & (F.WORD | F.LOC))) return undefined;
  const words = term.text.split(' ');
  for (let h = 1; h < words.length; h++) {
    const toks = [...mod.text.split(' '), ...words.slice(h)].map((t) => ({ t, s: 0, e: 0 }));
    const hit = longestMatch(g.root, toks, 0);
    if (hit && hit.len === toks.length && hit.val.flags & F.FINDING && hit.val.finding) return newMention(hit.val.finding, j - 1, j - 1, mod.s, mod.e, 'term', undefined, mod.s, false);
  }
  return undefined;
}

/** Each mention read from an elided head -> the term whose head it shares (weak: mentions live for one sentence). */
const HEADS = new WeakMap<Mention, Mention>();

/**
 * "Linear and reticular opacity IN THE LEFT UPPER LUNG": what is said after a shared head is said of both modifiers, so
 * a mention read from an elided head takes the sides and places its term got from after it (not a side standing
 * between the joining word and the term: "mediastinal and LEFT pleural drains"). Run after the attributes are attached.
 */
export function shareElidedPlace(items: readonly Item[], mentions: readonly Mention[]): void {
  for (const m of mentions) {
    const head = HEADS.get(m);
    if (!head || m.lats.length || m.locs.length) continue;
    let between = false;
    for (let j = m.b + 1; j < head.a; j++) if (items[j]!.flags & (F.LAT | F.LOC)) between = true;
    if (between) continue;
    m.lats.push(...head.lats);
    m.locs.push(...head.locs);
  }
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
    const elided = k > 1 ? elidedHead(items, k, g) : undefined;
    if (elided) {
      HEADS.set(elided, m);
      terms.push(elided);
    }
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
