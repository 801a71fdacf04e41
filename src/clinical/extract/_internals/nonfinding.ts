/**
 * Constructions that name a finding without stating it of this study (CONVENTIONS §31), read
 * from the sentence's shape rather than from one cue phrase:
 * - a finding named as a differential in the predicate ("TB is in the differential", "oedema is a
 *   less likely differential"), or as a consideration: possible ("ARDS remains a consideration"),
 *   likely when it is the main one ("PCP is the leading consideration");
 * - a device named as what the patient needs ("Needs chest drain", "Consider a prophylactic drain",
 *   "Suggest ICC insertion"): a procedure proposed, not a tube in place;
 * - a finding word that only names a quality stated normal ("hila of normal size and density");
 * - a finding supposed in a conditional clause ("if there is concern for volvulus, ...");
 * - a sign read as normal anatomy ("..., in keeping with a normal thymus");
 * - a finding a concern is raised for ("appearances raise concern for pneumonia"): likely, as "concerning for";
 * - the reason the examination is limited ("the study is limited due to poor inspiratory effort");
 * - an infection said to be past ("consistent with prior granulomatous infection", "from old PTB").
 */
import type { Grammar } from './grammar.js';
import { F, type Item, type Mention } from './types.js';
import { coordinatedBefore, indexMentions, inNounPhrase, parenthesized, type MentionIndex } from './walk.js';

/** Verbs that link a subject to a predicate noun besides the copulas. */
const LINKING = new Set(['remains', 'remain']);
/** Words that make a consideration the favoured one ("the MAIN consideration", "a STRONG consideration"). */
const FAVOURED = new Set(['main', 'leading', 'strong', 'primary', 'major', 'chief', 'principal', 'first', 'distinct', 'real']);

/**
 * What the predicate noun after the copula at k makes its subject: one of the differentials ("is in the differential",
 * "is a less likely differential", "are differential considerations": left out, as the labels read them), a
 * consideration ("is a consideration": possible; "the main / a strong consideration": likely), or nothing.
 */
function predicateNoun(items: readonly Item[], k: number): 'differential' | 1 | 2 | undefined {
  let favoured = false;
  for (let j = k + 1; j < items.length && j <= k + 5; j++) {
    const it = items[j]!;
    if (/\bdifferentials?\b/.test(it.text)) return 'differential';
    if (/\b(?:considerations?|possibilit(?:y|ies))\b/.test(it.text)) return favoured ? 2 : 1;
    // "mesothelioma is a concern": as "concerning for"
    if (/^concerns?$/.test(it.text)) return 2;
    if (FAVOURED.has(it.text)) favoured = true;
    if (it.flags & (F.FINDING | F.CLAUSE | F.TERM) || it.text === ',') return undefined;
  }
  return undefined;
}

/** The subject mentions before the copula at k: the one ending there, its coordinated list, and what a parenthesis holds. */
function subjectOf(items: readonly Item[], k: number, idx: MentionIndex): Mention[] {
  let j = k - 1;
  while (j >= 0 && items[j]!.flags & F.FILLER) j--;
  // "Other causes (e.g. X, Y) are less likely differentials": the parenthesis holds the subject
  const out = items[j]?.text === ')' ? parenthesized(items, j, idx) : [];
  for (const m of idx.endAt.get(j) ?? []) out.push(m, ...coordinatedBefore(items, m, idx));
  return out;
}

/** "Cavitating neoplasm and TB ARE DIFFERENTIAL considerations", "PCP IS THE MAIN CONSIDERATION". */
function predicateNouns(items: readonly Item[], mentions: readonly Mention[]): void {
  const idx = indexMentions(mentions);
  for (let k = 1; k < items.length; k++) {
    if (!(items[k]!.flags & F.COPULA || LINKING.has(items[k]!.text))) continue;
    const noun = predicateNoun(items, k);
    if (noun === undefined) continue;
    for (const m of subjectOf(items, k, idx)) {
      if (noun === 'differential') m.dropped = true;
      else if (m.status !== 'absent') [m.status, m.p] = ['uncertain', Math.min(m.p ?? 3, noun) as 1 | 2];
    }
  }
}

/** Verbs of need and advice that, opening a clause, propose what follows them. */
const PROPOSE = new Set(['suggest', 'consider', 'needs', 'need', 'requires', 'require', 'would benefit from', 'advise', 'advised', 'recommend']);

/** Whether item k opens its clause (sentence start, or after a colon, dash, semicolon or full stop). */
function opensClause(items: readonly Item[], k: number): boolean {
  const prev = items[k - 1];
  return prev === undefined || prev.text === ':' || prev.text === ';' || prev.text === '.' || prev.text === '-' || (prev.flags & F.CLAUSE) !== 0;
}

