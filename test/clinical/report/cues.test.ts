/**
 * Reading errors a new user found (doubt, adverbs inside negations, comparative hedges, headers
 * of one-line reports, costophrenic blunting...): each fixed as a rule of the language, tested
 * with examples written for this file, and through crimson:lexicon where the score was wrong.
 */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { formatFinding } from '../../../src/cli/commands/extract.js';
import { judgeByLexicon } from '../../../src/metrics/crimson/lexicon-judge.js';
import { computeCrimsonScore } from '../../../src/metrics/crimson/score.js';
import { one, seen } from './_helpers.js';

const crimson = (reference: string, candidate: string) => computeCrimsonScore(judgeByLexicon(reference, candidate).evaluation).crimson_score;

describe('doubt is a near-negation (CONVENTIONS §8)', () => {
  it.each([
    ['Pneumothorax is doubtful.', 'pneumothorax'],
    ['Doubt pneumothorax.', 'pneumothorax'],
    ['Doubtful left apical pneumothorax.', 'pneumothorax'],
    ['Small right effusion, doubtful.', 'pleural effusion'],
    ['A right upper lobe nodule is dubious.', 'nodule'],
    ['I doubt pneumonia.', 'pneumonia'],
  ])('%s', (text, name) => {
    expect(seen(text)).toEqual([]);
    expect(one(text, name)?.status).toBe('absent');
  });

  it('"no doubt" and "of doubtful significance" are not negations', () => {
    expect(one('No doubt a pneumothorax is present.', 'pneumothorax')?.status).toBe('present');
    expect(one('Tiny nodule of doubtful significance in the left lower lobe.', 'nodule')?.status).toBe('present');
  });

  it('questionable and equivocal stay possible (§7)', () => {
    expect(one('Pneumothorax is questionable.', 'pneumothorax')).toMatchObject({ status: 'uncertain', probability: 1 });
    expect(one('Equivocal right basilar consolidation.', 'consolidation')).toMatchObject({ status: 'uncertain', probability: 1 });
  });

  it('crimson:lexicon: a large pneumothorax against a doubtful one is not a perfect candidate', () => {
    expect(crimson('Pneumothorax is doubtful.', 'Large right pneumothorax.')).toBeLessThan(0.5);
    expect(crimson('Doubt pneumothorax.', 'No pneumothorax.')).toBe(1);
  });
});

describe('a negation split by an adverb stays a negation (CONVENTIONS §8)', () => {
  it.each([
    'Pneumothorax is not clearly seen.',
    'A pneumothorax is not definitely seen.',
    'Left pneumothorax is not well seen.',
    'Pneumothorax is not convincingly demonstrated.',
    'No definite pneumothorax.',
    'No clearly visible pneumothorax.',
    'Pleural effusion is not confidently identified.',
    'No effusion or pneumothorax is clearly identified.',
  ])('%s', (text) => {
    expect(seen(text)).toEqual([]);
    expect(extractFindings(text).length).toBeGreaterThan(0);
  });

  it('a hedge split by an adverb stays a hedge', () => {
    expect(one('Pneumonia cannot be definitely excluded.', 'pneumonia')).toMatchObject({ status: 'uncertain', probability: 1 });
  });

  it('the rest of the sentence keeps its own status', () => {
    expect(seen('A pneumothorax is not clearly identified, but a small left effusion is present.')).toEqual(['pleural effusion:present:left']);
  });

  it('"not well seen" of a heart border is still a silhouette sign', () => {
    expect(seen('The left heart border is not well seen.')).toEqual(['silhouette sign:present:left']);
  });

  it('crimson:lexicon: a pneumothorax not clearly seen is no pneumothorax', () => {
    expect(crimson('Pneumothorax is not clearly seen.', 'Large right pneumothorax.')).toBeLessThan(0.5);
    expect(crimson('Pneumothorax is not clearly seen.', 'No pneumothorax.')).toBe(1);
  });
});

describe('a header of a one-line report governs its own sentence (CONVENTIONS §31)', () => {
  it.each([
    'Comparison: None. Small left pleural effusion.',
    'Technique: PA and lateral. Small left pleural effusion.',
    'Clinical history: Cough and fever. Small left pleural effusion.',
    'Exam: Chest, two views. Small left pleural effusion.',
    'Study: Portable chest. Small left pleural effusion.',
    'COMPARISON: 3 days earlier. Small left pleural effusion. No pneumothorax.',
  ])('%s', (text) => {
    expect(seen(text)).toEqual(['pleural effusion:present:left']);
  });

  it('the header sentence itself stays skipped', () => {
    expect(seen('Indication: Pneumonia.')).toEqual([]);
    expect(seen('Clinical history: Pneumothorax after a fall. Lungs are clear.')).toEqual([]);
  });

  it('a skipped run ended on its line by Findings: stays skipped; so does advice', () => {
    expect(seen('History: Pneumonia. Cough. Findings: Small left pleural effusion.')).toEqual(['pleural effusion:present:left']);
    expect(seen('Small left pleural effusion. Advice: CT chest. Chest tube may be needed.')).toEqual(['pleural effusion:present:left']);
  });

  it('a header on its own line still governs that line only', () => {
    expect(seen('Comparison: Pneumonia on the prior. Cough.\nSmall left pleural effusion.')).toEqual(['pleural effusion:present:left']);
  });

  it('crimson:lexicon: the perfect candidate of a one-line report scores 1', () => {
    expect(crimson('Comparison: None. Small left pleural effusion.', 'Small left pleural effusion.')).toBe(1);
    expect(crimson('Technique: PA and lateral. Small left pleural effusion.', 'No effusion.')).toBeLessThan(0.5);
  });
});

