/**
 * Corpus-level agreement of a metric with human ratings (S-RRG-Bench, CSEval and CRIMSON's
 * validations): per-report correlation between the metric's scores and the mean rating across
 * a whole suite, next to the within-case pairwise agreement of agreement.ts.
 *
 * Units: every rated report, i.e. every candidate of a `preference` case and the candidate of
 * a `rating` case, that the metric scored (an `error` result contributes nothing); and,
 * separately, every rated image of an `image` case (grouped by the case's `finding:` tag).
 * For each unit: x = the score (negated for lower-is-better metrics, so a positive correlation
 * always means agreement), y = the mean of its raters' ratings. Reported:
 * - Kendall tau-b (`scipy.stats.kendalltau`), Spearman (`spearmanr`) and Pearson (`pearsonr`)
 *   between x and y, each with a 95 % percentile bootstrap CI: 1000 resamples of whole cases
 *   (all the reports of a preference case together, as agreement.ts resamples), seed 0;
 * - per rater: the three statistics between x and that rater's ratings (the reports they rated).
 * A statistic that is undefined (fewer than two units, a constant side) is null.
 */
import type { Case, Rating } from '../cases/model.js';
import { bootstrapCorrelation, bootstrapTauB } from '../stats/bootstrap.js';
import { pearson, spearman } from '../stats/correlation.js';
import { kendallTauB } from '../stats/kendall.js';
import type { CorpusCorrelation, CorrelationEstimate, ImageCorrelation, RaterCorrelation } from './agreement-types.js';
import type { CaseResult } from './results.js';

export type { CorpusCorrelation, CorrelationEstimate, ImageCorrelation, RaterCorrelation } from './agreement-types.js';

/** One rated, scored unit. */
export interface RatedUnit {
  caseId: string;
  score: number;
  ratings: readonly Rating[];
  group?: string;
}

/** As agreement.ts: 1000 resamples of whole cases, seed 0. */
const BOOTSTRAP_RESAMPLES = 1000;
const BOOTSTRAP_SEED = 0;

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
const meanOf = (rs: readonly Rating[]): number => rs.reduce((s, r) => s + r.score, 0) / rs.length;

type Stat = (x: number[], y: number[]) => number;
const STATS: Record<'kendall' | 'spearman' | 'pearson', Stat> = { kendall: kendallTauB, spearman, pearson };

function statOver(units: readonly RatedUnit[], stat: Stat): number {
  return stat(units.map((u) => u.score), units.map((u) => meanOf(u.ratings)));
}

/** The correlations over `units` (each with at least one rating), resampling whole cases (`resamples`: 1000). */
export function correlate(units: readonly RatedUnit[], resamples = BOOTSTRAP_RESAMPLES): CorpusCorrelation {
  const byCase = new Map<string, RatedUnit[]>();
  for (const u of units) byCase.set(u.caseId, [...(byCase.get(u.caseId) ?? []), u]);
  const clusters = [...byCase.values()];
  const estimate = (stat: Stat): CorrelationEstimate => {
    // the data prepared (and for tau-b and Spearman ranked) once, not per resample
    const points = clusters.map((c) => ({ x: c.map((u) => u.score), y: c.map((u) => meanOf(u.ratings)) }));
    const opts = { resamples, seed: BOOTSTRAP_SEED };
    const ci = stat === kendallTauB ? bootstrapTauB(points, opts) : bootstrapCorrelation(points, stat === spearman ? 'spearman' : 'pearson', opts);
    return { value: finite(statOver(units, stat)), low: finite(ci.low), high: finite(ci.high) };
  };
  const raterIds = [...new Set(units.flatMap((u) => u.ratings.map((r) => r.rater)))];
  const raters = raterIds.map((rater): RaterCorrelation => {
    const xs: number[] = [];
    const ys: number[] = [];
    for (const u of units) {
      const r = u.ratings.find((x) => x.rater === rater);
      if (r) {
        xs.push(u.score);
        ys.push(r.score);
      }
    }
    return { rater, reports: xs.length, kendall: finite(kendallTauB(xs, ys)), spearman: finite(spearman(xs, ys)), pearson: finite(pearson(xs, ys)) };
  });
  return {
    reports: units.length,
    cases: clusters.length,
    kendall: estimate(STATS.kendall),
    spearman: estimate(STATS.spearman),
    pearson: estimate(STATS.pearson),
    raters,
    confidence: 0.95,
    resamples,
    seed: BOOTSTRAP_SEED,
  };
}

const findingOf = (c: Case): string => c.tags.find((t) => t.startsWith('finding:'))?.slice('finding:'.length) ?? c.capability ?? '(none)';

/** The rated units of a suite for one metric's results: text reports and images apart. */
export function ratedUnits(cases: readonly Case[], results: readonly CaseResult[], direction: 'higher' | 'lower'): { reports: RatedUnit[]; images: RatedUnit[] } {
  const byId = new Map(results.map((r) => [r.caseId, r]));
  const reports: RatedUnit[] = [];
  const images: RatedUnit[] = [];
  const sign = direction === 'lower' ? -1 : 1;
  for (const c of cases) {
    if (c.kind !== 'preference' && c.kind !== 'rating' && c.kind !== 'image') continue;
    const r = byId.get(c.id);
    if (!r || r.verdict === 'error') continue;
    for (const x of c.candidates) {
      const score = r.scores[x.label];
      if (score === undefined || !Number.isFinite(score)) continue;
      const ratings = c.kind === 'preference'
        ? c.ratings.flatMap((p) => (p.scores[x.label] === undefined ? [] : [{ rater: p.rater, score: p.scores[x.label]! }]))
        : (x.ratings ?? []);
      if (ratings.length === 0) continue;
      const unit = { caseId: c.id, score: sign * score, ratings };
      if (c.kind === 'image') images.push({ ...unit, group: findingOf(c) });
      else reports.push(unit);
    }
  }
  return { reports, images };
}

/** Image ratings: overall and per finding (findings in alphabetical order). */
export function correlateImages(units: readonly RatedUnit[]): ImageCorrelation {
  const groups = [...new Set(units.map((u) => u.group ?? '(none)'))].sort();
  return { ...correlate(units), byFinding: groups.map((finding) => ({ finding, ...correlate(units.filter((u) => (u.group ?? '(none)') === finding)) })) };
}
