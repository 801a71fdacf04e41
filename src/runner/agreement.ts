/**
 * Agreement of a metric with the raters of a suite's preference cases (DESIGN §2, METRICS §1.4).
 *
 * Units: every unordered pair of candidates (first, second) of a preference case, in the
 * order the case writes them, where the metric scored both (an `error` result contributes
 * nothing). For each pair:
 * - Δmetric = score(first) - score(second), negated for lower-is-better metrics, and set to 0
 *   when |Δ| <= the tolerance (the case's `tolerance`, else the metric's `tieTolerance`);
 * - Δrater = rating(first) - rating(second), for each rater who rated both;
 * - Δmean = the mean of the raters' Δ (equal to the difference of mean ratings when every
 *   rater rated both).
 * Reported per rater and for the majority (src/stats/agreement.ts):
 * - pairwise accuracy of sign(Δmetric) against sign(Δrater) / the majority sign, with and
 *   without tied ratings;
 * - Kendall tau-b (scipy's) between Δmetric and Δrater / Δmean over the pairs (upstream
 *   CRIMSON correlates the C2 - C1 deltas the same way); for the mean, a 95 % percentile
 *   bootstrap CI: 1000 resamples of whole cases (all pairs of a case together), seed 0.
 * Inter-rater agreement: for every two raters, sign agreement with and without ties and
 * tau-b between their Δ; summarised by the means over rater pairs (no chance correction:
 * with 3-5 raters and few pairs a Krippendorff alpha would be no steadier).
 */
import type { Case, PreferenceCase } from '../cases/model.js';
import { kendallTauB } from '../stats/kendall.js';
import { majoritySign, pairwiseAccuracy, preferenceSign, signAgreement, type PairwiseAccuracy, type SignAgreement } from '../stats/agreement.js';
import { bootstrapTauB } from '../stats/bootstrap.js';
import type { CaseResult } from './results.js';
import { CORPUS_STATS, type AgreementCheck, type AgreementResult, type CorpusStat, type InterRaterPair, type MinAgreement, type RaterAgreement } from './agreement-types.js';

export type { AgreementCheck, AgreementResult, InterRaterPair, MinAgreement, RaterAgreement };

export const BOOTSTRAP_RESAMPLES = 1000;
export const BOOTSTRAP_SEED = 0;

interface Pair {
  caseIndex: number;
  metric: number;
  /** rater -> Δ rating (only raters who rated both). */
  raters: Map<string, number>;
  mean: number | undefined;
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);
const mean = (xs: (number | null)[]): number | null => {
  const ok = xs.filter((x): x is number => x !== null);
  return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : null;
};

/** The pairs of one case for one metric's result (none unless both scores are finite). */
function pairsOf(c: PreferenceCase, r: CaseResult, caseIndex: number, direction: 'higher' | 'lower', tolerance: number): Pair[] {
  const out: Pair[] = [];
  const labels = c.candidates.map((x) => x.label);
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const a = r.scores[labels[i]!];
      const b = r.scores[labels[j]!];
      if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) continue;
      const d = direction === 'lower' ? b - a : a - b;
      const metric = preferenceSign(d, tolerance) === 0 ? 0 : d;
      const raters = new Map<string, number>();
      for (const rating of c.ratings) {
        const x = rating.scores[labels[i]!];
        const y = rating.scores[labels[j]!];
        if (x !== undefined && y !== undefined) raters.set(rating.rater, x - y);
      }
      const ds = [...raters.values()];
      out.push({ caseIndex, metric, raters, mean: ds.length ? ds.reduce((s, v) => s + v, 0) / ds.length : undefined });
    }
  }
  return out;
}

/** The (x, y) points of pairs where both are known. */
function pointsOf(pairs: Pair[], y: (p: Pair) => number | undefined, x: (p: Pair) => number | undefined = (p) => p.metric): { x: number[]; y: number[] } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const p of pairs) {
    const a = x(p);
    const b = y(p);
    if (a === undefined || b === undefined) continue;
    xs.push(a);
    ys.push(b);
  }
  return { x: xs, y: ys };
}

function tauOf(pairs: Pair[], y: (p: Pair) => number | undefined, x: (p: Pair) => number | undefined = (p) => p.metric): number {
  const points = pointsOf(pairs, y, x);
  return kendallTauB(points.x, points.y);
}

/**
 * Agreement of one metric over a suite's preference cases; undefined when the suite has no
 * preference case among `cases`.
 */
