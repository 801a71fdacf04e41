import { sentenceBleu } from '../bleu/sentence-bleu.js';
import { tokenizeReport } from '../bleu/tokenize.js';
import { levelText, severityOf, type SeverityWords } from './names.js';
import type { Readings } from './options.js';
import type { PositiveFinding, Probability } from './report.js';

/**
 * S-Score's equations (seed 001, §3.2) on reports whose names are already canonical. Pure
 * functions of the readings (options.ts); score.ts parses and normalizes the reports.
 */

/**
 * Eqs. 3-5: F1 of the predicted names against the reference names,
 * 2 * precision * recall / (precision + recall) = 2 |R ∩ H| / (|R| + |H|), 0 when nothing
 * matches. Both sets empty is reading (a): 1, 0, or null (`drop`).
 */
export function f1(reference: ReadonlySet<string>, hypothesis: ReadonlySet<string>, emptySets: Readings['emptySets']): number | null {
  if (reference.size === 0 && hypothesis.size === 0) return emptySets === 'one' ? 1 : emptySets === 'zero' ? 0 : null;
  let tp = 0;
  for (const n of hypothesis) if (reference.has(n)) tp++;
  return (2 * tp) / (reference.size + hypothesis.size);
}

/** Eq. 6: P = (P_pos + P_neg) / 2; a dropped half leaves the other; both dropped gives 1. */
export function pScore(pPos: number | null, pNeg: number | null): number {
  if (pPos === null && pNeg === null) return 1;
  if (pPos === null) return pNeg!;
  if (pNeg === null) return pPos;
  return (pPos + pNeg) / 2;
}

/**
 * Eq. 7: 1 - MSE(prob, prob'), on the raw 1..3 values (1 - (p - p')^2, down to -3) or scaled to
 * [0, 1] first (1 - ((p - p') / 2)^2). A prediction without a probability scores 0 (the paper);
 * so does a prediction with one where the reference has none; both absent is reading (d).
 */
export function sProb(ref: Probability | undefined, pred: Probability | undefined, r: Pick<Readings, 'probScale' | 'bothAbsent'>): number {
  if (ref === undefined && pred === undefined) return r.bothAbsent.prob;
  if (ref === undefined || pred === undefined) return 0;
  const diff = r.probScale === 'raw' ? ref - pred : (ref - pred) / 2;
  return 1 - diff * diff;
}

/** The form of a level that eq. 8 compares under `levelMatch`. */
export function levelForm(level: string, mode: Readings['levelMatch'], severity?: SeverityWords): string {
  return mode === 'exact' ? level : mode === 'normalized' ? levelText(level) : severityOf(level, severity);
}

/** Eq. 8: 1 if level = level', else 0. Two absent levels are reading (d); one absent level differs. */
export function sLevel(ref: string | undefined, pred: string | undefined, r: Pick<Readings, 'levelMatch' | 'bothAbsent'>, severity?: SeverityWords): number {
  if (ref === undefined && pred === undefined) return r.bothAbsent.level;
  if (ref === undefined || pred === undefined) return 0;
  return levelForm(ref, r.levelMatch, severity) === levelForm(pred, r.levelMatch, severity) ? 1 : 0;
}

const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Location tokens: Python `str.split()` (case and punctuation kept: `Lobe.` is one token), or
 * the report tokenizer's words (lowercased, punctuation tokens dropped: a location is a phrase,
 * so a trailing period or a comma is not part of it).
 */
export function locationTokens(location: string, mode: Readings['locationTokens']): string[] {
  return mode === 'whitespace' ? location.split(/\s+/).filter(Boolean) : tokenizeReport(location).filter((t) => HAS_WORD_CHAR.test(t));
}

/**
 * Eq. 9: BLEU(loc, loc') with nltk `sentence_bleu` semantics (reading e); 0 when the prediction
 * has no location (the paper) or the reference has none; both absent is reading (d).
 */
