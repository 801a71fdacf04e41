import { describe, expect, it } from 'vitest';
import { computeCrimsonScore, type CrimsonEvaluationInput } from '../../src/metrics/crimson/score.js';
import { readJsonl } from './_vectors.js';

interface Row {
  id: string;
  evaluation: CrimsonEvaluationInput;
  expected: {
    crimson_score: number;
    N_G: number;
    E_penalty: number;
    correct: number;
    S: number;
    false_findings: number;
    missing_findings: number;
    attribute_errors: number;
  };
}

const rows = readJsonl<Row>('crimson-score.jsonl');

describe('CRIMSON score parity with the reference (crimson-score.jsonl)', () => {
  it('loads all 300 rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
  });

  it('covers the edge cases the vectors were built for', () => {
    expect(rows.some((r) => r.evaluation.predicted_findings?.some((f) => f.clinical_significance === 'unclear'))).toBe(true);
    expect(rows.some((r) => r.expected.N_G === 0)).toBe(true);
    expect(rows.some((r) => r.expected.crimson_score < 0)).toBe(true);
    expect(rows.some((r) => r.evaluation.reference_findings?.some((f) => f.clinical_significance === undefined))).toBe(true);
  });

  // Object.is: bit for bit, including the sign of zero.
  it.each(rows.map((r) => [r.id, r] as const))('%s', (_id, row) => {
    const got = computeCrimsonScore(row.evaluation);
    const want = row.expected;
    expect(Object.is(got.crimson_score, want.crimson_score), `crimson_score ${got.crimson_score} vs ${want.crimson_score}`).toBe(true);
    expect(Object.is(got.metrics.N_G, want.N_G), `N_G ${got.metrics.N_G} vs ${want.N_G}`).toBe(true);
    expect(Object.is(got.metrics.E_penalty, want.E_penalty), `E_penalty ${got.metrics.E_penalty} vs ${want.E_penalty}`).toBe(true);
    expect(Object.is(got.metrics.correct, want.correct), `correct ${got.metrics.correct} vs ${want.correct}`).toBe(true);
    expect(Object.is(got.metrics.S, want.S), `S ${got.metrics.S} vs ${want.S}`).toBe(true);
    expect(got.error_counts.false_findings).toBe(want.false_findings);
    expect(got.error_counts.missing_findings).toBe(want.missing_findings);
    expect(got.error_counts.attribute_errors).toBe(want.attribute_errors);
  });
});
