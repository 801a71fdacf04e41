/**
 * Certainty of each word, clause by clause (RadGraph's three observation labels): a negation
 * cue (`no`, `without`, `not seen`, `has resolved`) makes the observations of its scope
 * `definitely absent`, a hedge (`possible`, `likely`, `may`, `cannot be excluded`) makes them
 * `uncertain`. A cue's scope runs forward to the next terminator (`but`, `with`, `;` ...); a cue
 * with no observation after it (`pneumothorax is not seen`) reaches back to the clause start.
 * The cue lists are the clinical lexicon's (src/clinical/lexicon/language): one source for both.
 */
import { getLexicon } from '../../../../clinical/lexicon/load.js';

export type Certainty = 'definitely present' | 'uncertain' | 'definitely absent';

interface Cue {
  words: string[];
  kind: 'neg' | 'hedge' | 'pseudo' | 'stop';
}

let cueIndex: Map<string, Cue[]> | undefined;

const toks = (phrase: string): string[] => phrase.toLowerCase().match(/[\p{L}\p{N}_]+|[^\p{L}\p{N}_\s]+/gu) ?? [];

/** Cues by first word, longest first. Hedges are the lexicon's certainty phrases below `definite` (3). */
function cues(): Map<string, Cue[]> {
  if (cueIndex) return cueIndex;
  const lx = getLexicon();
  const all: Cue[] = [];
  for (const p of lx.negation.pre) all.push({ words: toks(p), kind: 'neg' });
  for (const p of lx.negation.post) all.push({ words: toks(p), kind: 'neg' });
  for (const p of lx.negation.pseudo) all.push({ words: toks(p), kind: 'pseudo' });
  for (const [p, prob] of lx.certainty) if (prob < 3) all.push({ words: toks(p), kind: 'hedge' });
  for (const p of lx.negation.terminators) all.push({ words: toks(p), kind: 'stop' });
  // hedges written as a consideration or a reason for further imaging (`X is a consideration`, `CT to exclude X`)
  for (const p of ['differential', 'differentials', 'consideration', 'considered', 'to exclude', 'exclude', 'to rule out', 'rule out', 'concern for', 'concern', 'suspicion']) {
    all.push({ words: toks(p), kind: 'hedge' });
  }
  const m = new Map<string, Cue[]>();
  for (const c of all) {
    if (c.words.length === 0) continue;
    const k = c.words[0]!;
    const list = m.get(k) ?? [];
    list.push(c);
    m.set(k, list);
  }
  for (const list of m.values()) list.sort((a, b) => b.words.length - a.words.length || rank(a) - rank(b));
  cueIndex = m;
  return m;
}

const PARTICLES = new Set(['no', 'not', 'nil', 'without', 'nor', 'neither', 'negative', 'free', 'clear', 'absence']);

const rank = (c: Cue): number => (c.kind === 'pseudo' ? 0 : c.kind === 'neg' ? 1 : c.kind === 'hedge' ? 2 : 3);

function matchAt(lower: string[], i: number, hi: number): Cue | undefined {
  const list = cues().get(lower[i]!);
  if (!list) return undefined;
  for (const c of list) {
    if (i + c.words.length > hi) continue;
    let ok = true;
    for (let k = 1; k < c.words.length && ok; k++) ok = lower[i + k] === c.words[k];
    if (ok) return c;
  }
  return undefined;
}

/**
 * Certainty per word index in [lo, hi) (one clause). `isObs(i)` says whether word i is an
 * observation word (only observations take a certainty; a backward scope is used when a cue has
 * none after it). Result: undefined = definitely present.
 */
export function clauseCertainty(lower: string[], lo: number, hi: number, isObs: (i: number) => boolean, out: (Certainty | undefined)[]): void {
  let segStart = lo;
  let i = lo;
  while (i < hi) {
    const c = matchAt(lower, i, hi);
    if (!c) {
      i++;
      continue;
    }
    const after = i + c.words.length;
    if (c.kind === 'stop') {
      segStart = after;
      i = after;
      continue;
    }
    if (c.kind === 'pseudo') {
      // `no change`: the cue's own observation words are absent, nothing further
      for (let k = i + 1; k < after; k++) if (isObs(k)) out[k] = 'definitely absent';
      i = after;
      continue;
    }
    const label: Certainty = c.kind === 'neg' ? 'definitely absent' : 'uncertain';
    // forward scope: to the next terminator
    let end = after;
    while (end < hi) {
      const t = matchAt(lower, end, hi);
      if (t && t.kind === 'stop') break;
      end++;
    }
    let any = false;
    // the cue's own words take its label only after a negation particle (`no acute`), not in `has resolved`
    const inner = PARTICLES.has(c.words[0]!) ? i + 1 : after;
    for (let k = inner; k < end; k++) {
      if (!isObs(k)) continue;
      if (k >= after || out[k] === undefined) out[k] = label;
      any = true;
    }
    if (!any) for (let k = segStart; k < i; k++) if (isObs(k)) out[k] = label;
    i = after;
  }
}
