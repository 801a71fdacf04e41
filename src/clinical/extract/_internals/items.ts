/**
 * Turns one sentence into items: measurements first (a regex over the text), then the
 * longest lexicon phrase at each token, else the plain token.
 */
import { MIN_LENGTH } from '../../lexicon/spelling.js';
import { joinAcrossAdverbs } from './adverbs.js';
import { joinLabelValue } from './label-value.js';
import { sideChangeSincePrior } from './side-change.js';
import type { Grammar } from './grammar.js';
import { parseMeasurement } from './measure.js';
import { tokenize, type Token } from './tokenize.js';
import { longestMatch, longestMatchAcross, type MatchAcross } from './trie.js';
import { F, newItem, type Item, type Payload } from './types.js';

const RANK = { mild: 1, moderate: 2, severe: 3 } as const;
const CHANGE_NOUNS = new Set(['increase', 'decrease', 'improvement', 'reduction', 'progression', 'worsening', 'regression', 'interval', 'change']);
const WORDLIKE = /[\p{L}\p{N}]/u;

function measurements(text: string, start: number, end: number, g: Grammar): { s: number; e: number; mm: number[] }[] {
  const out: { s: number; e: number; mm: number[] }[] = [];
  const slice = text.slice(start, end);
  if (!/\d/.test(slice)) return out;
  g.measure.lastIndex = 0;
  for (let m = g.measure.exec(slice); m !== null; m = g.measure.exec(slice)) {
    const mm = parseMeasurement(m[0], g.units);
    if (mm.length) out.push({ s: start + m.index, e: start + m.index + m[0].length, mm });
  }
  return out;
}

function plain(tok: Token): Item {
  return newItem(undefined, WORDLIKE.test(tok.t) ? F.WORD : 0, tok.s, tok.e, tok.t, tok.t, undefined);
}

/** Tokens i..j-1 joined by single spaces. */
function joined(toks: readonly Token[], i: number, j: number): string {
  let out = toks[i]!.t;
  for (let k = i + 1; k < j; k++) out += ' ' + toks[k]!.t;
  return out;
}

/** Whether some severity word follows another, or `to` after one: else mergeRanges has nothing to merge (most sentences). */
function hasRange(items: readonly Item[]): boolean {
  for (let k = 1; k < items.length; k++) {
    if (!(items[k]!.flags & F.SEV)) continue;
    const prev = items[k - 1]!;
    if ((prev.flags & F.SEV && !(prev.flags & F.FINDING)) || (prev.text === 'to' && k > 1 && items[k - 2]!.flags & F.SEV)) return true;
  }
  return false;
}

/** Severity ranges (`small to moderate`, `mild-moderate`) become one item with the higher end. */
function mergeRanges(items: Item[]): Item[] {
  if (!hasRange(items)) return items;
  const out: Item[] = [];
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    // (no reads before the start: `out[-1]` is a slow property lookup, not an element)
    const prev = out.length > 0 ? out[out.length - 1] : undefined;
    if (it.flags & F.SEV && prev && prev.flags & F.SEV && !(prev.flags & F.FINDING)) {
      out[out.length - 1] = higher(prev, it);
      continue;
    }
    const before = out.length > 1 ? out[out.length - 2] : undefined;
    if (it.flags & F.SEV && prev && prev.text === 'to' && before && before.flags & F.SEV) {
      out.pop();
      out[out.length - 1] = higher(before, it);
      continue;
    }
    out.push(it);
  }
  return out;
}

const ELIDED = new Set(['upper', 'middle', 'lower', 'mid']);
const JOIN = new Set(['and', ',', '/', 'or', 'to']);

/**
 * "right upper and lower lobes", "upper, middle and lower lobes": a bare `upper`/`lower`
 * before a joined location phrase means that phrase with its own word (`upper lobes`).
 */