/** "Needs chest drain", "Suggest ICC": a device that is the object of a proposal at the clause start is not in place. */
function dropProposedDevices(items: readonly Item[], mentions: readonly Mention[], g: Grammar): void {
  const idx = indexMentions(mentions);
  for (let k = 0; k < items.length; k++) {
    if (!PROPOSE.has(items[k]!.text) || !opensClause(items, k)) continue;
    for (let j = k + 1; j < items.length && j <= k + 4; j++) {
      const at = idx.startAt.get(j);
      if (at) {
        for (const m of at) if (g.info.get(m.name)?.device) m.dropped = true;
        break;
      }
      if (!inNounPhrase(items[j]!)) break;
    }
  }
}

/** "Of normal size AND density": a finding word joined to a normal predicate only names the quality stated normal. */
function dropNormalQualities(items: readonly Item[], mentions: readonly Mention[]): void {
  for (const m of mentions) {
    if (m.kind !== 'term') continue;
    const conj = items[m.a - 1];
    const pred = items[m.a - 2];
    if (conj?.text === 'and' && pred && pred.flags & F.NPRED && /\bnormal\b/.test(pred.text)) m.dropped = true;
  }
}

/** Verbs of a finding's course ("if the effusion ENLARGES", "if it PERSISTS"). */
const CHANGES = /^(?:enlarg|increas|persist|worsen|progress|grow|recur|decreas|reaccumulat|re accumulat|fails? to)\w*/;

/** Where a conditional clause ends: "if THERE IS concern for ...": the existential opens it, it does not end it. */
function endsCondition(it: Item): boolean {
  return it.text === ',' || ((it.flags & F.CLAUSE) !== 0 && !(it.flags & F.HEDGEPRE));
}

/**
 * "IF there is concern for volvulus, CT would be more definitive": a conditional clause supposes its findings. Up to the
 * clause end (a comma, a clause break); one that says how a finding changes ("if the effusion enlarges") presupposes it.
 */
function dropConditionals(items: readonly Item[], mentions: readonly Mention[]): void {
  for (let k = 0; k < items.length; k++) {
    if (items[k]!.text !== 'if') continue;
    let end = k + 1;
    let change = false;
    for (; end < items.length && !endsCondition(items[end]!); end++) if (items[end]!.flags & F.TEMP || CHANGES.test(items[end]!.text)) change = true;
    if (!change) for (const m of mentions) if (m.a > k && m.b < end) m.dropped = true;
    k = end;
  }
}

/** What a sign read as normal is: "in keeping with a NORMAL THYMUS", "is the normal thymus", "likely a normal variant". */
const NORMAL_THING = /^normal (?:thymus|thymic shadow|variant|anatomy|structure|structures|vessel|vessels|vasculature|appearance)$/;

/** Whether items from k hold a normal thing ("normal thymus" as one lexicon phrase, or "normal" and its noun). */
function normalThing(items: readonly Item[], k: number): boolean {
  const it = items[k]!;
  if (!it.text.startsWith('normal')) return false;
  return NORMAL_THING.test(it.text) || (it.text === 'normal' && NORMAL_THING.test(`normal ${items[k + 1]?.text ?? ''}`));
}

/**
 * "The sail-shaped opacity ... is the normal thymus", "widened superior mediastinum, in keeping with a normal thymus": a
 * sign whose stated interpretation is normal anatomy is no finding. The nearest mention before the link is that sign.
 */
function dropNormalAnatomy(items: readonly Item[], mentions: readonly Mention[]): void {
  for (let k = 1; k < items.length; k++) {
    if (!normalThing(items, k)) continue;
    let j = k - 1;
    while (j > 0 && items[j]!.flags & F.FILLER) j--;
    if (!(items[j]!.flags & (F.LINK | F.COPULA))) continue;
    let sign: Mention | undefined;
    for (const m of mentions) if (m.b < j && m.kind !== 'normal' && m.status !== 'absent' && (!sign || m.b > sign.b)) sign = m;
    if (sign) sign.dropped = true;
  }
}

/** Verbs that raise a concern ("appearances RAISE concern for ..."). */
const RAISE = new Set(['raise', 'raises', 'raised', 'raising']);

/**
 * "Appearances RAISE CONCERN FOR necrotising pneumonia", "raising the concern of tension": the finding the concern is for
 * is likely (uncertain 2), as after "concerning for", with the alternatives joined to it.
 */
