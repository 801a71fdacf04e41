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
