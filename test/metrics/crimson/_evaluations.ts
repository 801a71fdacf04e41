/** Judge replies for tests: evaluation objects with a known CRIMSON score. */

/** `n` urgent reference findings of which the candidate gets `matched` right: score matched / n. */
export function evaluationWithMatches(n: number, matched: number): Record<string, unknown> {
  const refs = Array.from({ length: n }, (_, i) => ({ id: `R${i + 1}`, finding: `finding ${i + 1}`, clinical_significance: 'urgent' }));
  const preds = Array.from({ length: matched }, (_, i) => ({ id: `P${i + 1}`, finding: `finding ${i + 1}`, clinical_significance: 'urgent' }));
  return {
    reference_findings: refs,
    predicted_findings: preds,
    matched_findings: preds.map((_, i) => ({ ref_id: `R${i + 1}`, pred_id: `P${i + 1}` })),
    errors: { false_findings: [], missing_findings: refs.slice(matched).map((r) => r.id), attribute_errors: [] },
  };
}

/** Reference: small left effusion + mild cardiomegaly; candidate: small RIGHT effusion. Score 0.25 / 0.75 * ... */
export const wrongSideEvaluation = {
  reference_findings: [
    { id: 'R1', finding: 'small left pleural effusion', clinical_significance: 'actionable_not_urgent' },
    { id: 'R2', finding: 'mild cardiomegaly', clinical_significance: 'not_actionable_not_urgent' },
  ],
  predicted_findings: [{ id: 'P1', finding: 'small right pleural effusion', clinical_significance: 'actionable_not_urgent' }],
  matched_findings: [{ ref_id: 'R1', pred_id: 'P1' }],
  errors: {
    false_findings: [],
    missing_findings: ['R2'],
    attribute_errors: [{ ref_id: 'R1', pred_id: 'P1', severity: 'significant', error_types: ['location'], explanation: 'wrong side' }],
  },
};
/** b = 0.5, A = 0.5: correct = 0.5 * 0.5 = 0.25; N_G = 0.75 -> 1/3. */
export const WRONG_SIDE_SCORE = 0.3333;

/** The candidate text the prompt carries (the built-in template's reports block). */
export function candidateOf(body: Record<string, unknown>): string {
  const messages = body.messages as { role: string; content: string }[];
  const userText = messages.find((m) => m.role === 'user')?.content ?? '';
  return /CANDIDATE report \(to evaluate\):\n"""\n([\s\S]*?)\n"""/.exec(userText)?.[1] ?? '';
}
