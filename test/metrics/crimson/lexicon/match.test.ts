import { describe, expect, it } from 'vitest';
import { judgeByLexicon } from '../../../../src/metrics/crimson/lexicon-judge.js';
import { computeCrimsonScore } from '../../../../src/metrics/crimson/score.js';

const judge = (reference: string, candidate: string) => judgeByLexicon(reference, candidate).evaluation;
const score = (reference: string, candidate: string) => computeCrimsonScore(judge(reference, candidate)).crimson_score;

describe('crimson:lexicon matching: one finding, however many names a report gives it (METRICS §1.5)', () => {
  it('a sign listed beside the finding the other report reads from it is that finding, not a false one', () => {
    const ref = 'Cylindrical bronchiectasis with bronchial wall thickening in both lower zones.';
    const e = judge(ref, 'Bilateral lower zone bronchiectasis. Bronchial wall thickening is also seen.');
    expect(e.errors.false_findings).toEqual([]);
    expect(e.errors.attribute_errors).toEqual([]);
    expect(e.matched_findings).toHaveLength(2);
    expect(score(ref, 'Bilateral lower zone bronchiectasis. Bronchial wall thickening is also seen.')).toBe(1);
    // the other way round: the reference lists the sign, the candidate reads the finding from it
    expect(judge('Bilateral lower zone bronchiectasis. Bronchial wall thickening is also seen.', ref).errors.missing_findings).toEqual([]);
  });

  it('the lighter alternative of a differential is the matched reading, not an invented finding', () => {
    const e = judge('Right lower lobe pneumonia.', 'Right lower lobe opacity, which may represent atelectasis or pneumonia.');
    expect(e.errors.false_findings).toEqual([]);
    // what is left is the hedge on the pneumonia, graded
    expect(e.errors.attribute_errors.map((a) => a.error_types[0])).toEqual(['certainty']);
  });

  it('a weightier alternative raises a possibility that changes management: an error of that finding', () => {
    const ref = 'Left basal opacity, likely atelectasis.';
    const e = judge(ref, 'Left basal opacity, atelectasis versus pneumonia.');
    expect(e.errors.false_findings).toEqual([]);
    expect(e.errors.attribute_errors.filter((a) => a.severity === 'significant').map((a) => a.error_types[0])).toEqual(['overinterpretation']);
    expect(score(ref, 'Left basal opacity, atelectasis versus pneumonia.')).toBeLessThan(score(ref, 'Left basal opacity, probably atelectasis.'));
  });

  it('an invented differential is one false finding, weighed as its weightiest reading', () => {
    const normal = 'No acute cardiopulmonary abnormality.';
    const e = judge(normal, 'Left basal opacity, possibly atelectasis or early pneumonia.');
    expect(e.predicted_findings).toHaveLength(1);
    // described with both readings ("pneumonia (or atelectasis)", or the sign with its differential)
    expect(e.predicted_findings[0]).toMatchObject({ clinical_significance: 'actionable_not_urgent', finding: expect.stringMatching(/atelectasis/) });
    expect(e.predicted_findings[0]!.finding).toMatch(/pneumonia/);
    expect(e.errors.false_findings).toHaveLength(1);
    expect(score(normal, 'Left basal opacity, possibly atelectasis or early pneumonia.')).toBe(score(normal, 'Possible left basal pneumonia.'));
  });

  it('a second, wrong reading of an airspace opacity already matched is an error of that finding, not a false finding', () => {
    const ref = 'Patchy right upper zone opacity after the collision, likely contusion.';
    const twice = 'Right upper zone opacity. Consolidation in the right upper zone, ?aspiration.';
    const e = judge(ref, twice);
    expect(e.errors.false_findings).toEqual([]);
    expect(e.errors.attribute_errors.map((a) => a.error_types[0])).toContain('overinterpretation');
    // worse than naming only the opacity, better than putting the contusion on the wrong side
    expect(score(ref, twice)).toBeLessThan(score(ref, 'Right upper zone opacity.'));
    expect(score(ref, twice)).toBeGreaterThan(0);
    // on the other side it is no reading of that opacity
    expect(judge(ref, 'Right upper zone opacity. Consolidation in the left upper zone, ?aspiration.').errors.false_findings).toHaveLength(1);
  });
});