describe('a comparative hedge favours one finding over the other (CONVENTIONS §7)', () => {
  const statuses = (text: string) => extractFindings(text).map((f) => [f.name, f.status, f.probability]);
  it.each([
    'Atelectasis more likely than pneumonia.',
    'Favor atelectasis over pneumonia.',
    'Atelectasis is favored over pneumonia.',
    'Findings are more likely atelectasis than pneumonia.',
    'Pneumonia is less likely than atelectasis.',
  ])('%s', (text) => {
    const got = statuses(text);
    expect(got).toContainEqual(['atelectasis', 'uncertain', 2]);
    expect(got).toContainEqual(['pneumonia', 'uncertain', 1]);
  });

  it('the sign before the comparison stays the favoured finding’s evidence', () => {
    expect(one('Left basilar opacity, more likely atelectasis than pneumonia.', 'atelectasis')).toMatchObject({
      status: 'uncertain', probability: 2, side: 'left', evidence: ['lung opacity'],
    });
    expect(one('Findings favor edema over pneumonia.', 'pulmonary edema')).toMatchObject({ status: 'uncertain', probability: 2 });
  });

  it('"over" and "than" without a comparative cue compare nothing', () => {
    expect(seen('Patchy opacity over the left lower lobe.')).toEqual(['lung opacity:present:left']);
    expect(one('Left effusion, larger than before.', 'pleural effusion')).toMatchObject({ status: 'present', temporal: 'increased' });
  });

  it('crimson:lexicon: stating the disfavoured one plainly is not a perfect candidate', () => {
    expect(crimson('Atelectasis more likely than pneumonia.', 'Pneumonia.')).toBeLessThan(1);
  });
});

describe('costophrenic angle blunting is a sign (CONVENTIONS §4)', () => {
  it('interpreted, it gives the interpretation its side', () => {
    expect(one('Blunting of the left costophrenic angle, which could reflect a small effusion.', 'pleural effusion')).toMatchObject({
      status: 'uncertain', probability: 1, side: 'left', severity: 'mild', evidence: ['costophrenic angle blunting'],
    });
    expect(one('Right CP angle is blunted, likely a small effusion.', 'pleural effusion')).toMatchObject({ status: 'uncertain', probability: 2, side: 'right' });
    expect(one('Mild blunting of the left CP angle - ? pleural thickening.', 'pleural thickening')).toMatchObject({ side: 'left', status: 'uncertain' });
  });

  it.each([
    ['Blunting of the left costophrenic angle.', 'costophrenic angle blunting:present:left'],
    ['Minimal blunting of rt CP angle.', 'costophrenic angle blunting:present:right'],
    ['The left costophrenic angle is blunted.', 'costophrenic angle blunting:present:left'],
    ['Blunted right costophrenic angle.', 'costophrenic angle blunting:present:right'],
  ])('alone, it is a sign finding: %s', (text, want) => {
    expect(seen(text)).toEqual([want]);
  });

  it('beside the effusion it is a sign of, it is not reported', () => {
    expect(seen('Small bilateral pleural effusions with blunting of the costophrenic angles.')).toEqual(['pleural effusion:present:bilateral']);
    expect(seen('Blunting of the right CP angle, small right haemothorax.')).toEqual(['hemothorax:present:right']);
    expect(seen('Costophrenic angles are sharp.')).toEqual([]);
  });

  it('crimson:lexicon: the wrong side is an error, blunting against an effusion is a match', () => {
    const ref = 'Blunting of the left costophrenic angle, which could reflect a small effusion.';
    expect(crimson(ref, 'Possible small left pleural effusion.')).toBe(1);
    expect(crimson(ref, 'Possible small right pleural effusion.')).toBeLessThan(1);
    expect(crimson('Blunting of the left costophrenic angle.', 'No acute cardiopulmonary process.')).toBeLessThan(1);
  });
});

