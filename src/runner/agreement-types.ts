/** Agreement with raters as the run report carries it (DESIGN §6); computed in agreement.ts and corpus-agreement.ts. A leaf: results.ts reads it. */
import type { PairwiseAccuracy, SignAgreement } from '../stats/agreement.js';

export interface RaterAgreement extends PairwiseAccuracy {
  rater: string;
  /** tau-b between Δmetric and this rater's Δ; null when undefined (no pair, or a constant side). */
  tauB: number | null;
}

export interface InterRaterPair extends SignAgreement {
  raters: [string, string];
  tauB: number | null;
}

/** A suite × metric agreement entry of the run report. */
export interface AgreementResult {
  suite: string;
  metric: string;
  /** Preference cases with at least one scored pair. */
  cases: number;
  /** Candidate pairs scored by the metric. */
  pairs: number;
  raters: RaterAgreement[];
  /** Against the majority sign; `noMajority` pairs are left out. */
  majority: PairwiseAccuracy & { noMajority: number };
  /** tau-b between Δmetric and Δmean, with its bootstrap CI. */
  tauB: { value: number | null; low: number | null; high: number | null; confidence: number; resamples: number; valid: number; seed: number };
  interRater: { pairs: InterRaterPair[]; meanAgreement: number | null; meanAgreementWithoutTies: number | null; meanTauB: number | null };
  /** Per-report correlation with the mean rating over the suite's rated reports (preference and rating cases; corpus-agreement.ts). */
  corpus?: CorpusCorrelation;
  /** The same over rated images of image cases, overall and per finding. */
  images?: ImageCorrelation;
}

/**
 * `minAgreement` of a gate: a number is the majority's pairwise accuracy without tied ratings.
 * `kendall`, `spearman`, `pearson` (and their `...Low` CI bounds) are the corpus-level
 * correlations with the mean rating: over rated reports, else over rated images.
 */
export type MinAgreement = number | { majority?: number; majorityWithTies?: number; tauB?: number; tauBLow?: number } & Partial<Record<CorpusStat, number>>;

export const CORPUS_STATS = ['kendall', 'kendallLow', 'spearman', 'spearmanLow', 'pearson', 'pearsonLow'] as const;
export type CorpusStat = (typeof CORPUS_STATS)[number];

export interface AgreementCheck {
  /** `majority`, `majorityWithTies`, `tauB` (point) or `tauBLow` (lower CI bound). */
  stat: string;
  value: number | null;
  min: number;
  holds: boolean;
}

/** A point estimate with its bootstrap interval (null where undefined). */
export interface CorrelationEstimate {
  value: number | null;
  low: number | null;
  high: number | null;
}

export interface RaterCorrelation {
  rater: string;
  /** Reports (or images) this rater rated that the metric scored. */
  reports: number;
  kendall: number | null;
  spearman: number | null;
  pearson: number | null;
}

/** Correlation of a metric's scores with the mean rating over a set of rated units. */
export interface CorpusCorrelation {
  /** Rated reports (images) scored. */
  reports: number;
  /** Cases they come from (the bootstrap's resampling unit). */
  cases: number;
  kendall: CorrelationEstimate;
  spearman: CorrelationEstimate;
  pearson: CorrelationEstimate;
  raters: RaterCorrelation[];
  confidence: number;
  resamples: number;
  seed: number;
}

/** Image ratings: over all rated images, and per finding (the `finding:` tag, else the capability). */
export interface ImageCorrelation extends CorpusCorrelation {
  byFinding: ({ finding: string } & CorpusCorrelation)[];
}
