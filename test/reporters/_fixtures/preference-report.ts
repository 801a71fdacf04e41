/** The sample run plus one preference case rated by three raters, with its agreement and gate. */
import type { PreferenceCase } from '../../../src/cases/model.js';
import { suiteAgreement } from '../../../src/runner/agreement.js';
import { evaluateGate } from '../../../src/runner/gates.js';
import type { CaseResult, RunReport } from '../../../src/runner/results.js';
import { sampleReport } from './sample-report.js';

const location = { file: 'cases/p.yaml', line: 1, column: 1 };
export const pref: PreferenceCase = {
  id: 'preference/effusion', kind: 'preference', tags: [], location, reference: 'Moderate left pleural effusion.',
  candidates: [{ label: 'exact', text: 'x' }, { label: 'wrong_side', text: 'y' }, { label: 'missed', text: 'z' }],
  ratings: [
    { rater: 'r1', scores: { exact: 5, wrong_side: 2, missed: 1 } },
    { rater: 'r2', scores: { exact: 5, wrong_side: 1, missed: 2 } },
    { rater: 'r3', scores: { exact: 4, wrong_side: 2, missed: 2 } },
  ],
};
export const prefResult: CaseResult = {
  suite: 'preference', caseId: pref.id, kind: 'preference', metric: 'crimson:lexicon', verdict: 'skip',
  scores: { exact: 1, wrong_side: 0.5, missed: 0 }, expectations: [], reason: 'preference case: scored, agreement with raters reported per suite',
};
export const prefAgreement = suiteAgreement('preference', { id: 'crimson:lexicon', direction: 'higher', tieTolerance: 0 }, [pref], [prefResult])!;
export const preferenceReport: RunReport = {
  ...sampleReport,
  results: [...sampleReport.results, prefResult],
  agreement: [prefAgreement],
  gates: [...sampleReport.gates, evaluateGate('preference', 'crimson:lexicon', { minAgreement: { majority: 0.75 } }, [prefResult], [], prefAgreement)],
};
