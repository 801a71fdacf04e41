/**
 * Subject-predicate statements: "the heart is enlarged" / "enlargement of the heart" name a
 * finding without its term (findings/*.yaml `statedAs`); "heart size is normal", "lungs are
 * clear", "normal cardiomediastinal silhouette" are normal statements that make findings
 * absent (CONVENTIONS §10-14; language/*.yaml `statements`).
 */
import type { Grammar } from './grammar.js';
import { longestMatch } from './trie.js';
import { REACH } from './walk.js';
import { F, newMention, type Item, type Mention } from './types.js';

const NEG = F.NEGPRE | F.NEGPOST;

/** Subjects coordinated with the one at `j`, walking in `dir` over `and`, commas, articles and sides. */
function coordinated(items: readonly Item[], j: number, dir: 1 | -1): number[] {
  const out = [j];
  for (let k = j + dir, gap = 0; k >= 0 && k < items.length && gap < 3; k += dir) {
    const it = items[k]!;
    if (it.flags & F.SUBJ) {
      out.push(k);
      gap = 0;
    } else if (it.flags & (F.CONJ | F.FILLER | F.LAT) && !(it.flags & (F.FINDING | F.ALT))) gap++;
    else break;
  }
  return out;
}

/** Ordinals and numbers that pick out members of a subject ("5th", "twelfth", "T12"). */
const ORDINAL = /^(?:\d{1,2}(?:st|nd|rd|th)?|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)$/;
/** Words joining two ordinals into a range ("5th THROUGH 7th ribs", "4th TO 6th"). */
const RANGE = new Set(['through', 'thru', 'to']);

/** Whether item j is an ordinal, or a range word between two ordinals: it names which ribs, and costs no reach. */
function enumerates(items: readonly Item[], j: number): boolean {
  const it = items[j]!;
  if (it.flags === F.WORD && ORDINAL.test(it.text)) return true;
  return RANGE.has(it.text) && ORDINAL.test(items[j - 1]?.text ?? '') && ORDINAL.test(items[j + 1]?.text ?? '');
}

const tails = new Map<string, string | null>();

/** The subject a finding term ends in ("unfolded thoracic AORTA"), so "calcified, unfolded thoracic aorta" also says the aorta is calcified. */
function tailSubject(it: Item, g: Grammar): string | undefined {
  let hit = tails.get(it.text);
  if (hit === undefined) {
    hit = null;
    const toks = it.text.split(' ').map((t) => ({ t, s: 0, e: 0 }));
    for (let i = 1; i < toks.length && hit === null; i++) {
      const m = longestMatch(g.root, toks, i);
      if (m && i + m.len === toks.length && m.val.flags & F.SUBJ) hit = m.val.subj ?? null;
    }
    tails.set(it.text, hit);
  }
  return hit ?? undefined;
}

/**
 * Subjects after a prenominal predicate ("enlargement of the heart", "normal heart size", "tortuous and calcified aorta"),
 * across the ordinals that pick members of the subject ("fractures of the left posterior 5th through 7th ribs").
 */
function forward(items: readonly Item[], k: number, g: Grammar): number[] | undefined {
  const pred = items[k]!;
  const apred = (pred.flags & F.APRED) !== 0;
  if (!apred && !(pred.flags & F.PRENORM)) return undefined;
  let reach = apred ? 7 : 2;
  for (let j = k + 1; j < items.length && j <= k + reach; j++) {
    const it = items[j]!;
    if (it.flags & F.SUBJ) return coordinated(items, j, 1);
    // "calcified, unfolded thoracic aorta", "fractures of the L anterior 3rd, 4th and 5th ribs": a comma inside a list of predicates or ordinals
    if (apred && it.text === ',' && items[j + 1] && (items[j + 1]!.flags & F.APRED || (pred.flags === F.APRED && items[j + 1]!.flags & F.FINDING && tailSubject(items[j + 1]!, g)))) continue;
    if (apred && it.flags & F.APRED) continue; // another predicate of the same subject, even one that is also a term
    // a predicate that is only a predicate: "increased" (also a change word) before "low lung volumes" does not describe the volumes
    if (apred && pred.flags === F.APRED && it.flags & F.FINDING && tailSubject(it, g)) return [j];
    if (apred && it.text === ',' && ORDINAL.test(items[j - 1]?.text ?? '') && ORDINAL.test(items[j + 1]?.text ?? '')) continue;
    if (it.flags & (F.FINDING | F.TERM | F.CLAUSE) || it.text === ',') return undefined;
    if (apred && enumerates(items, j)) {
      if (reach < REACH) reach++;
      continue;
    }
    // "atelectasis of the ADJACENT left lower lobe": an adjacency word places the subject beside another finding (make)
    const ok = it.flags & (F.FILLER | F.LAT) || (apred && (it.flags === F.WORD || it.flags & (F.SEV | F.APRED | F.LOC | F.ADJ) || it.text === 'and'));
    if (!ok) return undefined;
  }
  return undefined;
}

/** The subject before a predicative predicate ("the lungs are well expanded and clear"). */
function backward(items: readonly Item[], k: number): number[] | undefined {
  let finding = false;
  for (let j = k - 1; j >= 0 && j >= k - REACH; j--) {
    const it = items[j]!;
    if (it.flags & F.SUBJ) return coordinated(items, j, -1);
    // "vascular markings, in keeping with emphysema, and has increased": an interpretation between them ends the subject's
    // clause ("the aorta is unfolded and calcified" keeps it: a finding alone is a coordinated predicate)
    if (it.flags & F.FINDING) finding = true;
    // "lung volumes have improved WITH reduced ground glass": a predicate after `with` describes what follows it
    // ("compared with" compares; the subject's predicate may follow it)
    const described = it.text === 'with' && items[j - 1]?.text !== 'compared';
    if (it.text === ';' || described || it.flags & F.NPRED || (finding && it.flags & F.LINK)) return undefined;
  }
  return undefined;
}

