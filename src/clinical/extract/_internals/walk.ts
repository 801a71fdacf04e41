/**
 * Walks over a sentence's items shared by the passes: noun-phrase adjacency (is this
 * modifier part of the next finding's phrase?) and coordinated lists (which findings before
 * this one are joined to it by `and`/`or`/commas?).
 */
import { CUE, F, MODIFIER, type Item, type Mention } from './types.js';

/** Most items a noun phrase or list step may span; bounds every walk (1 MB input stays linear). */
export const REACH = 10;

/** Mentions by item index (an array, not a Map: the passes look items up several times each). */
export class MentionSlots {
  private readonly at: (Mention[] | undefined)[] = [];

  add(j: number, m: Mention): void {
    while (this.at.length <= j) this.at.push(undefined);
    (this.at[j] ??= []).push(m);
  }

  /** The mentions at item j, in the order they were added; undefined when none. */
  get(j: number): Mention[] | undefined {
    return j >= 0 && j < this.at.length ? this.at[j] : undefined;
  }

  has(j: number): boolean {
    return this.get(j) !== undefined;
  }
}

/** Mentions indexed by their first and last item. */
export interface MentionIndex {
  startAt: MentionSlots;
  endAt: MentionSlots;
}

/** The last index built of each kind (the passes of one sentence index the same, never modified, mentions). */
const last: { mentions: readonly Mention[] | undefined; count: number; idx: MentionIndex | undefined }[] = [
  { mentions: undefined, count: 0, idx: undefined },
  { mentions: undefined, count: 0, idx: undefined },
];

/** Indexes mentions; normal statements only when asked (they take no scopes, only sides). */
export function indexMentions(mentions: readonly Mention[], withNormal = false): MentionIndex {
  const memo = last[withNormal ? 1 : 0]!;
  if (memo.mentions === mentions && memo.count === mentions.length && memo.idx) return memo.idx;
  memo.idx = buildIndex(mentions, withNormal);
  memo.mentions = mentions;
  memo.count = mentions.length;
  return memo.idx;
}

function buildIndex(mentions: readonly Mention[], withNormal: boolean): MentionIndex {
  const startAt = new MentionSlots();
  const endAt = new MentionSlots();
  for (const m of mentions) {
    if (m.kind === 'normal' && !withNormal) continue;
    startAt.add(m.a, m);
    endAt.add(m.b, m);
  }
  return { startAt, endAt };
}

const NOT_NP = CUE | F.TERM | F.CLAUSE | F.CONJ | F.ALT | F.BREAK | F.FINDING | F.IGNORE | F.PLACE | F.NPRED;

/** Whether an item may sit inside a noun phrase before its head (a modifier, article or plain word). */
export function inNounPhrase(it: Item): boolean {
  if (it.flags === F.WORD) return true;
  return (it.flags & (MODIFIER | F.FILLER)) !== 0 && (it.flags & NOT_NP) === 0;
}

/** The mentions whose noun phrase item `k` belongs to (they start after k, with only noun-phrase items between). */
export function nextInPhrase(items: readonly Item[], k: number, idx: MentionIndex): Mention[] | undefined {
  for (let j = k + 1; j < items.length && j <= k + REACH; j++) {
    const at = idx.startAt.get(j);
    if (at) return at;
    if (!inNounPhrase(items[j]!)) return undefined;
  }
  return undefined;
}

function isConjWord(it: Item): boolean {
  return (it.flags & (F.CONJ | F.ALT)) !== 0 && it.text !== ',' && it.text !== '/';
}

/**
 * The findings coordinated before mention `m` (`A, B and m`, `A or m`): walking back over
 * connectors and noun-phrase items; a bare comma counts only once a conjunction was seen
 * nearer to `m`, so "small effusion, pneumothorax not seen" does not join the two.
 */
export function coordinatedBefore(items: readonly Item[], m: Mention, idx: MentionIndex): Mention[] {
  const out: Mention[] = [];
  let conj = false;
  let sawLink = false;
  let steps = 0;
  for (let j = m.a - 1; j >= 0 && steps < REACH; j--, steps++) {
    const it = items[j]!;
    const ends = idx.endAt.get(j);
    if (ends) {
      if (!sawLink) break;
      out.push(...ends);
      j = Math.min(...ends.map((e) => e.a));
      sawLink = false;
      steps = 0;
      continue;
    }
    if (isConjWord(it)) {
      conj = true;
      sawLink = true;
    } else if (it.text === ',' || it.text === '/') {
      if (!conj && it.text === ',') break;
      sawLink = true;
    } else if (!inNounPhrase(it)) break;
  }
  return out;
}