export function suiteAgreement(
  suite: string,
  metric: { id: string; direction: 'higher' | 'lower'; tieTolerance: number },
  cases: readonly Case[],
  results: readonly CaseResult[],
): AgreementResult | undefined {
  const prefs = cases.filter((c): c is PreferenceCase => c.kind === 'preference');
  if (prefs.length === 0) return undefined;
  const byId = new Map(results.filter((r) => r.kind === 'preference').map((r) => [r.caseId, r]));
  const perCase: Pair[][] = [];
  for (const c of prefs) {
    const r = byId.get(c.id);
    if (!r || r.verdict === 'error') continue;
    const ps = pairsOf(c, r, perCase.length, metric.direction, c.tolerance ?? metric.tieTolerance);
    if (ps.length) perCase.push(ps);
  }
  const pairs = perCase.flat();
  const raterIds = [...new Set(prefs.flatMap((c) => c.ratings.map((r) => r.rater)))];
  const metricSigns = pairs.map((p) => Math.sign(p.metric));
  const raters: RaterAgreement[] = raterIds.map((id) => {
    const ds = pairs.map((p) => p.raters.get(id));
    return { rater: id, ...pairwiseAccuracy(metricSigns, ds), tauB: finite(tauOf(pairs, (p) => p.raters.get(id))) };
  });
  const majorities = pairs.map((p) => majoritySign([...p.raters.values()]));
  const noMajority = pairs.filter((p, i) => p.raters.size > 0 && majorities[i] === undefined).length;
  // tau-b of the metric against the mean rating, cases resampled whole (ranked once: stats/bootstrap.ts)
  const ci = bootstrapTauB(perCase.map((ps) => pointsOf(ps, (p) => p.mean)), { resamples: BOOTSTRAP_RESAMPLES, seed: BOOTSTRAP_SEED });
  const interPairs: InterRaterPair[] = [];
  for (let i = 0; i < raterIds.length; i++) {
    for (let j = i + 1; j < raterIds.length; j++) {
      const a = raterIds[i]!;
      const b = raterIds[j]!;
      const agreement = signAgreement(pairs.map((p) => p.raters.get(a)), pairs.map((p) => p.raters.get(b)));
      if (agreement.pairs === 0) continue;
      interPairs.push({ raters: [a, b], ...agreement, tauB: finite(tauOf(pairs, (p) => p.raters.get(b), (p) => p.raters.get(a))) });
    }
  }
  return {
    suite,
    metric: metric.id,
    cases: perCase.length,
    pairs: pairs.length,
    raters,
    majority: { ...pairwiseAccuracy(metricSigns, majorities), noMajority },
    tauB: { value: finite(tauOf(pairs, (p) => p.mean)), low: finite(ci.low), high: finite(ci.high), confidence: ci.confidence, resamples: ci.resamples, valid: ci.valid, seed: ci.seed },
    interRater: {
      pairs: interPairs,
      meanAgreement: mean(interPairs.map((p) => p.withTies)),
      meanAgreementWithoutTies: mean(interPairs.map((p) => p.withoutTies)),
      meanTauB: mean(interPairs.map((p) => p.tauB)),
    },
  };
}

function corpusValue(a: AgreementResult, stat: CorpusStat): number | null {
  const c = a.corpus ?? a.images;
  if (!c) return null;
  const low = stat.endsWith('Low');
  const e = c[stat.replace(/Low$/, '') as 'kendall' | 'spearman' | 'pearson'];
  return low ? e.low : e.value;
}

/** Checks a gate's minimums; a statistic that cannot be computed (no pairs, no suite agreement) does not hold. */
export function checkAgreement(min: MinAgreement, a: AgreementResult | undefined): AgreementCheck[] {
  const wanted = typeof min === 'number' ? { majority: min } : min;
  const value = (stat: string): number | null => {
    if (!a) return null;
    if (stat === 'majority') return a.majority.withoutTies;
    if (stat === 'majorityWithTies') return a.majority.withTies;
    if (stat === 'tauB') return a.tauB.value;
    if ((CORPUS_STATS as readonly string[]).includes(stat)) return corpusValue(a, stat as CorpusStat);
    return a.tauB.low;
  };
  return (['majority', 'majorityWithTies', 'tauB', 'tauBLow', ...CORPUS_STATS] as const)
    .filter((k) => wanted[k] !== undefined)
    .map((stat) => {
      const v = value(stat);
      const m = wanted[stat]!;
      return { stat, value: v, min: m, holds: v !== null && v >= m };
    });
}
