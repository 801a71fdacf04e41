/**
 * Degree and manner adverbs inside a cue phrase (CONVENTIONS §8): "is not CLEARLY seen",
 * "not WELL seen", "is not DEFINITELY identified", "not CONVINCINGLY demonstrated", "cannot be
 * ENTIRELY excluded", "no CLEARLY visible" read as the cue without the adverb. The adverb only
 * weakens the verb; the statement stays a negation (or a hedge). Runs over items, only where an
 * adverb of this list stands, so the usual sentence pays one Set lookup per item.
 */
import type { Grammar } from './grammar.js';
import { longestMatch } from './trie.js';
import type { Token } from './tokenize.js';
import { CUE, F, newItem, type Item } from './types.js';

/**
 * Adverbs that do not change what a cue says. Not time adverbs: "not PREVIOUSLY seen" says the
 * finding is new (CONVENTIONS §27), so `previously`, `before`, `earlier` stay out.
 */
const ADVERBS = new Set([
  'clearly', 'definitely', 'definitively', 'well', 'convincingly', 'confidently', 'conclusively', 'certainly', 'reliably', 'readily',
  'unequivocally', 'unambiguously', 'discretely', 'distinctly', 'obviously', 'easily', 'entirely', 'completely', 'fully', 'totally',
  'radiographically', 'really', 'necessarily', 'firmly', 'positively', 'appreciably', 'significantly', 'substantially',
  'visibly', 'sufficiently', 'separately', 'definately',
]);

/** A lone adverb item (a plain word, or `definitely`, which is also a certainty word on its own). */
function isAdverb(it: Item): boolean {
  if (it.text.includes(' ') || !ADVERBS.has(it.text)) return false;
  return it.flags === F.WORD || (it.flags & ~F.WORD) === F.HEDGEPRE;
}

function words(items: readonly Item[], a: number, b: number, out: Token[], ends: number[]): void {
  for (let j = a; j < b; j++) {
    for (const t of items[j]!.text.split(' ')) out.push({ t, s: 0, e: 0 });
    ends.push(out.length);
  }
}

/**
 * The cue phrase read across the adverbs at `a..b` (inclusive), starting one or two items
 * before them: [first item, last item, payload], or undefined.
 */
function across(items: readonly Item[], a: number, b: number, from: number, g: Grammar): [number, number, Item] | undefined {
  for (let start = Math.max(from, a - 2); start < a; start++) {
    let plainBefore = true;
    for (let j = start; j < a; j++) if (items[j]!.flags & (F.FINDING | F.MEAS | F.CLAUSE)) plainBefore = false;
    if (!plainBefore) continue;
    const toks: Token[] = [];
    words(items, start, a, toks, []);
    const before = toks.length;
    const ends: number[] = [];
    words(items, b + 1, Math.min(items.length, b + 5), toks, ends);
    const hit = longestMatch(g.root, toks, 0);
    if (!hit || hit.len <= before || !(hit.val.flags & CUE) || hit.val.flags & F.FINDING) continue;
    const k = ends.indexOf(hit.len); // token counts where each item after the adverbs ends
    if (k === -1) continue; // the phrase would end inside an item
    const last = b + 1 + k;
    const text = toks.slice(0, hit.len).map((t) => t.t).join(' ');
    return [start, last, newItem(hit.val, hit.val.flags, items[start]!.s, items[last]!.e, text, items[start]!.first, undefined)];
  }
  return undefined;
}

/**
 * "not well seen" is also a predicate of its own ("the left heart border is not well seen": a
 * silhouette sign). With no statement subject before it, it is the negation it says.
 */
function negatedPredicate(items: Item[], k: number, g: Grammar): void {
  const it = items[k]!;
  if (!(it.flags & F.APRED) || it.flags & CUE || !it.text.startsWith('not ')) return;
  const toks = it.text.split(' ').filter((t) => !ADVERBS.has(t));
  if (toks.length === it.text.split(' ').length) return;
  for (let j = Math.max(0, k - 4); j < k; j++) if (items[j]!.flags & F.SUBJ) return;
  const hit = longestMatch(g.root, toks.map((t) => ({ t, s: 0, e: 0 })), 0);
  if (hit?.len === toks.length && hit.val.flags & F.NEGPOST) it.flags |= F.NEGPOST;
}

/** Items with each cue phrase that an adverb split joined again (in place when nothing changes). */
export function joinAcrossAdverbs(items: Item[], g: Grammar): Item[] {
  let out: Item[] | undefined;
  let copied = 0;
  for (let a = 1; a < items.length - 1; a++) {
    if (items[a]!.flags & F.APRED) negatedPredicate(items, a, g);
    if (!isAdverb(items[a]!)) continue;
    const b = a + 1 < items.length - 1 && isAdverb(items[a + 1]!) ? a + 1 : a;
    const hit = across(items, a, b, copied, g);
    if (!hit) continue;
    const [start, last, item] = hit;
    out ??= [];
    for (let j = copied; j < start; j++) out.push(items[j]!);
    out.push(item);
    copied = last + 1;
    a = last;
  }
  if (!out) return items;
  for (let j = copied; j < items.length; j++) out.push(items[j]!);
  return out;
}
