import { describe, expect, it } from 'vitest';
import { judgeByLexicon } from '../../../../src/metrics/crimson/lexicon-judge.js';
import { computeCrimsonScore } from '../../../../src/metrics/crimson/score.js';

const judge = (reference: string, candidate: string) => judgeByLexicon(reference, candidate).evaluation;
const score = (reference: string, candidate: string) => computeCrimsonScore(judge(reference, candidate)).crimson_score;
const unmatched = (reference: string, candidate: string) => {
  const e = judge(reference, candidate);
  return e.matched_findings.length === 0 && e.errors.false_findings.length > 0 && e.errors.missing_findings.length > 0;
};

describe('crimson:lexicon: a lesion named on the other side is another finding (match.ts wrongSide)', () => {
  it('lung, pleura and bone: a false finding where the candidate puts it, a missed one where it is', () => {
    expect(unmatched('Consolidation in the right lower lobe in keeping with pneumonia.', 'Consolidation in the left lower lobe in keeping with pneumonia.')).toBe(true);
    expect(unmatched('Large left pneumothorax.', 'Large right pneumothorax.')).toBe(true);
    expect(unmatched('Acute fracture of the right 9th rib.', 'Acute fracture of the left 9th rib.')).toBe(true);
  });

  it('scores below a report that names the lesion on its side with a wrong grade or a vaguer term', () => {
    const ref = 'Large left pneumothorax.';
    expect(score(ref, 'Large right pneumothorax.')).toBeLessThan(score(ref, 'Small left pneumothorax.'));
    const lobe = 'Right lower lobe pneumonia.';
    expect(score(lobe, 'Left lower lobe pneumonia.')).toBeLessThan(score(lobe, 'Hazy opacity at the right base.'));
  });

  it('each side of a bilateral finding still matches its part', () => {
    const e = judge('Small bilateral pleural effusions.', 'Small left pleural effusion. Small right pleural effusion.');
    expect([e.errors.false_findings, e.errors.missing_findings, e.errors.attribute_errors]).toEqual([[], [], []]);
  });

  it('a device, a displaced midline structure or an inhaled foreign body stays one finding with a location error', () => {
    for (const [ref, cand] of [
      ['Right internal jugular central venous catheter with tip in the SVC.', 'Left internal jugular central venous catheter with tip in the SVC.'],
      ['The trachea is deviated to the left.', 'The trachea is deviated to the right.'],
      ['Air trapping in the left lung, suspicious for an inhaled foreign body.', 'Air trapping in the right lung, suspicious for an inhaled foreign body.'],
    ] as const) {
      const e = judge(ref, cand);
      expect(e.errors.false_findings).toEqual([]);
      expect(e.errors.attribute_errors.map((a) => a.error_types[0])).toContain('location');
    }
  });
});

describe('crimson:lexicon: a shift stated beside a tension pneumothorax (match.ts moved)', () => {
  it('the shift one report lists apart is the sign the other read its tension from, whatever side it points to', () => {
    const ref = 'Large right pneumothorax with leftward mediastinal shift, concerning for tension.';
    const e = judge(ref, 'Large right pneumothorax with contralateral mediastinal shift, consistent with tension.');
    expect(e.errors.missing_findings).toEqual([]);
    expect(e.errors.false_findings).toEqual([]);
  });

  it('a pneumothorax on the other side is still another finding', () => {
    const e = judge('Large right pneumothorax with leftward mediastinal shift, concerning for tension.', 'Large left tension pneumothorax.');
    expect(e.errors.missing_findings.length).toBeGreaterThan(0);
  });
});
