/**
 * A realistic, fully deterministic RunReport for the reporter golden tests: passes, fails,
 * an error, an inconclusive, a skip, informational (BLEU) results, two capabilities, two
 * suites (one case shared by both), laws, gates and a load problem.
 */
import type { ReporterFactory, RunStartInfo } from '../../../src/reporting/reporter.js';
import type { CaseResult, RunReport } from '../../../src/runner/results.js';

const effusionTexts = {
  reference: 'Moderate left pleural effusion.',
  candidates: {
    exact: 'Moderate left pleural effusion.',
    wrong_side: 'Moderate right pleural effusion.',
    missed: 'No pleural effusion.',
  },
};

const effusion = {
  caseId: 'laterality/effusion-side',
  kind: 'ranking',
  capability: 'laterality',
  title: 'A wrong-side effusion is worse than the exact report',
  tags: ['laterality', 'effusion'],
  file: 'cases/ranking/laterality/effusion-side.yaml',
  line: 1,
  column: 1,
  texts: effusionTexts,
  direction: 'higher' as const,
};

const effusionRelations = (first: boolean, second: boolean, detail?: string) => [
  { relation: 'exact > wrong_side', holds: first, ...(detail ? { detail } : {}) },
  { relation: 'wrong_side >= missed', holds: second },
];

const pneumothorax = {
  caseId: 'negation/no-pneumothorax',
  kind: 'ranking',
  capability: 'negation',
  title: 'A negated finding must not score like a present one',
  file: 'cases/ranking/negation/no-pneumothorax.yaml',
  line: 4,
  column: 3,
  texts: {
    reference: 'No pneumothorax.',
    candidates: { paraphrase: 'There is no pneumothorax.', negated: 'Small right pneumothorax.' },
  },
  direction: 'higher' as const,
};

const sScoreCase = {
  caseId: 'laterality/s-score-left-effusion',
  kind: 'score',
  capability: 'laterality',
  title: 'Structured score of a side-swapped effusion',
  file: 'cases/score/laterality/s-score-left-effusion.yaml',
  line: 2,
  column: 1,
  texts: {
    reference: 'Moderate left pleural effusion.',
    candidates: { candidate: 'Moderate pleural effusion on the right.' },
  },
  direction: 'higher' as const,
};

export const results: CaseResult[] = [
  {
    suite: 'clinical', ...effusion, metric: 'rouge-l', verdict: 'fail',
    scores: { exact: 1, wrong_side: 0.75, missed: 0.5714 },
    expectations: effusionRelations(true, true),
    clinical: { exact: [], wrong_side: ['laterality: left -> right (pleural effusion)'], missed: ['status: present -> absent (pleural effusion)'] },
  },
  {
    suite: 'clinical', ...effusion, metric: 'crimson:lexicon', verdict: 'pass',
    scores: { exact: 1, wrong_side: 0.25, missed: 0 },
    expectations: effusionRelations(true, true),
  },
  {
    suite: 'clinical', ...effusion, metric: 'bleu', verdict: 'pass', informational: true,
    scores: { exact: 1, wrong_side: 0.7598, missed: 0.4111 },
    expectations: effusionRelations(true, true),
  },
  {
    suite: 'clinical', ...pneumothorax, metric: 'rouge-l', verdict: 'pass',
    scores: { paraphrase: 0.8, negated: 0.5 },
    expectations: [{ relation: 'paraphrase > negated', holds: true }],
  },
  {
    suite: 'clinical', ...pneumothorax, metric: 'crimson', verdict: 'error',
    reason: 'metric crimson failed for 1 of 2 candidates',
    scores: { paraphrase: 1 },
    errors: { negated: 'judge timed out after 30000 ms (HTTP 504 <gateway> & "proxy")' },
    expectations: [],
  },
  {
    suite: 'clinical', ...pneumothorax, metric: 'bleu', verdict: 'fail', informational: true,
    scores: { paraphrase: 0.1892, negated: 0.23 },
    expectations: [{ relation: 'paraphrase > negated', holds: false, detail: '0.1892 > 0.2300 is false (tolerance 0)' }],
  },
  {
    suite: 'clinical', ...sScoreCase, metric: 's-score', verdict: 'skip',
    reason: 's-score is not configured; add it to metric-suite.config.ts',
    scores: {},
    expectations: [],
  },
  {
    suite: 'clinical', ...sScoreCase, metric: 'crimson:lexicon', verdict: 'fail',
    scores: { candidate: 0.5 },
    details: { candidate: { matched: 1, false_findings: 0, wrong_attributes: 1 } },
    expectations: [{ relation: 'candidate >= 0.9', holds: false, detail: '0.5000 >= 0.9 is false' }],
  },
  {
    suite: 'smoke', ...effusion, metric: 'crimson', verdict: 'inconclusive',
    reason: 'repeats disagree: 2 of 3 runs pass',
    scores: { exact: 0.9, wrong_side: 0.4, missed: 0.1 },
    expectations: effusionRelations(true, true),
  },
  {
    suite: 'smoke', ...effusion, metric: 'rouge-l', verdict: 'fail',
    scores: { exact: 1, wrong_side: 0.75, missed: 0.5714 },
    expectations: effusionRelations(true, true),
  },
  {
    suite: 'smoke', ...pneumothorax, metric: 'rouge-l', verdict: 'pass',
    scores: { paraphrase: 0.8, negated: 0.5 },
    expectations: [{ relation: 'paraphrase > negated', holds: true }],
  },
];

