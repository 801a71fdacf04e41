import { describe, expect, it } from 'vitest';
import { judgeByLexicon } from '../../../../src/metrics/crimson/lexicon-judge.js';
import { tipGrade } from '../../../../src/metrics/crimson/lexicon/devices.js';
import { computeCrimsonScore } from '../../../../src/metrics/crimson/score.js';

const judge = (reference: string, candidate: string) => judgeByLexicon(reference, candidate).evaluation;
const score = (reference: string, candidate: string) => computeCrimsonScore(judge(reference, candidate)).crimson_score;
const tips = (reference: string, candidate: string) =>
  judge(reference, candidate).errors.attribute_errors.filter((a) => a.explanation.startsWith('tip')).map((a) => a.severity);

describe('crimson:lexicon device tips (METRICS §1.5: the tip is a location; a malposition is urgent)', () => {
  it('grades two tips by where the device belongs', () => {
    expect(tipGrade('central venous catheter', 'svc', 'cavoatrial junction')).toBe('negligible');
    expect(tipGrade('central venous catheter', 'svc', 'brachiocephalic vein')).toBe('significant');
    // one wrong place named two ways, against two different wrong places
    expect(tipGrade('enteric tube', 'airway', 'right mainstem bronchus')).toBe('negligible');
    expect(tipGrade('endotracheal tube', 'at carina', 'right mainstem bronchus')).toBe('significant');
  });

  it('a short line called satisfactory in the SVC is a significant tip error', () => {
    const ref = 'Left subclavian central line with its tip in the left brachiocephalic vein.';
    expect(tips(ref, 'Left subclavian central line with its tip in the SVC.')).toEqual(['significant']);
    expect(score(ref, 'Left subclavian central line with its tip in the SVC.')).toBeLessThan(1);
  });

  it('the same tip is one statement however each report words its verdict', () => {
    const ref = 'Left internal jugular line with the tip in the left brachiocephalic vein.';
    const cand = 'Left IJ line, short, with the tip in the left brachiocephalic vein.';
    const e = judge(ref, cand);
    expect(e.errors.false_findings).toEqual([]);
    expect(e.errors.missing_findings).toEqual([]);
    expect(score(ref, cand)).toBe(1);
  });

  it('a tube at the carina is not a tube in a main bronchus', () => {
    const ref = 'Endotracheal tube tip in the right main bronchus.';
    expect(tips(ref, 'Endotracheal tube tip at the carina.')).toEqual(['significant']);
  });

  it('two depths of a well-placed tube are not a measurement error of their own when equal', () => {
    const e = judge('ETT tip 5 cm above the carina.', 'ETT 5 cm above carina.');
    expect(e.errors.attribute_errors).toEqual([]);
  });
});

describe('crimson:lexicon device tips where the device belongs', () => {
  it('a tip named where the device belongs holds two tips: the verdicts tell them apart', () => {
    const ref = 'Pulmonary artery catheter tip in the right lower lobe pulmonary artery, too distal; recommend retraction.';
    const e = judge(ref, 'Swan-Ganz catheter tip in the main pulmonary artery, satisfactory.');
    expect(e.matched_findings).toEqual([]);
    expect(e.errors.missing_findings).toEqual(['R1']);
  });
});

describe('crimson:lexicon: where a lodged foreign body lies (issue 12, eleventh session)', () => {
  it('the airway, the oesophagus and the stomach are different places; the airway holds its bronchi', () => {
    expect(tipGrade('foreign body', 'esophagus', 'trachea')).toBe('significant');
    expect(tipGrade('foreign body', 'esophagus', 'stomach')).toBe('significant');
    expect(tipGrade('foreign body', 'airway', 'right mainstem bronchus')).toBe('negligible');
  });

  it('a coin called tracheal where the reference puts it in the oesophagus loses credit; the same place keeps it', () => {
    const ref = 'Round radiopaque foreign body at the thoracic inlet, compatible with a coin in the proximal esophagus.';
    expect(tips(ref, 'Coin in the trachea at the thoracic inlet.')).toEqual(['significant']);
    expect(score(ref, 'Coin impacted in the proximal oesophagus.')).toBe(1);
    expect(score(ref, 'Coin in the trachea at the thoracic inlet.')).toBeLessThan(score(ref, 'Coin impacted in the proximal oesophagus.'));
  });
});
