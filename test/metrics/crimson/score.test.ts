import { describe, expect, it } from 'vitest';
import { computeCrimsonScore, type CrimsonEvaluationInput } from '../../../src/metrics/crimson/score.js';

const f = (id: string, sig?: string) => ({ id, finding: id, ...(sig === undefined ? {} : { clinical_significance: sig }) });
const evaluation = (e: Partial<CrimsonEvaluationInput> & { errors?: CrimsonEvaluationInput['errors'] }): CrimsonEvaluationInput => ({
  reference_findings: [],
  predicted_findings: [],
  matched_findings: [],
  ...e,
  errors: { false_findings: [], missing_findings: [], attribute_errors: [], ...e.errors },
});

describe('computeCrimsonScore', () => {
  it('a perfect candidate scores 1', () => {
    const r = computeCrimsonScore(evaluation({
      reference_findings: [f('R1', 'urgent'), f('R2', 'actionable_not_urgent')],
      predicted_findings: [f('P1', 'urgent'), f('P2', 'actionable_not_urgent')],
      matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }, { ref_id: 'R2', pred_id: 'P2' }],
    }));
    expect(r.crimson_score).toBe(1);
    expect(r.metrics).toMatchObject({ N_G: 1.5, E_penalty: 0, correct: 1.5, S: 1 });
  });

  it('a normal candidate against an abnormal reference scores exactly 0: missing findings never subtract', () => {
    const r = computeCrimsonScore(evaluation({ reference_findings: [f('R1', 'urgent'), f('R2', 'not_actionable_not_urgent')], errors: { missing_findings: ['R1', 'R2'] } }));
    expect(r.crimson_score).toBe(0);
    expect(r.metrics.N_G).toBe(1.25);
    expect(r.weighted_error_counts.missing_findings).toBe(1.25);
  });

  it('two normal reports score 1; a false finding against a normal reference is negative', () => {
    expect(computeCrimsonScore(evaluation({})).crimson_score).toBe(1);
    const r = computeCrimsonScore(evaluation({ predicted_findings: [f('P1', 'urgent')], errors: { false_findings: ['P1'] } }));
    // N_G = 0: S = -(E_false + E_miss + 1) = -2; D = 1 -> -1 / 2
    expect(r.metrics.S).toBe(-2);
    expect(r.crimson_score).toBe(-0.5);
  });

  it('gives partial credit b * b / (b + A) for attribute errors, summed over every pair of the reference', () => {
    const r = computeCrimsonScore(evaluation({
      reference_findings: [f('R1', 'urgent')],
      predicted_findings: [f('P1', 'urgent'), f('P2', 'urgent')],
      matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }, { ref_id: 'R1', pred_id: 'P2' }],
      errors: {
        attribute_errors: [
          { ref_id: 'R1', pred_id: 'P1', severity: 'significant', error_types: ['location'] },
          { ref_id: 'R1', pred_id: 'P2', severity: 'negligible', error_types: ['severity', 'certainty'] },
        ],
      },
    }));
    // b = 1, A = 0.5 + 0 -> 1 / 1.5; only the first match of R1 counts
    expect(r.metrics.correct).toBe(1 * (1 / 1.5));
    expect(r.crimson_score).toBe(0.6667);
    expect(r.error_counts).toMatchObject({ attribute_errors: 2, location_errors: 1, severity_errors: 1, certainty_errors: 1, temporal_errors: 0 });
  });

  it('weighs unknown or missing labels 0.25 and unknown ids 0', () => {
    const r = computeCrimsonScore(evaluation({
      reference_findings: [f('R1', 'unclear'), f('R2')],
      predicted_findings: [f('P1', 'URGENT')],
      matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }],
      errors: { false_findings: ['P9'], missing_findings: ['R2', 'R7'], attribute_errors: [{ ref_id: 'R1', pred_id: 'P1', error_types: ['descriptor'] }] },
    }));
    expect(r.metrics.N_G).toBe(0.5);
    expect(r.metrics.E_penalty).toBe(0);
    expect(r.weighted_error_counts.missing_findings).toBe(0.25);
    expect(r.metrics.correct).toBe(0.25 * (0.25 / 0.5)); // severity missing -> 0.25
  });

  it('counts error types the way Python\'s `in` does: a string error_types is searched as a substring', () => {
    const r = computeCrimsonScore(evaluation({ errors: { attribute_errors: [{ ref_id: 'R1', error_types: 'location, severity' }, { ref_id: 'R1', error_types: ['location'] }] } }));
    expect(r.error_counts).toMatchObject({ location_errors: 2, severity_errors: 1 });
  });

  it('with an empty reference list N_G is the number of matches plus E_miss', () => {
    const r = computeCrimsonScore(evaluation({ predicted_findings: [f('P1', 'urgent')], matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }, { ref_id: 'R2', pred_id: 'P1' }] }));
    expect(r.metrics.N_G).toBe(2);
    expect(r.crimson_score).toBe(0);
  });

  it('treats absent lists as empty and ids by value type ("1" is not 1)', () => {
    expect(computeCrimsonScore({}).crimson_score).toBe(1);
    const r = computeCrimsonScore(evaluation({ reference_findings: [{ id: 1, clinical_significance: 'urgent' }], matched_findings: [{ ref_id: '1', pred_id: 'P1' }] }));
    expect(r.metrics.correct).toBe(0);
  });

  it('later entries with a repeated id win', () => {
    const r = computeCrimsonScore(evaluation({ reference_findings: [f('R1', 'urgent'), f('R1', 'benign_expected')], errors: { missing_findings: ['R1'] } }));
    expect(r.metrics.N_G).toBe(1); // both entries count in N_G
    expect(r.weighted_error_counts.missing_findings).toBe(0); // but the id weighs as the later entry
  });

  it('a negative score is -D / (1 + D) with D = E_false - correct, rounded half-even', () => {
    const r = computeCrimsonScore(evaluation({
      reference_findings: [f('R1', 'not_actionable_not_urgent')],
      predicted_findings: [f('P1', 'not_actionable_not_urgent'), f('P2', 'urgent')],
      matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }],
      errors: { false_findings: ['P2'] },
    }));
    // S = (0.25 - 1) / 0.25 = -3; D = 0.75 -> -0.75 / 1.75 = -0.428571...
    expect(r.metrics.S).toBe(-3);
    expect(r.crimson_score).toBe(-0.4286);
  });
});