describe('a tube tip distance is shown as where the tip lies, not as a size', () => {
  it('ETT 1 cm above the carina', () => {
    const ett = extractFindings('ETT 1 cm above the carina.').find((f) => f.name === 'endotracheal tube')!;
    expect(formatFinding(ett)).toContain('[tip 10 mm above carina; malpositioned]');
    expect(formatFinding(ett)).not.toContain('size');
  });
  it('a nodule keeps its size', () => {
    const nodule = extractFindings('8 mm nodule in the right upper lobe.').find((f) => f.name === 'nodule')!;
    expect(formatFinding(nodule)).toContain('size 8 mm');
  });
});

describe('a venous catheter tip is read by the catheter kind, the same for every catheter of it (CONVENTIONS §33)', () => {
  it.each([
    ['Right IJ catheter tip in the right atrium.', 'central venous catheter'],
    ['Left PICC tip in the right atrium.', 'picc'],
    ['Right chest port with catheter tip in the right atrium.', 'implanted port'],
    ['Right IJ tunneled dialysis catheter with tip in the right atrium.', 'dialysis catheter'],
    ['Left subclavian central line terminates at the cavoatrial junction.', 'central venous catheter'],
  ])('%s', (text, name) => {
    expect(one(text, name)).toMatchObject({ devicePlacement: 'appropriate', significance: 'not_actionable_not_urgent' });
  });

  it.each([
    ['Right IJ catheter tip in the right ventricle.', 'central venous catheter'],
    ['Left PICC tip in the right ventricle.', 'picc'],
    ['Right IJ catheter tip in the right atrium, should be withdrawn 2 cm.', 'central venous catheter'],
    ['Right chest port with catheter tip in the right atrium, deeper than ideal.', 'implanted port'],
  ])('%s is malpositioned', (text, name) => {
    // (how urgent a malposition is, the significance rules decide: a wrong depth is adjusted, not an emergency)
    expect(one(text, name)?.devicePlacement).toBe('malpositioned');
    expect(one(text, name)?.significance).not.toBe('not_actionable_not_urgent');
  });
});

describe('a side comparison against the earlier study is a change (CONVENTIONS §20)', () => {
  it.each([
    ['Small bilateral pleural effusions, larger on the left than previously.', 'increased'],
    ['Bilateral effusions, greater on the right than on the prior study.', 'increased'],
    ['Bilateral effusions, smaller on the left than before.', 'decreased'],
  ])('%s', (text, temporal) => {
    expect(one(text, 'pleural effusion')).toMatchObject({ side: 'bilateral', temporal });
  });
  it('left against right is no change', () => {
    expect(one('Bilateral effusions, larger on the left.', 'pleural effusion')?.temporal).toBeUndefined();
  });
});

describe('a "label: value" template gives the label its attributes (CONVENTIONS §19)', () => {
  it('Effusion: small, left.', () => {
    expect(one('Pneumothorax: none. Effusion: small, left.', 'pleural effusion')).toMatchObject({ status: 'present', side: 'left', severity: 'mild' });
    expect(one('Pneumothorax: none. Effusion: small, left.', 'pneumothorax')?.status).toBe('absent');
  });
  it.each([
    ['Pneumothorax: small apical, right.', 'pneumothorax', { side: 'right', location: ['apex'], severity: 'mild' }],
    ['Consolidation: right lower lobe.', 'consolidation', { side: 'right', location: ['lower lobe'] }],
    ['Effusion: new, moderate, right.', 'pleural effusion', { side: 'right', severity: 'moderate', temporal: 'new' }],
  ])('%s', (text, name, want) => {
    expect(one(text, name)).toMatchObject(want);
  });
  it('a value that names another finding, or the next clause, is not an attribute', () => {
    expect(seen('Effusion: small left; pneumothorax: none.')).toEqual(['pleural effusion:present:left']);
  });
  it('crimson:lexicon: the wrong side against a templated report is an error', () => {
    expect(crimson('Pneumothorax: none. Effusion: small, left.', 'Small left pleural effusion.')).toBe(1);
    expect(crimson('Pneumothorax: none. Effusion: small, left.', 'Small right pleural effusion.')).toBeLessThan(1);
  });
});

describe('a pleural finding treated by a sided drain in its sentence is on that side', () => {
  it('Interval placement of a left chest tube with near complete resolution of the pneumothorax.', () => {
    expect(one('Interval placement of a left chest tube with near complete resolution of the pneumothorax.', 'pneumothorax')).toMatchObject({
      status: 'present', side: 'left', temporal: 'improved',
    });
  });
  it('two drains, or a bilateral one, give no side', () => {
    expect(one('Bilateral chest tubes with small residual pneumothorax.', 'pneumothorax')?.side).toBeUndefined();
    expect(one('Left chest tube without pneumothorax.', 'pneumothorax')).toMatchObject({ status: 'absent' });
    expect(one('Left chest tube without pneumothorax.', 'pneumothorax')?.side).toBeUndefined();
  });
});
