/**
 * Status and probability (CONVENTIONS §5-9), NegEx/ConText style. A pre-cue (`no`,
 * `possible`, `consistent with`) opens a scope that covers the findings after it until a
 * terminator (`but`, `which`, `with`, `;`...) or the next cue; a post-cue (`is not seen`,
 * `cannot be excluded`) covers the finding before it and the findings coordinated with it.
 * Pseudo-negations (`no change in`) open a plain "present" scope. Alternatives joined by
 * `or`/`versus` are uncertain 1 unless a hedge word of their own says otherwise.
 */
import { F, type Item, type Mention, type Scope } from './_internals/types.js';
import { atClauseEnd, coordinatedBefore, dashCuts, indexMentions, inNounPhrase, nextInPhrase, parenthesized, REACH, type MentionIndex } from './_internals/walk.js';

type Dir = 'pre' | 'post' | undefined;

function hasMentionBefore(items: readonly Item[], k: number, idx: MentionIndex): boolean {
  for (let j = k - 1; j >= 0 && j >= k - REACH; j--) {
    if (idx.endAt.has(j)) return true;
    if (items[j]!.flags & F.CLAUSE) return false;
  }
  return false;
}

/**
 * "Consolidation: POSSIBLE, right base", "Consolidation - possible": a hedge that is the value of a finding's label (after a
 * colon, or a spaced dash: `cuts`), no finding after it in its phrase.
 */
function labelValue(items: readonly Item[], k: number, idx: MentionIndex, cuts: Uint8Array | undefined): boolean {
  const label = (items[k - 1]?.text === ':' && idx.endAt.has(k - 2)) || (cuts?.[k] === 1 && idx.endAt.has(k - 1) && onlyPlace(items, k + 1));
  return label && !nextInPhrase(items, k, idx) && !(items[k]!.flags & F.LINK && items[k + 1] && items[k + 1]!.flags & F.FINDING);
}

/**
 * Whether items from `from` to the clause end only place or grade ("Consolidation - possible, RIGHT BASE"): after a dash
 * a hedge followed by words of its own ("Elevated left hemidiaphragm - possible phrenic nerve involvement") names an
 * interpretation, not the value of the finding before the dash.
 */
function onlyPlace(items: readonly Item[], from: number): boolean {
  for (let j = from; j < items.length && !(items[j]!.flags & F.CLAUSE); j++) {
    const f = items[j]!.flags;
    if (f !== 0 && (f & (F.LAT | F.LOC | F.SEV | F.FILLER | F.CONJ)) === 0) return false;
  }
  return true;
}

/** Words opening the reason for a cue said after its finding. */
const REASON = new Set(['given', 'because', 'due', 'considering', 'owing']);

/** Which way a cue looks: post-cues look forward when a finding follows in the same phrase. */
function direction(items: readonly Item[], k: number, idx: MentionIndex, cuts: Uint8Array | undefined): Dir {
  const f = items[k]!.flags;
  // "Pneumothorax: NIL.", "Effusion: no.": a negation closing its clause after a finding is said of that finding
  if (f & F.NEGPRE && !(f & (F.PSEUDO | F.DROPPRE)) && atClauseEnd(items, k, cuts) && hasMentionBefore(items, k, idx)) return 'post';
  if (f & (F.NEGPRE | F.PSEUDO | F.DROPPRE)) return 'pre';
  if (f & F.HEDGEPRE) return (atClauseEnd(items, k, cuts) || labelValue(items, k, idx, cuts)) && hasMentionBefore(items, k, idx) ? 'post' : 'pre';
  if (f & F.DROPPOST) return 'post';
  // "a pneumothorax cannot be excluded GIVEN the surgical emphysema": what follows a reason word is the reason, not the finding
  // "effusion cannot be excluded - blunted costophrenic angle": a spaced dash after the cue ends its clause
  if (f & (F.NEGPOST | F.HEDGEPOST)) return !REASON.has(items[k + 1]?.text ?? '') && !cuts?.[k + 1] && nextInPhrase(items, k, idx) ? 'pre' : 'post';
  return undefined;
}

/** Words that name the examination itself ("by plain radiography", "on this film", "on a single AP view"). */
const MODALITY = /^(?:radiograph\w*|film|films|x ray|xray|view|views|projection|study|examination|exam|imaging|cxr|chest x ray|chest radiograph\w*|plain radiograph\w*|plain film\w*)$/;

/**
 * "Pulmonary embolism cannot be excluded BY PLAIN RADIOGRAPHY": a hedge said of what the examination can show, not of
 * this patient, is a limitation (CONVENTIONS §31): its finding states nothing about the study.
 */
