/**
 * A suite's agreement with raters for one metric: the within-case pairwise statistics of
 * preference cases (agreement.ts) plus the corpus-level correlations over rated reports and
 * rated images (corpus-agreement.ts). Undefined when the suite has nothing rated.
 */
import type { Case } from '../cases/model.js';
import { suiteAgreement, type AgreementResult } from './agreement.js';
import { correlate, correlateImages, ratedUnits } from './corpus-agreement.js';
import type { CaseResult } from './results.js';

/** Whether a case carries ratings that agreement statistics read (merge-reports keeps these in the plan). */
export const isRated = (c: Case): boolean =>
  c.kind === 'preference' || c.kind === 'rating' || (c.kind === 'image' && c.candidates.some((x) => (x.ratings?.length ?? 0) > 0));

/** The pairwise part of a suite without preference cases: nothing to count. */
function noPairs(suite: string, metric: string): AgreementResult {
  const none = { pairs: 0, correct: 0, withTies: null, untiedPairs: 0, correctUntied: 0, withoutTies: null };
  return {
    suite, metric, cases: 0, pairs: 0, raters: [],
    majority: { ...none, noMajority: 0 },
    tauB: { value: null, low: null, high: null, confidence: 0.95, resamples: 0, valid: 0, seed: 0 },
    interRater: { pairs: [], meanAgreement: null, meanAgreementWithoutTies: null, meanTauB: null },
  };
}

export function ratedAgreement(
  suite: string,
  metric: { id: string; direction: 'higher' | 'lower'; tieTolerance: number },
  cases: readonly Case[],
  results: readonly CaseResult[],
): AgreementResult | undefined {
  const pairwise = suiteAgreement(suite, metric, cases, results);
  const rated = cases.filter(isRated);
  const { reports, images } = ratedUnits(rated, results, metric.direction);
  const hasReports = rated.some((c) => c.kind !== 'image');
  const hasImages = rated.some((c) => c.kind === 'image');
  if (!pairwise && !hasReports && !hasImages) return undefined;
  return {
    ...(pairwise ?? noPairs(suite, metric.id)),
    ...(hasReports ? { corpus: correlate(reports) } : {}),
    ...(hasImages ? { images: correlateImages(images) } : {}),
  };
}