describe('crimson:lexicon attributes over every mention of a finding', () => {
  it('a change stated on the sign, named apart from its interpretation, is stated for the finding', () => {
    const ref = 'New interstitial opacities in the left lower zone, possibly transient tachypnoea of the newborn.';
    const split = 'Transient tachypnoea of the newborn is possible. New interstitial opacities in the left lower zone.';
    expect(judge(ref, split).predicted_findings).toHaveLength(2); // the extractor keeps them apart here
    expect(score(ref, split)).toBe(1);
    expect(score(ref, 'Transient tachypnoea of the newborn is possible. Interstitial opacities in the left lower zone.')).toBeLessThan(1);
  });
});

describe('crimson:lexicon findings of a report', () => {
  it('a bilateral summary of findings already described side by side is no third finding', () => {
    const ref = 'Large left pleural effusion. Trace right pleural effusion. Impression: large left and trace right pleural effusions.';
    const e = judge(ref, 'Large left pleural effusion.');
    expect(e.reference_findings.map((f) => f.finding).join(' | ')).not.toMatch(/bilateral/);
    expect(e.errors.missing_findings).toHaveLength(1); // the right one only
    // a bilateral finding stated alone stays one finding
    expect(judge('Bilateral pleural effusions.', 'Bilateral pleural effusions.').reference_findings).toHaveLength(1);
  });
});

describe('crimson:lexicon findings nothing matched', () => {
  it('a sign named beside the finding read from it is one false finding, not two', () => {
    const e = judge('Normal chest radiograph.', 'Mild peribronchial thickening, may reflect viral illness or reactive airways disease.');
    expect(e.errors.false_findings).toHaveLength(1);
    // and one missing finding when the reference holds them
    expect(judge('Mild peribronchial thickening, may reflect viral illness.', 'Normal chest radiograph.').errors.missing_findings).toHaveLength(1);
  });
});

describe('crimson:lexicon a benign finding read as one to act on', () => {
  it('is a false finding, not a free match: an incidental granuloma sent for CT scores below leaving it out', () => {
    const ref = 'Calcified granuloma in the right mid zone. Otherwise normal.';
    const nodule = 'Right mid zone nodule; recommend CT chest for characterisation.';
    const e = judge(ref, nodule);
    expect(e.matched_findings).toEqual([]);
    expect(e.errors.false_findings).toEqual(['P1']);
    expect(score(ref, nodule)).toBeLessThan(score(ref, 'Normal chest radiograph.'));
  });

  it('an old healed fracture called acute, or an acute one called healed, is not the same finding', () => {
    expect(judge('Old healed right clavicle fracture.', 'Acute fracture of the right clavicle.').matched_findings).toEqual([]);
    expect(judge('Acute fracture of the right clavicle.', 'Old healed right clavicle fracture.').errors.missing_findings).toEqual(['R1']);
  });
  it('a second, vaguer or more specific, mention of a finding neither report places is that finding, not a false one', () => {
    const ref = 'Cardiomegaly. Interstitial pulmonary oedema. Small bilateral pleural effusions.';
    const cand = 'Cardiomegaly. Upper lobe venous diversion and interstitial oedema. Small bilateral effusions.';
    expect(judge(ref, cand).errors.false_findings).toEqual([]);
    expect(score(ref, cand)).toBe(1);
  });

  it('a weightier second reading of a matched finding is an error of that finding, not a free restatement', () => {
    const e = judge('Median sternotomy wires are intact.', 'Median sternotomy wires. Sternal dehiscence with wire displacement.');
    expect(e.errors.false_findings).toEqual([]);
    expect(e.errors.attribute_errors.map((a) => [a.error_types[0], a.severity])).toEqual([['overinterpretation', 'significant']]);
  });
});