/** Whether a copula stands just before the predicate (then its subject is before it). */
function predicative(items: readonly Item[], k: number): boolean {
  for (let j = k - 1; j >= 0 && j >= k - 3; j--) {
    const it = items[j]!;
    if (it.flags & F.COPULA) return true;
    if (!(it.flags === F.WORD || it.flags & (F.SEV | NEG | F.HEDGEPRE))) return false;
  }
  return false;
}

function negated(items: readonly Item[], from: number, to: number): boolean {
  for (let j = from; j <= to; j++) if (items[j]!.flags & NEG) return true;
  return false;
}

/** Words that put a predicate on the earlier study ("the PREVIOUSLY widened mediastinum", "which was blunted EARLIER"). */
const EARLIER = new Set(['previously', 'formerly', 'earlier', 'initially', 'originally']);
/** Past copulas: with a time word after the predicate ("which WAS blunted earlier") they state the earlier study too. */
const PAST = new Set(['was', 'were', 'had been', 'has been', 'have been']);

/**
 * Whether predicate k is said of the earlier study, not this one: "marked reduction in the previously widened superior
 * mediastinum", "the costophrenic angle, which was blunted earlier, is now clear". Such a statement states no finding here
 * (what is there now is said elsewhere, or not at all).
 */
function ofEarlierStudy(items: readonly Item[], k: number): boolean {
  if (EARLIER.has(items[k - 1]?.text ?? '')) return true;
  const after = items[k + 1]?.text ?? '';
  return (EARLIER.has(after) || after === 'before') && PAST.has(items[k - 1]?.text ?? '');
}

const heads = new Map<string, string | null>();

/** The finding a predicate phrase begins with ("ATELECTASIS of": atelectasis), when the rest is only its preposition. */
function headFinding(pred: Item, g: Grammar): string | undefined {
  let hit = heads.get(pred.text);
  if (hit === undefined) {
    const toks = pred.text.split(' ').map((t) => ({ t, s: 0, e: 0 }));
    const m = toks.length > 1 && toks.at(-1)!.t === 'of' ? longestMatch(g.root, toks.slice(0, -1), 0) : undefined;
    hit = m && m.len === toks.length - 1 && m.val.flags & F.FINDING ? (m.val.finding ?? null) : null;
    heads.set(pred.text, hit);
  }
  return hit ?? undefined;
}

/**
 * "Atelectasis of the left LUNG", "atelectasis of the ADJACENT left lower lobe": a predicate that begins with a finding's
 * term ("atelectasis of") and states nothing of its subject (no `statedAs` for the lung), or places it beside another
 * finding (an adjacency word: the lobe compressed next to an effusion, not collapsed), is that finding where it says.
 */
function plainHead(items: readonly Item[], k: number, j: number, g: Grammar): Mention | undefined {
  const pred = items[k]!;
  const name = headFinding(pred, g);
  return name ? newMention(name, Math.min(j, k), Math.max(j, k), items[Math.min(j, k)]!.s, items[Math.max(j, k)]!.e, 'np', k, pred.s, undefined) : undefined;
}

function adjacencyBetween(items: readonly Item[], k: number, j: number): boolean {
  for (let i = Math.min(j, k) + 1; i < Math.max(j, k); i++) if (items[i]!.flags & F.ADJ) return true;
  return false;
}

/** The mentions predicate `k` makes with each of its subjects. */
function make(items: readonly Item[], k: number, subjects: number[], kind: 'np' | 'clause', g: Grammar): Mention[] {
  const pred = items[k]!;
  const made: Mention[] = [];
  if (ofEarlierStudy(items, k)) return made;
  for (const j of subjects) {
    const subj = items[j]!.subj ?? tailSubject(items[j]!, g);
    const a = Math.min(j, k);
    const b = Math.max(j, k);
    const s = items[a]!.s;
    const e = items[b]!.e;
    if (pred.flags & F.NPRED && !negated(items, a, b)) {
      for (const name of g.normalAbsent.get(subj!) ?? []) made.push(newMention(name, a, b, s, e, 'normal', k, pred.s, undefined));
    }
    const name = pred.flags & F.APRED ? g.apred.get(subj!)?.get(pred.text) : undefined;
    const beside = adjacencyBetween(items, k, j);
    if (name && !beside) made.push(newMention(name, a, b, s, e, kind, k, pred.s, undefined));
    else if (pred.flags & F.APRED && kind === 'np' && !made.length) {
      const head = plainHead(items, k, j, g);
      if (head) made.push(head);
    }
  }
  return made;
}

/** The statement a predicate makes with its subject before (`back`) or after it. */
function statement(items: readonly Item[], k: number, back: boolean, g: Grammar): Mention[] {
  const s = back ? backward(items, k) : forward(items, k, g);
  return s ? make(items, k, s, back ? 'clause' : 'np', g) : [];
}

/** Statement mentions of a sentence (plain functions, no closures per predicate: they showed in the profile). */
export function statementMentions(items: readonly Item[], g: Grammar): Mention[] {
  const out: Mention[] = [];
  for (let k = 0; k < items.length; k++) {
    if (!(items[k]!.flags & (F.NPRED | F.APRED))) continue;
    const backFirst = predicative(items, k);
    const found = statement(items, k, backFirst, g);
    for (const m of found.length ? found : statement(items, k, !backFirst, g)) out.push(m);
  }
  return out;
}