function raisedConcerns(items: readonly Item[], mentions: readonly Mention[]): void {
  for (let k = 1; k + 1 < items.length; k++) {
    if (!/^concerns?$/.test(items[k]!.text) || !/^(?:for|of|about)$/.test(items[k + 1]!.text)) continue;
    let v = k - 1;
    if (items[v]!.flags & F.FILLER) v--;
    if (!RAISE.has(items[v]?.text ?? '')) continue;
    let end = k + 2;
    while (end < items.length && !(items[end]!.flags & (F.CLAUSE | F.TERM)) && items[end]!.text !== ';') end++;
    for (const m of mentions) if (m.a > k && m.b < end && m.status === 'present' && m.kind !== 'normal') [m.status, m.p] = ['uncertain', 2];
  }
}

/** Words naming the examination whose limits a clause states ("the STUDY is limited by ..."). */
const EXAMINATION = new Set(['study', 'examination', 'exam', 'film', 'radiograph', 'evaluation', 'assessment', 'image', 'quality', 'view', 'projection']);
/** Words opening the reason of a limitation. */
const BECAUSE = new Set(['due', 'by', 'because', 'secondary', 'owing']);

/**
 * "The study is limited DUE TO rotation and poor inspiratory effort": the reason the examination is limited is no finding
 * (CONVENTIONS §31), as after "limited study due to".
 */
function dropLimitReasons(items: readonly Item[], mentions: readonly Mention[]): void {
  for (let k = 1; k + 1 < items.length; k++) {
    if (!(items[k]!.flags & F.DROPPOST) || !EXAMINATION.has(items[k - 1]!.text) || !BECAUSE.has(items[k + 1]!.text)) continue;
    let end = k + 2;
    while (end < items.length && !(items[end]!.flags & (F.CLAUSE | F.TERM))) end++;
    for (const m of mentions) if (m.a > k && m.b < end) m.dropped = true;
  }
}

/** Words that put what they qualify in the past ("PRIOR granulomatous infection", "fibrotic changes from OLD PTB"). */
const PAST = new Set(['prior', 'previous', 'old', 'healed', 'remote', 'past', 'treated']);
/**
 * Infections: over once healed, unlike a structure's change, which stays to be seen ("old healed rib fractures", "previous
 * mastectomy" are findings of this film).
 */
const INFECTIONS = new Set(['pneumonia', 'tuberculosis', 'aspiration', 'lung abscess', 'empyema', 'invasive fungal infection', 'viral lower respiratory tract infection']);

/**
 * "Calcified granulomas consistent with PRIOR granulomatous infection", "fibrotic changes from OLD PTB", "aspergilloma in an
 * OLD left upper zone TB cavity": an infection said to be past is the cause of what is seen, history, not a finding of
 * this film (what it left is the finding). Up to three words of its noun phrase may stand between.
 */
function dropPastInfections(items: readonly Item[], mentions: readonly Mention[]): void {
  for (const m of mentions) {
    if (m.kind !== 'term' || m.status === 'absent' || !INFECTIONS.has(m.name)) continue;
    for (let j = m.a - 1; j >= 0 && j >= m.a - 4; j--) {
      if (PAST.has(items[j]!.text)) m.dropped = true;
      if (m.dropped || !inNounPhrase(items[j]!)) break;
    }
  }
}

/** Marks the mentions of one sentence that these constructions leave out (each construction only where its word occurs). */
export function dropNonFindings(items: readonly Item[], mentions: readonly Mention[], g: Grammar): void {
  let nouns = false;
  let propose = false;
  let cond = false;
  let normal = false;
  let concern = false;
  let limit = false;
  let past = false;
  for (const it of items) {
    const t = it.text;
    if (it.flags & F.DROPPOST) limit = true;
    if (PAST.has(t)) past = true;
    if (t === 'if') cond = true;
    else if (PROPOSE.has(t)) propose = true;
    else if (t.includes('normal')) normal = true;
    else if (t === 'concern' || t === 'concerns') concern = nouns = true;
    else if (t.includes('differential') || t.includes('consideration') || t.includes('possibilit')) nouns = true;
  }
  if (nouns) predicateNouns(items, mentions);
  if (propose) dropProposedDevices(items, mentions, g);
  if (normal) {
    dropNormalQualities(items, mentions);
    dropNormalAnatomy(items, mentions);
  }
  if (cond) dropConditionals(items, mentions);
  if (concern) raisedConcerns(items, mentions);
  if (limit) dropLimitReasons(items, mentions);
  if (past) dropPastInfections(items, mentions);
}