export function sLoc(ref: string | undefined, pred: string | undefined, r: Pick<Readings, 'locationBleu' | 'locationTokens' | 'bothAbsent'>): number {
  if (ref === undefined && pred === undefined) return r.bothAbsent.loc;
  if (ref === undefined || pred === undefined) return 0;
  const refTokens = locationTokens(ref, r.locationTokens);
  const predTokens = locationTokens(pred, r.locationTokens);
  if (refTokens.length === 0 && predTokens.length === 0) return r.bothAbsent.loc;
  if (refTokens.length === 0 || predTokens.length === 0) return 0;
  const { weights, smoothing, autoReweigh } = r.locationBleu;
  return sentenceBleu([refTokens], predTokens, { ...(weights ? { weights } : {}), smoothing, autoReweigh });
}

/** The detail scores of one disease named positive on both sides. */
export interface DetailScores {
  sProb: number;
  sLevel: number;
  sLoc: number;
  /** Eq. 10 with the name indicator 1: w_prob s_prob + w_level s_level + w_loc s_loc. */
  d: number;
}

/** Eq. 10 for a matched pair (the indicator is 1). */
export function detailScores(ref: PositiveFinding, pred: PositiveFinding, r: Readings, severity?: SeverityWords): DetailScores {
  const p = sProb(ref.probability, pred.probability, r);
  const l = sLevel(ref.level, pred.level, r, severity);
  const c = sLoc(ref.location, pred.location, r);
  return { sProb: p, sLevel: l, sLoc: c, d: r.weights.prob * p + r.weights.level * l + r.weights.loc * c };
}

/** One row of the per-disease breakdown. */
export interface DiseaseBreakdown {
  name: string;
  /** Where the disease is positive. */
  side: 'both' | 'reference' | 'prediction';
  /** Whether D averages over it (reading c). */
  counted: boolean;
  /** D_i: the detail score when matched, else 0 (the name indicator). */
  d: number;
  sProb?: number;
  sLevel?: number;
  sLoc?: number;
}

/** The scores of one report pair. */
export interface SScoreResult {
  /** Eq. 11: (P + D) / 2, or P when D is dropped. */
  s: number;
  /** Eq. 6. */
  p: number;
  /** Eqs. 3-5 on positive names; null when dropped (both empty under `emptySets: drop`). */
  pPos: number | null;
  /** The same on negative names. */
  pNeg: number | null;
  /** The mean of D_i (reading c); null when dropped (`emptyDetails: drop` with nothing to average). */
  d: number | null;
  perDisease: DiseaseBreakdown[];
}

/** A report whose names are canonical and unique per section (score.ts builds it). */
export interface CanonicalReport {
  /** Canonical name -> the first positive finding with it. */
  positive: ReadonlyMap<string, PositiveFinding>;
  negative: ReadonlySet<string>;
}

/** Eqs. 1-11 for one report pair. */
export function scorePair(ref: CanonicalReport, pred: CanonicalReport, r: Readings, severity?: SeverityWords): SScoreResult {
  const pPos = f1(new Set(ref.positive.keys()), new Set(pred.positive.keys()), r.emptySets);
  const pNeg = f1(ref.negative, pred.negative, r.emptySets);
  const p = pScore(pPos, pNeg);

  const perDisease: DiseaseBreakdown[] = [];
  for (const [name, f] of ref.positive) {
    const other = pred.positive.get(name);
    if (other) perDisease.push({ name, side: 'both', counted: true, ...detailScores(f, other, r, severity) });
    else perDisease.push({ name, side: 'reference', counted: r.detailAverage !== 'matched', d: 0 });
  }
  for (const name of pred.positive.keys()) {
    if (!ref.positive.has(name)) perDisease.push({ name, side: 'prediction', counted: r.detailAverage === 'union', d: 0 });
  }
  const counted = perDisease.filter((x) => x.counted);
  let d: number | null;
  if (counted.length === 0) d = r.emptyDetails === 'one' ? 1 : r.emptyDetails === 'zero' ? 0 : null;
  else d = counted.reduce((sum, x) => sum + x.d, 0) / counted.length;
  const s = d === null ? p : (p + d) / 2;
  return { s, p, pPos, pNeg, d, perDisease };
}