// rouge-l: the side swap barely moves the score (a realistic near-tie failure)
results[0]!.scores = { exact: 0.8123, wrong_side: 0.812, missed: 0.1 };
results[0]!.expectations = effusionRelations(false, true, '0.8123 > 0.8120 is false (tolerance 0.001)');
results[9]!.scores = { ...results[0]!.scores };
results[9]!.expectations = results[0]!.expectations.map((e) => ({ ...e }));

export const sampleReport: RunReport = {
  // as the runner counts: inconclusive under failed
  summary: { passed: 5, failed: 6, errors: 1, skipped: 1 },
  results,
  laws: [
    {
      law: 'negation-lowers-score', metric: 'rouge-l', verdict: 'fail', numRuns: 100, seed: 42,
      counterexample: { reference: 'Small right pneumothorax.', candidate: 'No right pneumothorax.' },
      reason: 'negating a finding did not lower the score (0.6667 vs 0.6667)',
    },
    { law: 'identity-is-best', metric: 'crimson:lexicon', verdict: 'pass', numRuns: 50, seed: 7 },
  ],
  gates: [
    {
      suite: 'clinical', metric: 'rouge-l', state: 'fail', passed: false, informational: false, passRate: 0.5, minPassRate: 0.9,
      counts: { passed: 1, failed: 1, errors: 0, skipped: 0 }, failedRequired: ['laterality/effusion-side'], unexpectedPasses: [],
    },
    {
      suite: 'clinical', metric: 'crimson:lexicon', state: 'pass', passed: true, informational: false, passRate: 0.5, minPassRate: 0.5,
      counts: { passed: 1, failed: 1, errors: 0, skipped: 0 }, failedRequired: [], unexpectedPasses: [],
    },
    {
      suite: 'clinical', metric: 'bleu', state: 'pass', passed: true, informational: true, passRate: 0.5, minPassRate: 0,
      counts: { passed: 1, failed: 1, errors: 0, skipped: 0 }, failedRequired: [], unexpectedPasses: [],
    },
    {
      suite: 'clinical', metric: 'crimson', state: 'fail', passed: false, informational: false, passRate: 0, minPassRate: 0.8,
      counts: { passed: 0, failed: 0, errors: 1, skipped: 0 }, failedRequired: [], unexpectedPasses: [],
    },
    {
      suite: 'clinical', metric: 's-score', state: 'pass', passed: true, informational: false, passRate: 1, minPassRate: 0.9,
      counts: { passed: 0, failed: 0, errors: 0, skipped: 1 }, failedRequired: [], unexpectedPasses: [], reason: 'every result skipped',
    },
    {
      suite: 'smoke', metric: 'rouge-l', state: 'pass', passed: true, informational: false, passRate: 0.5, minPassRate: 0.5,
      counts: { passed: 1, failed: 1, errors: 0, skipped: 0 }, failedRequired: [], unexpectedPasses: [],
    },
  ],
  problems: [
    { file: 'cases/ranking/negation/bad.yaml', line: 7, column: 5, message: 'expect: "exact >> missed" is not a relation' },
  ],
  exitCode: 2,
  durationMs: 1234,
};

export const sampleStart: RunStartInfo = {
  suites: ['clinical', 'smoke'],
  metrics: ['rouge-l', 'crimson:lexicon', 'bleu', 'crimson', 's-score'],
  total: results.length,
  problems: sampleReport.problems,
};

/** Drives a reporter through a whole run the way the runner does and returns its output. */
export async function runReporter(factory: ReporterFactory, report: RunReport = sampleReport, color = false): Promise<string> {
  const chunks: string[] = [];
  const reporter = factory({ write: (text) => chunks.push(text), color });
  await reporter.onRunStart?.({ ...sampleStart, total: report.results.length, problems: report.problems });
  for (const r of report.results) await reporter.onCaseResult?.(r);
  for (const l of report.laws) await reporter.onLawResult?.(l);
  await reporter.onRunEnd?.(report);
  return chunks.join('');
}