function limitsTheFilm(items: readonly Item[], k: number): boolean {
  const it = items[k]!;
  // a pre-hedge said after its finding counts when it says the finding cannot be excluded ("would be DIFFICULT TO EXCLUDE on this film")
  if (!(it.flags & F.HEDGEPOST || (it.flags & F.HEDGEPRE && /exclu|rule/.test(it.text))) || (it.p ?? 3) > 1) return false;
  if (items[k + 1]?.text === 'radiographically') return true;
  if (!/^(?:on|by|with|in)$/.test(items[k + 1]?.text ?? '')) return false;
  for (let j = k + 2; j < items.length && j <= k + 5; j++) {
    if (MODALITY.test(items[j]!.text)) return true;
    if (items[j]!.flags & (F.CLAUSE | F.FINDING)) return false;
  }
  return false;
}

function cueOf(it: Item): { neg: boolean; p: 1 | 2 | 3; drop?: boolean } {
  if (it.flags & (F.DROPPRE | F.DROPPOST)) return { neg: false, p: 3, drop: true };
  if (it.flags & (F.NEGPRE | F.NEGPOST)) return { neg: true, p: 3 };
  if (it.flags & F.PSEUDO) return { neg: false, p: 3 };
  return { neg: false, p: it.p ?? 3 };
}

/** Whether only small words ("to", "that would") stand between the negated mention ending at `end` and the link at `k`. */
function linkedToNegated(items: readonly Item[], end: number, k: number): boolean {
  if (end < 0 || k - end > 4) return false;
  for (let j = end + 1; j < k; j++) if (items[j]!.flags !== F.WORD && !(items[j]!.flags & (F.FILLER | F.BREAK))) return false;
  return true;
}

/** Non-finding cues that ask (a question, an indication, a request to exclude): a hedge inside what they ask is asked too. */
const QUESTION = /\b(?:question|evaluat\w*|eval|assess\w*|rule out|exclude|is there|are there|concern is)\b/;

/** Non-finding cues that name the clinical context a statement is made in. */
const CONTEXT = /\b(?:setting|context|given|patient with|in view of)\b/;

/** Forward scopes: one linear pass; records each mention's scope, and the cue group of each cue item. */
function preScopes(items: readonly Item[], dirs: Dir[], idx: MentionIndex, groupOf: Map<number, number>, cuts: Uint8Array | undefined): void {
  let active: Scope | undefined;
  let pending = false;
  let groups = 0;
  let negEnd = -2; // last item of the latest negated mention
  let question = false; // a question scope open with no clause break since
  let context = false; // the open non-finding scope names the clinical context ("in the setting of")
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (it.flags & (F.CLAUSE | F.TERM) && it.text !== ':') question = false;
    if (it.flags & F.TERM && !(it.flags & (F.HEDGEPRE | F.NEGPRE))) [active, pending] = [undefined, false];
    // "No effusion - small left pneumothorax": a spaced dash ends the clause and the denial (or non-finding scope) open in
    // it; a hedge goes on over it, as what follows restates the hedged finding ("s/o occupational lung disease - silicosis")
    if (cuts?.[k] && (active?.neg || active?.drop)) [active, pending, question] = [undefined, false, false];
    // "which in the setting of fever ARE suspicious for septic emboli": a context phrase ends at its clause's verb
    if (it.flags & F.COPULA && active?.drop && context) [active, pending] = [undefined, false];
    if (dirs[k] === 'pre') {
      let cue = cueOf(it);
      // "no opacity SUGGESTIVE OF pneumonia", "no consolidation to SUGGEST pneumonia": the interpretation is denied too
      if (it.flags & F.LINK && !cue.neg && !cue.drop && linkedToNegated(items, negEnd, k)) cue = { neg: true, p: 3 };
      if (it.flags & F.TERM) pending = false;
      // "Question: reported as widened mediastinum ?MASS": a hedge inside an open question is part of the question
      if (question && active && !cue.neg) cue = { neg: false, p: cue.p, drop: true };
      // scopes built field by field, not spread: one object shape (a spread here was 2% of the extractor)
      if (pending && active) active = { neg: active.neg || cue.neg, p: Math.min(active.p, cue.p) as 1 | 2 | 3, drop: active.drop || cue.drop ? true : undefined, group: active.group };
      else active = { neg: cue.neg, p: cue.p, drop: cue.drop, group: ++groups };
      question = active.drop === true && (question || QUESTION.test(it.text));
      context = active.drop === true && CONTEXT.test(it.text);
      pending = true;
      groupOf.set(k, active.group);
    }
    const next = items[k + 1];
    if (it.text === ',' && active && next && next.flags & (F.SEV | F.TEMP) && !(next.flags & (F.FINDING | F.PSEUDO | F.NEGPRE))) {
      [active, pending] = [undefined, false];
    }
    const starting = idx.startAt.get(k);
    if (starting) {
      for (const m of starting) {
        if (m.kind === 'clause') continue;
        m.pre = active;
        if (pending) m.direct = active;
        if (active?.neg) negEnd = Math.max(negEnd, m.b);
      }
      if (starting.some((m) => m.kind !== 'clause')) pending = false;
    }
    const ending = idx.endAt.get(k);
    if (ending?.some((m) => m.kind === 'clause')) [active, pending] = [undefined, false];
  }
}

