/** The "Agreement with raters" tables of the html report: one per suite × metric, as the default reporter's block. */
import type { AgreementResult } from '../../src/runner/agreement.js';
import { pct } from './report-model.js';

export const fixed = (x: number | null, digits = 3): string => (x === null ? '—' : x.toFixed(digits));
const share = (x: number | null): string => (x === null ? '—' : pct(x));

/** "Agreement with raters" (preference suites): one table per suite × metric, as the default reporter's block. */
export function agreementViews(entries: readonly AgreementResult[] | undefined) {
  if (!entries || entries.length === 0) return [];
  return entries.map((a) => {
    const m = a.majority;
    const ci = a.tauB.low === null || a.tauB.high === null ? '' : `[${fixed(a.tauB.low)}, ${fixed(a.tauB.high)}]`;
    const row = (
      rater: string,
      majority: boolean,
      acc: { withoutTies: number | null; withTies: number | null; correct: number; pairs: number; correctUntied: number; untiedPairs: number },
      tauB: number | null,
      extra: { ci: string; noMajority: number },
    ) => ({
      rater,
      majority,
      accuracy: acc.withoutTies === null ? '' : String(acc.withoutTies),
      accuracyText: share(acc.withoutTies),
      untied: `${acc.correctUntied}/${acc.untiedPairs}`,
      accuracyWithTies: acc.withTies === null ? '' : String(acc.withTies),
      accuracyWithTiesText: share(acc.withTies),
      all: `${acc.correct}/${acc.pairs}`,
      tauB: tauB === null ? '' : String(tauB),
      tauBText: fixed(tauB),
      ci: extra.ci,
      noMajority: extra.noMajority,
    });
    const ir = a.interRater;
    return {
      suite: a.suite,
      metric: a.metric,
      cases: a.cases,
      pairs: a.pairs,
      ciText: `${Math.round(a.tauB.confidence * 100)}% bootstrap CI, ${a.tauB.resamples} case resamples, seed ${a.tauB.seed}`,
      rows: [row('majority', true, m, a.tauB.value, { ci, noMajority: m.noMajority }), ...a.raters.map((r) => row(r.rater, false, r, r.tauB, { ci: '', noMajority: 0 }))],
      interRater: ir.pairs.length
        ? {
            agreement: ir.meanAgreement === null ? '' : String(ir.meanAgreement),
            agreementText: share(ir.meanAgreement),
            withoutTiesText: share(ir.meanAgreementWithoutTies),
            tauBText: fixed(ir.meanTauB),
            pairs: ir.pairs.map((p) => ({ raters: p.raters.join(' · '), tauBText: fixed(p.tauB) })),
          }
        : undefined,
    };
  });
}