function resolveElided(items: Item[], g: Grammar): void {
  for (let k = items.length - 2; k >= 0; k--) {
    const it = items[k]!;
    if (it.flags !== F.WORD || !ELIDED.has(it.text) || !JOIN.has(items[k + 1]!.text)) continue;
    for (let j = k + 2; j < items.length && j <= k + 4; j++) {
      const target = items[j]!;
      if (!(target.flags & F.LOC)) continue;
      const head = target.text.slice(target.text.lastIndexOf(' ') + 1);
      const hit = longestMatch(g.root, [{ t: it.text, s: 0, e: 0 }, { t: head, s: 0, e: 0 }], 0);
      if (hit?.len === 2 && hit.val.flags & F.LOC) Object.assign(it, hit.val, { flags: hit.val.flags });
      break;
    }
  }
}

/** Words naming the earlier study a finding is compared with ("on the PRIOR radiograph", "on the PREVIOUS exam"). */
const EARLIER = new Set(['prior', 'previous', 'preceding', 'earlier', 'comparison', 'baseline', 'last', 'initial', 'old', 'older']);
const ON = new Set(['on', 'in', 'at']);
const ARTICLE = new Set(['the', 'a', 'an', 'most', 'recent']);
/** Adverbs saying the same without a study ("not seen PREVIOUSLY"). */
const EARLIER_ADV = new Set(['previously', 'before', 'earlier']);

/** Whether the words after item k place the statement on the earlier study ("on the prior radiograph", "previously"). */
function onEarlierStudy(items: readonly Item[], k: number): boolean {
  let j = k + 1;
  if (EARLIER_ADV.has(items[j]?.text ?? '')) return true;
  if (!ON.has(items[j]?.text ?? '')) return false;
  for (j++; j < items.length && j <= k + 4 && ARTICLE.has(items[j]!.text); j++);
  return EARLIER.has(items[j]?.first ?? '');
}

/**
 * "not present on the prior radiograph", "absent on the previous study", "not seen previously":
 * a finding missing from the earlier study is new (CONVENTIONS §27), not absent now. The
 * negation becomes the temporal cue `new`. Cues that are themselves temporal ("no longer seen",
 * "resolved") keep their meaning.
 */
function earlierAbsence(items: Item[]): void {
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (!(it.flags & F.NEGPOST) || it.flags & (F.FINDING | F.TEMP | F.NEGPRE) || !onEarlierStudy(items, k)) continue;
    it.flags = (it.flags & ~F.NEGPOST) | F.TEMP;
    it.temp = 'new';
  }
}

function higher(a: Item, b: Item): Item {
  const top = RANK[b.sev!] >= RANK[a.sev!] ? b : a;
  const out = newItem(top, top.flags, a.s, b.e, `${a.text} ${b.text}`, top.first, top.mm);
  return out;
}

/**
 * The longest phrase at token i, unless it is a cue (not anatomy) whose tail starts a longer
 * finding term ("no large | lung volumes"): then the cue is cut short so the finding keeps its words.
 */
function matchAt(g: Grammar, toks: readonly Token[], i: number): ReturnType<typeof longestMatch> | MatchAcross {
  const hit = longestMatch(g.root, toks, i);
  const across = longestMatchAcross(g.root, toks, i, (j, n, first) => sideOrPlace(g, toks, j, n, first));
  if (across && across.val.flags & F.FINDING && across.len > (hit?.len ?? 0)) return across;
  if (!hit || hit.len < 2 || hit.val.flags & (F.FINDING | F.LAT | F.LOC | F.POS | F.SUBJ)) return hit;
  for (let j = i + 1; j < i + hit.len; j++) {
    const inner = longestMatch(g.root, toks, j);
    if (inner && inner.val.flags & F.FINDING && j + inner.len > i + hit.len) return longestMatch(g.root, toks, i, j - i);
  }
  return hit;
}

/**
 * The payload of tokens j..j+n-1 when they are a side word inside a term ("right", "left sided"), or a place word right
 * after one ("left APICAL pleura"). Not the start of a longer side phrase: "complete opacification of the LEFT HEMITHORAX"
 * names the side as its place, and the term there may mean something else than the sided finding.
 */