/** A later hedge overrides a denial: "pneumonia is less likely but cannot be excluded" is possible pneumonia. */
function overrides(x: Mention, cue: { neg: boolean; drop?: boolean }): boolean {
  return x.post?.neg === true && !cue.neg && !cue.drop;
}

/** Words that set a later hedge against a denial before them. */
const CONTRAST = new Set(['but', 'although', 'though', 'however', 'yet', 'while']);

/** Whether a denial (or a bare "less likely") ends just before item j, a comma allowed between. */
function deniedBefore(items: readonly Item[], j: number): boolean {
  const prev = items[j - 1]?.text === ',' ? items[j - 2] : items[j - 1];
  return prev !== undefined && ((prev.flags & F.NEGPOST) !== 0 || prev.text === 'less likely');
}

/** Hedges that, said after their finding, deny it as `is unlikely` does: "consolidation LESS LIKELY", "edema is considered UNLIKELY". */
const NEAR_DENIAL = new Set(['less likely', 'unlikely']);

/**
 * A passive of obligation asks for a work-up, as "rule out" does (CONVENTIONS §31): "active TB TO BE RULED OUT with
 * sputum", "a mass NEEDS TO BE RULED OUT" state no finding (the labels of every set leave them out).
 */
const REQUEST = /^(?:needs? to be|to be|must be|has to be|have to be) (?:ruled out|r \/ o|excluded)$/;

/** A passive that puts a reading forward ("aspergillosis SHOULD BE CONSIDERED"): dropped, unless it interprets a sign (considered.ts). */
const CONSIDERED = /\bbe considered$/;

type PostCue = { neg: boolean; p: 1 | 2 | 3; drop?: boolean; consider?: boolean };

/** The cue a post-cue applies: a limitation of the film or a request drops its finding, a trailing "less likely" denies it. */
function postCue(items: readonly Item[], k: number): PostCue {
  if (limitsTheFilm(items, k) || REQUEST.test(items[k]!.text)) return { neg: false, p: 3, drop: true };
  if (items[k]!.flags & F.DROPPOST && CONSIDERED.test(items[k]!.text)) return { neg: false, p: 3, drop: true, consider: true };
  if (NEAR_DENIAL.has(items[k]!.text)) return { neg: true, p: 3 };
  return cueOf(items[k]!);
}

/** Backward scopes of post-cues. */
function postScopes(items: readonly Item[], dirs: Dir[], idx: MentionIndex, cuts: Uint8Array | undefined): void {
  for (let k = 0; k < items.length; k++) {
    if (dirs[k] !== 'post') continue;
    const cue = postCue(items, k);
    let close = -1; // a parenthesis just before the cue: what it holds and glosses shares the cue
    for (let j = k - 1; j >= 0 && j >= k - 2 * REACH; j--) {
      // a dash ends the clause the cue looks back over, unless the cue is the value right after it ("Pneumothorax - none")
      if (cuts?.[j + 1] && j + 1 < k) break;
      if (items[j]!.text === ')' && close < 0 && j >= k - 2) close = j;
      const ends = idx.endAt.get(j);
      if (ends) {
        for (const m of ends) {
          if (!m.post || overrides(m, cue)) m.post = { neg: cue.neg, p: cue.p, drop: cue.drop, direct: true, consider: cue.consider };
          for (const c of coordinatedBefore(items, m, idx)) if (!c.post || overrides(c, cue)) c.post = { neg: cue.neg, p: cue.p, drop: cue.drop, direct: false, consider: cue.consider };
        }
        if (close >= 0) for (const c of parenthesized(items, close, idx)) if (!c.post || overrides(c, cue)) c.post = { neg: cue.neg, p: cue.p, drop: cue.drop, direct: false, consider: cue.consider };
        break;
      }
      // "pneumonia is less likely BUT cannot be excluded", "less likely, ALTHOUGH not excluded": the hedge reaches back over
      // the contrast to the denied finding
      const butAfterDenial = CONTRAST.has(items[j]!.text) && !cue.neg && deniedBefore(items, j);
      if (items[j]!.flags & F.CLAUSE && items[j]!.text !== ':' && !butAfterDenial) break; // "Pneumothorax: none."
    }
  }
}