/** Words that only say "it is there" after a trailing hedge ("atelectasis may be PRESENT"). */
const PRESENCE = new Set(['present', 'seen', 'noted', 'identified', 'visualized', 'evident', 'demonstrated', 'there', 'be', 'is', 'are']);

/** Words opening a phrase that only says on what grounds a hedge is made ("pneumonia probable IN the clinical context"). */
const GROUNDS = new Set(['in', 'given', 'clinically', 'radiologically', 'radiographically']);
/** Grounds words whose phrase is a reason however it is worded ("less likely GIVEN the normal heart size"): it runs to the clause end. */
const REASONS = new Set(['given', 'because', 'considering']);
/** Words naming the examination a hedge is made on ("cannot be excluded ON THIS SUPINE FILM"). */
const EXAM = /^(?:on|in|with|at)$/;
const EXAM_WORDS = /^(?:this|the|a|an|single|supine|portable|ap|pa|frontal|lateral|erect|semi erect|bedside|radiograph\w*|film|films|view|views|projection|study|examination|exam|image|images|imaging|cxr|x ray|position|positioning)$/;

/** Whether items k+1.. are only a phrase naming the examination ("on this supine film"), then the clause end. */
function examPhrase(items: readonly Item[], k: number): boolean {
  if (!EXAM.test(items[k + 1]?.text ?? '')) return false;
  let j = k + 2;
  for (; j < items.length && !(items[j]!.flags & F.CLAUSE); j++) if (items[j]!.flags !== 0 && !EXAM_WORDS.test(items[j]!.text)) return false;
  return j > k + 2;
}

/** A spaced dash, the clause break of telegraphic reports ("No effusion - small left pneumothorax"); en and em dashes too. */
const DASH = /\s[-\u2013\u2014]{1,2}\s|[\u2013\u2014]/;

/**
 * Where a spaced dash stands between two items (the tokens drop dashes, so that `ground-glass` reads as `ground glass`):
 * `cuts[k]` is 1 when a dash stands just before item k. Undefined when the sentence has none (most sentences). Read from
 * the gaps between items only, so a sentence costs one pass.
 */
export function dashCuts(items: readonly Item[], text: string): Uint8Array | undefined {
  let cuts: Uint8Array | undefined;
  for (let k = 1; k < items.length; k++) {
    const a = items[k - 1]!.e;
    const b = items[k]!.s;
    if (b - a > 1 && DASH.test(text.slice(a, b))) (cuts ??= new Uint8Array(items.length))[k] = 1;
  }
  return cuts;
}

/**
 * Whether item `k` stands at the end of its clause: only punctuation or presence words after it, or a phrase of
 * plain words saying on what grounds ("pneumonia probable in context", "likely given the history"). A spaced dash
 * (`cuts`, {@link dashCuts}) ends the clause too ("pneumonia likely - recommend CT").
 */
export function atClauseEnd(items: readonly Item[], k: number, cuts?: Uint8Array): boolean {
  let grounds = false;
  if (REASONS.has(items[k + 1]?.text ?? '') || examPhrase(items, k)) return true;
  for (let j = k + 1; j < items.length; j++) {
    const it = items[j]!;
    if (cuts?.[j]) return true;
    if (it.flags & F.CLAUSE || (it.flags & F.TERM && !PRESENCE.has(it.text.split(' ').pop()!))) return true;
    if (j === k + 1 && GROUNDS.has(it.text)) grounds = true;
    else if (it.flags !== 0 && !PRESENCE.has(it.text) && !(grounds && (it.flags === F.WORD || it.flags & F.FILLER))) return false;
  }
  return true;
}

/**
 * The mentions a parenthesis closing at item `close` holds, and the one it glosses just before it: in "oesophageal
 * rupture (Boerhaave) needs to be excluded" and "other causes (e.g. sarcoidosis, miliary infection) are less likely"
 * a cue after the parenthesis is said of all of them. Empty when no opening bracket is near.
 */
export function parenthesized(items: readonly Item[], close: number, idx: MentionIndex): Mention[] {
  let open = close - 1;
  while (open >= 0 && open >= close - 2 * REACH && items[open]!.text !== '(' && items[open]!.text !== ')') open--;
  if (open < 0 || items[open]!.text !== '(') return [];
  const out: Mention[] = [];
  for (let j = open + 1; j < close; j++) for (const m of idx.startAt.get(j) ?? []) if (m.b < close) out.push(m);
  for (const m of idx.endAt.get(open - 1) ?? []) out.push(m);
  return out;
}
