/**
 * A token trie for longest-match phrase lookup. Built once from the lexicon; each node that
 * ends a phrase holds the phrase's merged payload.
 */
import type { Token } from './tokenize.js';
import type { Payload } from './types.js';

export interface TrieNode {
  next: Map<string, TrieNode>;
  val?: Payload;
}

export function newNode(): TrieNode {
  return { next: new Map() };
}

const FIELDS = ['finding', 'lat', 'loc', 'pos', 'sev', 'temp', 'p', 'place', 'subj'] as const;

/** Merges `add` into `into`; a field with two different values is a lexicon error. */
export function mergePayload(into: Payload, add: Payload, phrase: string): void {
  into.flags |= add.flags;
  for (const f of FIELDS) {
    const v = add[f];
    if (v === undefined) continue;
    const cur = into[f];
    if (cur !== undefined && cur !== v) throw new Error(`lexicon: phrase "${phrase}" means both ${f} "${cur}" and "${v}"`);
    (into as unknown as Record<string, unknown>)[f] = v;
  }
}

/** Adds a phrase (already tokenized) with its meaning. */
export function addPhrase(root: TrieNode, tokens: string[], payload: Payload): void {
  if (tokens.length === 0) return;
  let node = root;
  for (const t of tokens) {
    let n = node.next.get(t);
    if (!n) node.next.set(t, (n = newNode()));
    node = n;
  }
  if (!node.val) node.val = { flags: 0 };
  mergePayload(node.val, payload, tokens.join(' '));
}

/** The longest phrase (of at most `maxLen` tokens) starting at token `i`: its length in tokens and payload, or undefined. */
export function longestMatch(root: TrieNode, toks: readonly Token[], i: number, maxLen = Infinity): { len: number; val: Payload } | undefined {
  let node: TrieNode | undefined = root;
  let len = 0;
  let val: Payload | undefined;
  const end = i + maxLen < toks.length ? i + maxLen : toks.length;
  for (let j = i; j < end; j++) {
    node = node.next.get(toks[j]!.t);
    if (!node) break;
    if (node.val) {
      len = j - i + 1;
      val = node.val;
    }
  }
  return val ? { len, val } : undefined;
}

/** Most side or place phrases one phrase may carry inside it ("thickening of the LEFT APICAL pleura"). */
const MAX_INSIDE = 2;

/**
 * Where a side stands inside a term: after `of` or `of the` ("widening of the RIGHT paratracheal stripe"). A side inside an
 * adjective-noun term ("calcified L pleural thickening") is read by the noun phrase already (attributes.ts), and the term
 * may name something else there than without a side.
 */
const AFTER = new Set(['of', 'the']);

/** A phrase read across side or place words inside it: its length in tokens, payload, and the payloads of the words it carried. */
export interface MatchAcross {
  len: number;
  val: Payload;
  inside: Payload[];
}

/** The payload of the side or place phrase of `n` tokens at token `j` (`first`: the first of a run), or undefined. */
export type AttributeAt = (j: number, n: number, first: boolean) => Payload | undefined;

/**
 * The longest phrase at token `i` that runs across side or place words the lexicon has no path for: "widening of the
 * right paratracheal stripe" is "widening of the paratracheal stripe" with the side inside it. Undefined when no phrase
 * carries such words (most tokens: it looks for them only where the plain walk stops).
 */
export function longestMatchAcross(root: TrieNode, toks: readonly Token[], i: number, attribute: AttributeAt): MatchAcross | undefined {
  let node: TrieNode = root;
  let best: MatchAcross | undefined;
  const inside: Payload[] = [];
  for (let j = i; j < toks.length; ) {
    const next = node.next.get(toks[j]!.t);
    if (next) {
      node = next;
      j++;
      if (node.val && inside.length) best = { len: j - i, val: node.val, inside: [...inside] };
      continue;
    }
    if (j === i || inside.length > 0 || !AFTER.has(toks[j - 1]!.t)) break;
    const run = skipRun(node, toks, j, attribute, MAX_INSIDE, true);
    if (!run) break;
    inside.push(...run.vals);
    j += run.len;
  }
  return best;
}

/** Side or place phrases from `j` on (at most `depth`, each longest first) after which the walk from `node` goes on. */
function skipRun(node: TrieNode, toks: readonly Token[], j: number, attribute: AttributeAt, depth: number, first: boolean): { len: number; vals: Payload[] } | undefined {
  for (let n = 3; n >= 1; n--) {
    if (j + n >= toks.length) continue;
    const val = attribute(j, n, first);
    if (!val) continue;
    if (node.next.has(toks[j + n]!.t)) return { len: n, vals: [val] };
    const rest = depth > 1 ? skipRun(node, toks, j + n, attribute, depth - 1, false) : undefined;
    if (rest) return { len: n + rest.len, vals: [val, ...rest.vals] };
  }
  return undefined;
}