/** Cues inside a statement's own span ("the heart is NOT enlarged", "heart size is BORDERLINE enlarged"). */
function inside(items: readonly Item[], m: Mention): { neg: boolean; p: 1 | 2 | 3 } {
  let neg = false;
  let p: 1 | 2 | 3 = 3;
  for (let j = m.a; j <= m.b; j++) {
    const it = items[j]!;
    // the predicate's own words state the finding; a hedge predicate ("the heart is BORDERLINE") also hedges it
    if (j === m.pred && !(it.flags & (F.HEDGEPRE | F.HEDGEPOST))) continue;
    if (it.flags & (F.NEGPRE | F.NEGPOST)) neg = true;
    else if (it.flags & (F.HEDGEPRE | F.HEDGEPOST) && it.p) p = Math.min(p, it.p) as 1 | 2 | 3;
  }
  return { neg, p };
}

/** How two consecutive mentions are joined: `or`, `versus`, a bare comma, or not at all. */
function joint(items: readonly Item[], x: Mention, y: Mention): 'or' | 'versus' | 'comma' | undefined {
  if (y.a <= x.b) return undefined;
  let alt: 'or' | 'versus' | undefined;
  let comma = false;
  for (let j = x.b + 1; j < y.a; j++) {
    const it = items[j]!;
    if (it.flags & F.ALT) alt = /^(?:versus|vs)\b/.test(it.text) ? 'versus' : 'or';
    else if (it.text === ',') comma = true;
    else if (!(inNounPhrase(it) || (it.flags & F.HEDGEPRE && !(it.flags & F.TERM)))) return undefined;
  }
  return alt ?? (comma ? 'comma' : undefined);
}

/**
 * Alternatives: `A or B`, `A, B, or C` (a comma list closed by `or`), `A versus B` (exactly
 * the two: in "opacity, atelectasis versus consolidation" the opacity is not an alternative).
 */
function alternatives(items: readonly Item[], mentions: readonly Mention[]): Mention[][] {
  const groups: Mention[][] = [];
  const sorted = mentions.filter((m) => m.kind === 'term' || m.kind === 'np');
  let run: Mention[] = [];
  let closed = 0; // members of `run` up to the last alternative word
  for (let i = 0; i < sorted.length; i++) {
    const link = i > 0 ? joint(items, sorted[i - 1]!, sorted[i]!) : undefined;
    if (!link) {
      if (closed > 1) groups.push(run.slice(0, closed));
      [run, closed] = [[], 0];
    } else if (link === 'versus' && closed === 0) run = run.slice(-1);
    run.push(sorted[i]!);
    if (link === 'or' || link === 'versus') closed = run.length;
  }
  if (closed > 1) groups.push(run.slice(0, closed));
  return groups;
}

/** What the scope pass learned that later passes reuse. */
export interface ScopeResult {
  /** Item index of a pre-cue -> its cue group id (see Mention.pre.group). */
  groupOf: Map<number, number>;
  /** Groups of alternatives (`A or B`). */
  alternatives: Mention[][];
}

/** Sets `status` and `p` on every mention of one sentence (`text`, the report text: its spaced dashes end clauses). */
export function assignStatus(items: readonly Item[], mentions: readonly Mention[], text?: string): ScopeResult {
  const idx = indexMentions(mentions);
  const cuts = text === undefined ? undefined : dashCuts(items, text);
  const dirs = items.map((_, k) => direction(items, k, idx, cuts));
  const groupOf = new Map<number, number>();
  preScopes(items, dirs, idx, groupOf, cuts);
  postScopes(items, dirs, idx, cuts);
  for (const m of mentions) {
    if (m.kind === 'normal' || m.removed) {
      m.status = 'absent';
      m.p = undefined;
      continue;
    }
    const own = m.a < m.b ? inside(items, m) : { neg: false, p: 3 as const };
    const pre = m.kind === 'clause' ? undefined : m.pre;
    // a list run on from a differential ("DD atelectasis, pneumonia probable") ends where a finding states its own certainty
    const ownCertainty = m.direct === undefined && m.post?.direct === true && !m.post.drop;
    if ((pre?.drop && !ownCertainty) || m.post?.drop) m.dropped = true;
    const neg = own.neg || pre?.neg || m.post?.neg;
    const p = Math.min(own.p, pre?.p ?? 3, m.post?.p ?? 3) as 1 | 2 | 3;
    m.status = neg ? 'absent' : p < 3 ? 'uncertain' : 'present';
    m.p = neg ? undefined : p;
  }
  const groups = alternatives(items, mentions);
  for (const group of groups) {
    for (const m of group) {
      if (m.status === 'absent') continue;
      const own = m.direct && !m.direct.neg && m.direct.p < 3 ? m.direct.p : m.post?.direct && !m.post.neg && m.post.p < 3 ? m.post.p : 1;
      [m.status, m.p] = ['uncertain', own];
    }
  }
  return { groupOf, alternatives: groups };
}
