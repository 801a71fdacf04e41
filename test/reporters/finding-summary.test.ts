import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { findingSummary, renderFindingSummary } from '../../reporters/_internals/finding-summary.js';
import { reportJson } from '../../reporters/json.js';
import type { CaseResult, RunReport } from '../../src/runner/results.js';

const image = (caseId: string, finding: string, scores: Record<string, number>, extra: Partial<CaseResult> = {}): CaseResult => ({
  suite: 'cseval', caseId, kind: 'image', metric: 'cseval:lexicon', verdict: 'pass', scores, expectations: [], tags: [`finding:${finding}`], ...extra,
});

const results: CaseResult[] = [
  image('a', 'cardiomegaly', { x: 1, y: 0.5 }),
  image('b', 'cardiomegaly', { x: 0, y: 0.5 }),
  image('b', 'cardiomegaly', { x: 0, y: 0.5 }, { suite: 'other' }), // same case in a second suite: once
  image('c', 'pneumothorax', { x: 0.25 }),
  image('d', 'pneumothorax', { x: 1 }, { verdict: 'skip' }),
  { suite: 's', caseId: 'r', kind: 'ranking', metric: 'cseval:lexicon', verdict: 'pass', scores: { a: 1 }, expectations: [] },
];

describe('per-finding summary (the CSEval paper\'s Table 2)', () => {
  it('gives mean ± population sd of the per-image scores per metric and finding', () => {
    expect(findingSummary(results)).toEqual([
      { metric: 'cseval:lexicon', finding: 'cardiomegaly', n: 4, mean: 0.5, sd: Math.sqrt(0.125) },
      { metric: 'cseval:lexicon', finding: 'pneumothorax', n: 1, mean: 0.25, sd: 0 },
    ]);
  });

  it('renders a table and adds findingSummary to the JSON report only when there are image results', () => {
    const lines = renderFindingSummary(results, new Chalk({ level: 0 }));
    expect(lines).toEqual([
      'metric          finding       images  mean ± sd',
      'cseval:lexicon  cardiomegaly       4  0.500 ± 0.354',
      'cseval:lexicon  pneumothorax       1  0.250 ± 0.000',
    ]);
    const report: RunReport = { summary: { passed: 0, failed: 0, errors: 0, skipped: 0 }, results, laws: [], gates: [], problems: [], exitCode: 0, durationMs: 1 };
    expect(reportJson(report).findingSummary).toHaveLength(2);
    expect('findingSummary' in reportJson({ ...report, results: results.slice(5) })).toBe(false);
  });
});
