import { describe, expect, it } from 'vitest';
import { CrimsonEvaluationSchema, JudgeReplySchema, evaluationWarnings, normaliseLabel } from '../../../src/metrics/crimson/schema.js';
import { wrongSideEvaluation } from './_evaluations.js';

describe('judge output schemas', () => {
  it('the contract schema accepts a well-formed evaluation and rejects unknown labels', () => {
    expect(CrimsonEvaluationSchema.safeParse(wrongSideEvaluation).success).toBe(true);
    const bad = structuredClone(wrongSideEvaluation);
    bad.reference_findings[0]!.clinical_significance = 'unclear';
    expect(CrimsonEvaluationSchema.safeParse(bad).success).toBe(false);
    const badType = structuredClone(wrongSideEvaluation);
    badType.errors.attribute_errors[0]!.error_types = ['laterality'];
    expect(CrimsonEvaluationSchema.safeParse(badType).success).toBe(false);
  });

  it('the reply schema reads loose LLM output: numeric ids, label spelling, omitted empty error lists', () => {
    const r = JudgeReplySchema.parse({
      reference_findings: [{ id: 1, finding: 'a', clinical_significance: ' Not Actionable-Not Urgent ' }],
      predicted_findings: [],
      matched_findings: [],
      errors: { missing_findings: [1], attribute_errors: null },
    });
    expect(r.reference_findings[0]).toEqual({ id: '1', finding: 'a', clinical_significance: 'not_actionable_not_urgent' });
    expect(r.errors).toEqual({ false_findings: [], missing_findings: ['1'], attribute_errors: [] });
  });

  it('the reply schema requires the four top-level keys', () => {
    for (const key of ['reference_findings', 'predicted_findings', 'matched_findings', 'errors']) {
      const partial: Record<string, unknown> = structuredClone(wrongSideEvaluation);
      delete partial[key];
      expect(JudgeReplySchema.safeParse(partial).success, key).toBe(false);
    }
  });

  it('a string error_types becomes a one-item list', () => {
    const r = JudgeReplySchema.parse({ ...wrongSideEvaluation, errors: { ...wrongSideEvaluation.errors, attribute_errors: [{ ref_id: 'R1', pred_id: 'P1', error_types: 'Location' }] } });
    expect(r.errors.attribute_errors[0]!.error_types).toEqual(['location']);
  });

  it('warnings name the inconsistencies the score tolerates', () => {
    expect(evaluationWarnings(JudgeReplySchema.parse(wrongSideEvaluation))).toEqual([]);
    const w = evaluationWarnings(JudgeReplySchema.parse({
      reference_findings: [{ id: 'R1', finding: 'a' }, { id: 'R2', finding: 'b', clinical_significance: 'urgent' }],
      predicted_findings: [{ id: 'P1', finding: 'a', clinical_significance: 'urgent' }],
      matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }, { ref_id: 'R9', pred_id: 'P1' }],
      errors: { false_findings: ['P1'], missing_findings: [], attribute_errors: [{ ref_id: 'R2', pred_id: 'P1', severity: 'moderate', error_types: ['location'] }] },
    }));
    expect(w).toEqual([
      'R1 has no clinical_significance (weighs 0.25)',
      'matched R9 names no reference finding',
      'P1 is both matched and false',
      'R2 is neither matched nor missing',
      'attribute error on unmatched R2 (ignored by the score)',
      'attribute error on R2 has unknown severity "moderate" (weighs 0.25)',
    ]);
  });

  it('normaliseLabel', () => {
    expect(normaliseLabel('Benign Expected')).toBe('benign_expected');
    expect(normaliseLabel('actionable-not-urgent')).toBe('actionable_not_urgent');
  });
});
