/**
 * The lexicon judge against the CRIMSON guideline's rules (METRICS §1.5), one rule at a time, with
 * examples written for this test.
 */
import { describe, expect, it } from 'vitest';
import { judgeByLexicon } from '../../../src/metrics/crimson/lexicon-judge.js';
import { computeCrimsonScore } from '../../../src/metrics/crimson/score.js';

const judge = (reference: string, candidate: string, context: Record<string, string | number> = {}) => judgeByLexicon(reference, candidate, context).evaluation;
const score = (reference: string, candidate: string) => computeCrimsonScore(judge(reference, candidate)).crimson_score;
/** [type, severity] of every attribute error. */
const graded = (reference: string, candidate: string) => judge(reference, candidate).errors.attribute_errors.map((a) => [a.error_types[0], a.severity]);
/** Matched, with no false and no missing finding. */
const matchedOnly = (reference: string, candidate: string) => {
  const e = judge(reference, candidate);
  return e.matched_findings.length > 0 && e.errors.false_findings.length === 0 && e.errors.missing_findings.length === 0;
};

describe('crimson:lexicon follows METRICS §1.5', () => {
  describe('a vaguer or more specific term in the same place is a match with a graded error', () => {
    it('opacity for pneumonia: unspecific, significant', () => {
      expect(matchedOnly('Left lower lobe pneumonia.', 'Patchy left lower lobe opacity.')).toBe(true);
      expect(graded('Left lower lobe pneumonia.', 'Patchy left lower lobe opacity.')).toEqual([['unspecific', 'significant']]);
    });
    it('an urgent reading of a sign the reference reads as expected is significant, whatever the pair\'s own grade', () => {
      const ctx = { age: 66, indication: 'Ten days after left pneumonectomy.' };
      const e = judge('Left pneumonectomy. The mediastinum is shifted to the left, as expected.', 'Left pneumonectomy. Mediastinal shift to the left. Falling fluid level, concerning for a bronchopleural fistula.', ctx);
      expect(e.errors.attribute_errors.filter((a) => a.error_types[0] === 'overinterpretation').map((a) => a.severity)).toEqual(['significant']);
    });
    it('consolidation for pneumonia: unspecific, negligible (full credit)', () => {
      expect(graded('Left upper lobe pneumonia.', 'Left upper lobe consolidation.')).toEqual([['unspecific', 'negligible']]);
      expect(score('Left upper lobe pneumonia.', 'Left upper lobe consolidation.')).toBe(1);
    });
    it('infiltrate for pneumonia: negligible, where a bare opacity is significant', () => {
      expect(graded('Right middle lobe pneumonia.', 'Right middle lobe infiltrate.')).toEqual([['unspecific', 'negligible']]);
      expect(graded('Right middle lobe pneumonia.', 'Right middle lobe opacity.')).toEqual([['unspecific', 'significant']]);
    });
    it('edema for vascular congestion (this project\'s pair): one finding, graded significant', () => {
      expect(matchedOnly('Mild pulmonary vascular congestion.', 'Pulmonary edema.')).toBe(true);
      expect(graded('Mild pulmonary vascular congestion.', 'Pulmonary edema.')).toEqual([['overinterpretation', 'significant']]);
    });
    it('edema for consolidation: overinterpretation, significant, not a false plus a missing finding', () => {
      expect(matchedOnly('Bilateral perihilar consolidation.', 'Pulmonary edema.')).toBe(true);
      expect(graded('Bilateral perihilar consolidation.', 'Pulmonary edema.')).toEqual([['overinterpretation', 'significant']]);
    });
  });

  it('one reference finding may match several predictions: a second, vaguer mention in its place is no false finding', () => {
    // the extractor reads a basilar sign and a lower lobe interpretation as one finding (CONVENTIONS §35)
    const e = judge('Left lower lobe pneumonia.', 'Hazy left basilar opacity. Left lower lobe pneumonia.');
    expect(e.matched_findings.map((m) => m.ref_id)).toEqual(['R1']);
    expect(e.errors.false_findings).toEqual([]);
    const sides = judge('Bilateral pleural effusions.', 'Small right pleural effusion. Small left pleural effusion.');
    expect(sides.matched_findings.map((m) => m.ref_id)).toEqual(['R1', 'R1']);
    expect(sides.errors.false_findings).toEqual([]);
    expect(score('Left lower lobe pneumonia.', 'Hazy left basilar opacity. Left lower lobe pneumonia.')).toBe(1);
    // elsewhere it is another finding
    expect(judge('Left lower lobe pneumonia.', 'Left lower lobe pneumonia. Left upper lobe opacity.').errors.false_findings).toEqual(['P2']);
  });

  describe('nodule and mass', () => {
    it('across the 3 cm line: a match with one significant measurement error', () => {
      expect(matchedOnly('2.6 cm nodule in the right lower lobe.', '3.3 cm mass in the right lower lobe.')).toBe(true);
      expect(graded('2.6 cm nodule in the right lower lobe.', '3.3 cm mass in the right lower lobe.')).toEqual([['measurement', 'significant']]);
      expect(graded('4.5 cm left upper lobe mass.', '2.5 cm left upper lobe nodule.')).toEqual([['measurement', 'significant']]);
    });
    it('without sizes, a mass for a nodule is an overinterpretation', () => {
      expect(graded('Right lower lobe nodule.', 'Right lower lobe mass.')).toEqual([['overinterpretation', 'significant']]);
    });
  });

  it('descriptor: margins, solid vs ground-glass, simple vs complex are significant; stated once is no error', () => {
    expect(graded('Spiculated 2 cm nodule in the right upper lobe.', 'Well-circumscribed 2 cm nodule in the right upper lobe.')).toEqual([['descriptor', 'significant']]);
    expect(graded('Solid nodule in the left lower lobe.', 'Ground-glass nodule in the left lower lobe.')).toEqual([['descriptor', 'significant']]);
    expect(graded('Loculated right pleural effusion.', 'Simple right pleural effusion.')).toEqual([['descriptor', 'significant']]);
    // acute against old and healed: one to act on against a benign one, two findings (match.ts `ok`), not a descriptor
    expect(matchedOnly('Acute right 5th rib fracture.', 'Old healed right 5th rib fracture.')).toBe(false);
    expect(graded('Loculated right pleural effusion.', 'Right pleural effusion.')).toEqual([]);
    // a descriptor of a neighbour in the same sentence is not the finding's own
    expect(graded('Calcified granuloma and a left upper lobe nodule.', 'Left upper lobe nodule, noncalcified.')).toEqual([]);
  });

  it('measurement margins: 2 mm under 6 mm, 4 mm from 6 mm, 20 % for masses', () => {
    expect(graded('5 mm nodule in the left lower lobe.', '7 mm nodule in the left lower lobe.')).toEqual([]);
    expect(graded('5 mm nodule in the left lower lobe.', '7.5 mm nodule in the left lower lobe.')).toEqual([['measurement', 'significant']]);
    expect(graded('12 mm nodule in the left lower lobe.', '16 mm nodule in the left lower lobe.')).toEqual([]);
    expect(graded('12 mm nodule in the left lower lobe.', '16.5 mm nodule in the left lower lobe.')).toEqual([['measurement', 'significant']]);
    expect(graded('4 cm mass in the right upper lobe.', '4.8 cm mass in the right upper lobe.')).toEqual([]);
    expect(graded('4 cm mass in the right upper lobe.', '4.9 cm mass in the right upper lobe.')).toEqual([['measurement', 'significant']]);
  });

  it("a device's tip distance is read for its verdict: two well-placed depths differ negligibly, a malposition is no match", () => {
    expect(graded('Endotracheal tube tip 4 cm above the carina.', 'Endotracheal tube tip 5 cm above the carina.')).toEqual([['measurement', 'negligible']]);
    expect(matchedOnly('Endotracheal tube tip 4 cm above the carina.', 'Endotracheal tube tip 0.5 cm above the carina.')).toBe(false);
  });

  it('significance follows the course the report states (METRICS §1.5): an old healed fracture omitted costs nothing, an acute one does', () => {
    const context = { age: 84, indication: 'Fall, left chest wall pain' };
    const old = judge('Old healed fractures of the right 6th and 7th ribs. No pneumothorax.', 'No pneumothorax.', context);
    expect(old.reference_findings.map((f) => f.clinical_significance)).toEqual(['benign_expected']);
    const acute = judge('Acute fractures of the left 5th and 6th ribs. No pneumothorax.', 'No pneumothorax.', context);
    expect(acute.reference_findings.map((f) => f.clinical_significance)).toEqual(['actionable_not_urgent']);
  });

  describe('only lobar words make a collapse lobar', () => {
    it('a collapse at the base is atelectasis (not actionable), matched to atelectasis without error', () => {
      const e = judge('Streaky collapse at the right base.', 'Right basilar atelectasis.');
      expect(e.reference_findings).toEqual([{ id: 'R1', finding: 'right base atelectasis', clinical_significance: 'not_actionable_not_urgent' }]);
      expect(score('Streaky collapse at the right base.', 'Right basilar atelectasis.')).toBe(1);
    });
    it('a collapse of a lobe or a lung stays lobar collapse, and atelectasis for it is a significant unspecific error', () => {
      expect(judge('Collapse of the left lower lobe.', 'No acute process.').reference_findings[0]!.finding).toBe('left lower lobe lobar collapse');
      expect(judge('Complete collapse of the left lung.', 'No acute process.').reference_findings[0]!.finding).toMatch(/lobar collapse/);
      expect(graded('Collapse of the left lower lobe.', 'Left basilar atelectasis.')).toEqual([['unspecific', 'significant']]);
    });
  });

  describe('a malpositioned device loses its credit when the candidate misses the malposition', () => {
    const ref = 'Enteric tube with its tip coiled in the upper esophagus.';
    it('reported as well placed: missed (urgent) and false, below leaving the tube out', () => {
      const e = judge(ref, 'Enteric tube in satisfactory position.');
      expect(e.errors.missing_findings).toEqual(['R1']);
      expect(e.errors.false_findings).toEqual(['P1']);
      expect(score(ref, 'Enteric tube in satisfactory position.')).toBeLessThan(score(ref, 'No acute cardiopulmonary process.'));
    });
    it('named without its position: a significant location error', () => {
      expect(graded(ref, 'An enteric tube is present.')).toEqual([['location', 'significant']]);
      expect(score(ref, 'An enteric tube is present.')).toBeLessThan(score(ref, 'Enteric tube coiled in the upper esophagus.'));
    });
  });

  it('certainty: a hedge added or removed is significant for an actionable finding; hedges of one strength are no error', () => {
    expect(graded('Right pneumothorax.', 'Possible right pneumothorax.')).toEqual([['certainty', 'significant']]);
    expect(graded('Likely right lower lobe pneumonia.', 'Possible right lower lobe pneumonia.')).toEqual([['certainty', 'significant']]);
    expect(graded('Likely left lower lobe atelectasis.', 'Probable left lower lobe atelectasis.')).toEqual([]);
  });

  it('DEPARTURE (README): "suggestive of" (2) against "compatible with" (3) weighs as the finding does', () => {
    expect(graded('Left basilar opacity suggestive of pneumonia.', 'Left basilar opacity compatible with pneumonia.')).toEqual([['certainty', 'significant']]);
  });

  it('temporal: a missing or wrong new / worsening is an error, a missing stable is not', () => {
    expect(graded('Enlarging right pleural effusion.', 'Right pleural effusion.')).toEqual([['temporal', 'significant']]);
    expect(graded('New left pneumothorax.', 'Left pneumothorax.')).toEqual([['temporal', 'significant']]);
    expect(graded('New small left pleural effusion.', 'Enlarging small left pleural effusion.')).toEqual([['temporal', 'significant']]);
    expect(graded('Stable small left pleural effusion.', 'Small left pleural effusion.')).toEqual([]);
    // an improvement is a change too (treatment response), read like the guideline's listed changes
    expect(graded('Interval decrease of the moderate right pleural effusion.', 'Moderate right pleural effusion.')).toEqual([['temporal', 'significant']]);
    expect(graded('Small left pleural effusion.', 'Small left pleural effusion.')).toEqual([]);
    // significant whatever the finding weighs: a new or shrinking atelectasis left unsaid
    expect(graded('New right basal atelectasis.', 'Right basal atelectasis.')).toEqual([['temporal', 'significant']]);
    expect(graded('Right basal atelectasis, decreased since the prior film.', 'Right basal atelectasis.')).toEqual([['temporal', 'significant']]);
    expect(graded('Stable right basal atelectasis.', 'Right basal atelectasis.')).toEqual([]);
  });

  it('DEPARTURE (README): a course against the reference\'s (worse for better, a change for none) is a false and a missed finding', () => {
    const e = judge('New small left pleural effusion.', 'Unchanged small left pleural effusion.');
    expect([e.matched_findings, e.errors.false_findings, e.errors.missing_findings]).toEqual([[], ['P1'], ['R1']]);
  });

  describe('location', () => {
    it('the wrong side of a device or of a displacement is a significant location error', () => {
      expect(graded('Left chest drain in situ.', 'Right chest drain in situ.')).toEqual([['location', 'significant']]);
      expect(graded('Mediastinal shift to the left.', 'Mediastinal shift to the right.')).toEqual([['location', 'significant']]);
    });
    it('DEPARTURE (README): a lung, pleural or bone lesion on the wrong side is a false and a missed finding', () => {
      const e = judge('Displaced fractures of the left 4th and 5th ribs.', 'Displaced fractures of the right 4th and 5th ribs.');
      expect(e.matched_findings).toEqual([]);
      expect([e.errors.false_findings, e.errors.missing_findings]).toEqual([['P1'], ['R1']]);
      // below a report that names the lesion on its side with the wrong grade
      expect(score('Moderate left pleural effusion.', 'Moderate right pleural effusion.')).toBeLessThan(score('Moderate left pleural effusion.', 'Small left pleural effusion.'));
    });
    it('adjacent zones are negligible, zones that do not touch significant', () => {
      expect(graded('Right mid zone opacity.', 'Right lower zone opacity.')).toEqual([['location', 'negligible']]);
      expect(graded('Right upper zone opacity.', 'Right lower zone opacity.')).toEqual([['location', 'significant']]);
      // significant whatever the finding weighs: §1.5 gives the level
      expect(graded('Left upper zone atelectasis.', 'Left lower zone atelectasis.')).toEqual([['location', 'significant']]);
      expect(graded('Left mid zone atelectasis.', 'Left lower zone atelectasis.')).toEqual([['location', 'negligible']]);
    });
    it('lobes that do not touch are significant whatever the finding weighs; the two left lobes touch', () => {
      expect(graded('Right upper lobe atelectasis.', 'Right lower lobe atelectasis.')).toEqual([['location', 'significant']]);
      // adjacent lobes weigh as the finding does (the DEPARTURE below): negligible for atelectasis
      expect(graded('Left upper lobe atelectasis.', 'Left lower lobe atelectasis.')).toEqual([['location', 'negligible']]);
      expect(graded('Right middle lobe atelectasis.', 'Right lower lobe atelectasis.')).toEqual([['location', 'negligible']]);
    });
    it('the lingula is part of the left upper lobe: no error', () => {
      expect(graded('Lingular consolidation.', 'Left upper lobe consolidation.')).toEqual([]);
    });
    it('DEPARTURE (README): two different lobes of an actionable finding are significant, adjacent or not', () => {
      expect(graded('Right middle lobe consolidation.', 'Right lower lobe consolidation.')).toEqual([['location', 'significant']]);
      expect(graded('Left lower lobe consolidation.', 'Left upper lobe consolidation.')).toEqual([['location', 'significant']]);
    });
  });

  it('severity: a grade that changes management is significant, small vs tiny is not', () => {
    expect(graded('Small left pneumothorax.', 'Large left pneumothorax.')).toEqual([['severity', 'significant']]);
    expect(graded('Small left pleural effusion.', 'Tiny left pleural effusion.')).toEqual([]);
  });
});