function sideOrPlace(g: Grammar, toks: readonly Token[], j: number, n: number, first: boolean): Payload | undefined {
  const hit = longestMatch(g.root, toks, j, n);
  if (!hit || hit.len !== n) return undefined;
  if (!first) return hit.val.flags === F.LOC || hit.val.flags === F.LAT ? hit.val : undefined;
  if (hit.val.flags !== F.LAT) return undefined;
  const longer = longestMatch(g.root, toks, j)!;
  return longer.len === n || !(longer.val.flags & F.LAT) ? hit.val : undefined;
}

/** A term read across side or place words keeps them as its own side and place (attributes.ts reads them). */
function carry(it: Item, inside: readonly Payload[]): Item {
  for (const v of inside) {
    if (v.flags & F.LAT && it.lat === undefined) it.lat = v.lat;
    if (v.flags & F.LOC && it.loc === undefined) it.loc = v.loc;
  }
  return it;
}

/** The items of the sentence (a plain word has only F.WORD; punctuation without meaning has no flags) `text[start, end)`. */
export function buildItems(text: string, start: number, end: number, g: Grammar): Item[] {
  const toks = tokenize(text, start, end);
  // a misspelt lexicon word is read as that word (`subcutanous`, `plueral`: lexicon/spelling.ts)
  for (const tok of toks) {
    if (tok.t.length < MIN_LENGTH) continue;
    const fix = g.spell(tok.t);
    if (fix !== undefined) tok.t = fix;
  }
  const meas = measurements(text, start, end, g);
  const items: Item[] = [];
  let mi = 0;
  for (let i = 0; i < toks.length; ) {
    const tok = toks[i]!;
    while (mi < meas.length && meas[mi]!.e <= tok.s) mi++;
    const m = meas[mi];
    if (m && m.s <= tok.s) {
      let j = i;
      while (j < toks.length && toks[j]!.s < m.e) j++;
      items.push(newItem(undefined, F.MEAS, tok.s, toks[j - 1]!.e, joined(toks, i, j), tok.t, m.mm));
      i = j;
      continue;
    }
    const hit = matchAt(g, toks, i);
    if (!hit) {
      items.push(plain(tok));
      i++;
      continue;
    }
    const last = toks[i + hit.len - 1]!;
    const text2 = hit.len === 1 ? tok.t : joined(toks, i, i + hit.len);
    const item = newItem(hit.val, hit.val.flags, tok.s, last.e, text2, tok.t, undefined);
    items.push('inside' in hit ? carry(item, hit.inside) : item);
    i += hit.len;
  }
  // A degree word before a change describes the change, not the finding ("mildly increased", "slight increase in").
  for (let k = 0; k + 1 < items.length; k++) {
    const [it, next] = [items[k]!, items[k + 1]!];
    if (!(it.flags & F.SEV) || !(next.flags & F.TEMP) || next.flags & F.FINDING || gradesState(items, k)) continue;
    if (it.first.endsWith('ly') || CHANGE_NOUNS.has(next.first)) it.flags &= ~F.SEV;
  }
  resolveElided(items, g);
  earlierAbsence(items);
  sideChangeSincePrior(items);
  joinLabelValue(items);
  return joinAcrossAdverbs(mergeRanges(items), g);
}

/**
 * "Lung volumes are MILDLY reduced", "heart size is slightly increased": a degree word before the predicate that states a
 * structure's abnormal state (a subject, a copula) grades the finding that statement names; it is no degree of change.
 */
function gradesState(items: readonly Item[], k: number): boolean {
  if (!(items[k + 1]!.flags & F.APRED)) return false;
  let j = k - 1;
  while (j >= 0 && items[j]!.flags & (F.COPULA | F.FILLER)) j--;
  return j >= 0 && j < k - 1 && (items[j]!.flags & F.SUBJ) !== 0;
}
