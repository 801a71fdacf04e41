/** METRICS §1.5 course and situation rules, through significanceOf with a finding's attributes and cues. */
import { describe, expect, it } from 'vitest';
import { significanceOf, type FindingAttributes } from '../../../src/clinical/significance.js';

const present: FindingAttributes = { status: 'present' };
const sig = (name: string, context: Record<string, string | number>, f: Partial<FindingAttributes> = {}) => significanceOf(name, context, { ...present, ...f }).significance;

describe('course rules (METRICS §1.5)', () => {
  it('an old healed fracture is benign, even after a fall; in a young child it is not', () => {
    expect(sig('rib fracture', { age: 88, indication: 'Fall, hip fracture' }, { cues: { chronicity: 'healed' } })).toBe('benign_expected');
    expect(sig('clavicle fracture', { age: 52 }, { cues: { chronicity: 'healed' } })).toBe('benign_expected');
    expect(sig('rib fracture', { age: 88, indication: 'Fall, hip fracture' })).toBe('actionable_not_urgent');
    expect(sig('rib fracture', { age: 0.25, indication: 'bruising, ?NAI' }, { cues: { chronicity: 'healing' } })).toBe('urgent');
    expect(sig('rib fracture', { age: 40 }, { cues: { chronicity: 'healing' } })).toBe('not_actionable_not_urgent');
  });

  it('a new or growing pericardial effusion, even suspected, is urgent; a stable or small one is not', () => {
    expect(sig('pericardial effusion', { age: 70 }, { status: 'uncertain', temporal: 'increased' })).toBe('urgent');
    expect(sig('pericardial effusion', { age: 45 }, { temporal: 'new' })).toBe('urgent');
    expect(sig('pericardial effusion', { age: 70 }, { temporal: 'unchanged' })).not.toBe('urgent');
    expect(sig('pericardial effusion', { age: 70 }, { status: 'uncertain' })).not.toBe('urgent');
  });

  it('a hiatus hernia that has grown is worked up; a stable one is not', () => {
    expect(sig('hiatal hernia', { age: 80 }, { severity: 'severe', temporal: 'increased' })).toBe('actionable_not_urgent');
    expect(sig('hiatal hernia', { age: 80 }, { severity: 'severe', temporal: 'unchanged' })).toBe('not_actionable_not_urgent');
  });

  it('segmental rib fractures (a flail segment) are urgent', () => {
    expect(sig('rib fracture', { age: 42, indication: 'RTA, motorcyclist' }, { cues: { flail: true } })).toBe('urgent');
    expect(sig('rib fracture', { age: 42, indication: 'RTA, motorcyclist' })).toBe('actionable_not_urgent');
  });

  it('a wedge compression in an older patient is osteoporotic: assessed after a fall, benign when unchanged', () => {
    expect(sig('vertebral compression fracture', { age: 86, indication: 'Fall, back pain' })).toBe('actionable_not_urgent');
    expect(sig('vertebral compression fracture', { age: 30, indication: 'Fall from height' })).toBe('urgent');
    expect(sig('vertebral compression fracture', { age: 85, indication: 'Dementia, ?chest infection' })).toBe('not_actionable_not_urgent');
    expect(sig('vertebral compression fracture', { age: 88 }, { temporal: 'unchanged' })).toBe('benign_expected');
    expect(sig('vertebral compression fracture', { age: 85 }, { temporal: 'new' })).toBe('actionable_not_urgent');
  });

  it('a small, stable or shrinking effusion is not actionable; a moderate or growing one is', () => {
    const small = { severity: 'mild', severityText: 'small' } as const;
    expect(sig('pleural effusion', { age: 77, indication: 'Post CABG day 1' }, small)).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 67, indication: 's/p thoracentesis' }, { temporal: 'decreased' })).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 72 }, { ...small, temporal: 'unchanged' })).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 72 }, { ...small, temporal: 'decreased' })).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 72, indication: 'Fever, cough' }, small)).toBe('actionable_not_urgent');
    // expected in a ventilated patient, unless the question is infection
    expect(sig('pleural effusion', { age: 64, indication: 'ICU, intubated, daily film' }, small)).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 69, indication: 'Ventilated ICU day 5, rising CRP, ?VAP' }, small)).toBe('actionable_not_urgent');
    expect(sig('pleural effusion', { age: 70, indication: 'POD 4 s/p CABG' }, { severity: 'moderate', severityText: 'moderate', temporal: 'increased' })).toBe('actionable_not_urgent');
    expect(sig('pleural effusion', { age: 72 }, { severity: 'moderate', severityText: 'moderate', temporal: 'decreased' })).toBe('actionable_not_urgent');
    // in a child an unexplained effusion weighs more (§1.5): an operation outside the chest does not explain it
    expect(sig('pleural effusion', { age: 6, indication: 'Post-op day 1 appendicectomy' }, small)).toBe('actionable_not_urgent');
  });

  it('after trauma a moderate or large effusion may be a haemothorax: urgent; a small one stays actionable', () => {
    expect(sig('pleural effusion', { indication: 'Stab wound left chest' }, { severity: 'moderate', severityText: 'moderate' })).toBe('urgent');
    expect(sig('pleural effusion', { indication: 'Stab wound left chest' }, { severity: 'mild', severityText: 'small' })).toBe('actionable_not_urgent');
    expect(sig('pleural effusion', { indication: 'Dyspnoea' }, { severity: 'moderate', severityText: 'moderate' })).toBe('actionable_not_urgent');
  });

  it('subcutaneous air is expected after an operation or drain unless it grows or is extensive', () => {
    expect(sig('subcutaneous emphysema', { indication: 'R pneumothorax s/p pigtail' })).toBe('not_actionable_not_urgent');
    expect(sig('subcutaneous emphysema', { indication: 'Post chest tube placement' }, { severity: 'severe', severityText: 'extensive', temporal: 'increased' })).toBe('actionable_not_urgent');
    expect(sig('subcutaneous emphysema', { indication: 'Stab wound to left chest' })).toBe('actionable_not_urgent');
  });

  it('after cardiac surgery a mildly wide mediastinum and heart are expected; without surgery widening is urgent', () => {
    expect(sig('widened mediastinum', { indication: 'Post CABG day 1' }, { severity: 'mild', severityText: 'mild' })).toBe('not_actionable_not_urgent');
    expect(sig('cardiomegaly', { indication: 'Post AVR day 3' }, { severity: 'mild', severityText: 'mild' })).toBe('not_actionable_not_urgent');
    expect(sig('widened mediastinum', { indication: 'Chest pain radiating to the back' })).toBe('urgent');
    expect(sig('widened mediastinum', { indication: 'Hypoxia' }, { cues: { expected: true } })).toBe('not_actionable_not_urgent');
  });

  it('air outside the lung stays followed after an operation even when the report calls it expected', () => {
    expect(sig('pneumomediastinum', { indication: 'Post-op day 1 heart transplant' }, { severity: 'mild', severityText: 'minimal', cues: { expected: true } })).toBe('actionable_not_urgent');
    expect(sig('pneumothorax', { indication: 's/p left lower lobectomy POD 1' }, { severity: 'mild', severityText: 'small' })).toBe('not_actionable_not_urgent');
    expect(sig('pneumothorax', { indication: 'Line placement' }, { severity: 'mild', severityText: 'small' })).toBe('actionable_not_urgent');
  });

  it('a stable chronic finding is not actionable; stable urgent findings are not lowered', () => {
    expect(sig('cardiomegaly', { age: 72 }, { temporal: 'unchanged' })).toBe('not_actionable_not_urgent');
    expect(sig('cardiomegaly', { age: 72 })).toBe('actionable_not_urgent');
    expect(sig('pneumothorax', {}, { temporal: 'unchanged' })).toBe('urgent');
    expect(sig('widened mediastinum', {}, { temporal: 'unchanged' })).toBe('urgent');
    expect(sig('nodule', {}, { temporal: 'unchanged' })).toBe('actionable_not_urgent');
  });

  it('a finding the indication explains is less significant, unless it is new or worse', () => {
    expect(sig('hilar lymphadenopathy', { indication: 'Sarcoidosis, annual review' })).toBe('not_actionable_not_urgent');
    expect(sig('hilar lymphadenopathy', { indication: 'Sarcoidosis' }, { temporal: 'increased' })).toBe('actionable_not_urgent');
    expect(sig('tracheal deviation', { indication: 'Treated pulmonary TB, review' })).toBe('not_actionable_not_urgent');
    expect(sig('cardiomegaly', { indication: 'LVAD, SOB' })).toBe('not_actionable_not_urgent');
    expect(sig('hilar lymphadenopathy', { indication: 'Weight loss, haemoptysis' })).toBe('actionable_not_urgent');
  });

  it('a chronic finding that is new or progressing is worked up', () => {
    expect(sig('fibrosis', {}, { temporal: 'worsened' })).toBe('actionable_not_urgent');
    expect(sig('elevated hemidiaphragm', {}, { temporal: 'new' })).toBe('actionable_not_urgent');
    expect(sig('fibrosis', {})).toBe('not_actionable_not_urgent');
  });

  it('old post-surgical changes and spinal curvature are benign at 65 and over, not in the present admission', () => {
    expect(sig('sternotomy wires', { age: 80, indication: 'Chest pain, previous CABG' })).toBe('benign_expected');
    expect(sig('kyphosis', { age: 90 })).toBe('benign_expected');
    expect(sig('sternotomy wires', { age: 77, indication: 'Post CABG day 1' })).toBe('not_actionable_not_urgent');
    expect(sig('sternotomy wires', { age: 56, indication: 'Chronic dyspnea, remote CABG' })).toBe('not_actionable_not_urgent');
  });
});

describe('course rules of this session (METRICS §1.5: expected, explained, almost gone)', () => {
  it('a heart at the upper limit of normal needs no action; an enlarging one still does', () => {
    expect(sig('cardiomegaly', { age: 70 }, { status: 'uncertain', cues: { borderline: true } })).toBe('not_actionable_not_urgent');
    expect(sig('cardiomegaly', { age: 70 }, { status: 'uncertain', temporal: 'increased', cues: { borderline: true } })).toBe('actionable_not_urgent');
  });

  it('a process that has almost resolved needs no new action; air outside the lung is lowered to actionable only; a mass is still followed', () => {
    expect(sig('pneumonia', { age: 50 }, { temporal: 'improved', cues: { nearlyResolved: true } })).toBe('not_actionable_not_urgent');
    expect(sig('pneumothorax', { age: 50 }, { temporal: 'improved', cues: { nearlyResolved: true } })).toBe('actionable_not_urgent');
    expect(sig('mass', { age: 50 }, { temporal: 'decreased', cues: { nearlyResolved: true } })).toBe('actionable_not_urgent');
  });

  it('a small effusion after an operation is expected in a child too (after a paediatric heart operation); an unexplained one is not', () => {
    expect(sig('pleural effusion', { age: 2, indication: 'Day 2 after ASD repair' }, { severity: 'mild' })).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 0.4, indication: 'post Norwood, day 5' }, { severity: 'mild' })).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 3, indication: 'Fever and cough' }, { severity: 'mild' })).toBe('actionable_not_urgent');
  });

  it('an enlarged cardiothymic silhouette in an infant is worked up like any enlarged heart', () => {
    expect(sig('cardiomegaly', { age: 0.1 })).toBe('actionable_not_urgent');
  });

  it('a finding stated absent is nothing to act on, whatever the finding', () => {
    expect(significanceOf('pneumothorax', {}, { status: 'absent' })).toEqual({ significance: 'not_actionable_not_urgent', rule: 'stated absent: nothing to act on' });
  });
});

describe('course rules through the public extractor (the report words carry the cues)', () => {
  it('reads healed, stable and expected from the report text', async () => {
    const { extractFindings } = await import('../../../src/clinical/report/index.js');
    const get = (text: string, context: Record<string, string | number>, name: string) => extractFindings(text, { context }).find((f) => f.name === name);
    expect(get('Old healed fractures of the right 6th and 7th ribs. No pneumothorax.', { age: 90, indication: 'Fall, R chest pain' }, 'rib fracture')).toMatchObject({ significance: 'benign_expected', significanceRule: expect.stringMatching(/healed/) });
    expect(get('Acute fractures of the right 6th and 7th ribs.', { age: 90, indication: 'Fall, R chest pain' }, 'rib fracture')?.significance).toBe('actionable_not_urgent');
    expect(get('Stable mild cardiomegaly.', { age: 75 }, 'cardiomegaly')?.significance).toBe('not_actionable_not_urgent');
    expect(get('Mild widening of the cardiomediastinal silhouette is expected postoperatively.', { age: 58, indication: 's/p CABG, post-op check' }, 'widened mediastinum')?.significance).toBe('not_actionable_not_urgent');
  });

  it('an enlarged heart stated plainly that nothing in the indication explains is urgent (§1.5); explained, graded or hedged it is not', () => {
    const plain = (indication: string, f: Partial<FindingAttributes> = {}) => sig('cardiomegaly', { age: 80, indication }, f);
    expect(plain('Fall, hip fracture, pre-op')).toBe('urgent');
    expect(plain('Known heart failure, breathless')).toBe('actionable_not_urgent');
    expect(plain('On haemodialysis, review')).toBe('actionable_not_urgent');
    expect(plain('Fall, hip fracture, pre-op', { severity: 'mild', severityText: 'mild' })).toBe('actionable_not_urgent');
    expect(plain('Fall, hip fracture, pre-op', { cues: { caveat: true } })).toBe('actionable_not_urgent');
    expect(plain('Fall, hip fracture, pre-op', { temporal: 'unchanged' })).toBe('not_actionable_not_urgent');
    expect(plain('Fall, hip fracture, pre-op', { status: 'uncertain' })).not.toBe('urgent');
  });

  it('a whole lobe collapsed in a young child is reviewed; a subsegmental band is not', () => {
    expect(sig('atelectasis', { age: 2, indication: 'Bronchiolitis' }, { cues: { lobar: true } })).toBe('actionable_not_urgent');
    expect(sig('atelectasis', { age: 2, indication: 'Bronchiolitis' })).toBe('not_actionable_not_urgent');
    expect(sig('atelectasis', { age: 50 }, { cues: { lobar: true } })).toBe('not_actionable_not_urgent');
  });

  it('a finding called chronic needs no new action; a markedly raised hemidiaphragm nothing explains is worked up', () => {
    expect(sig('interstitial opacities', { age: 84, indication: 'Fall' }, { cues: { chronic: true } })).toBe('not_actionable_not_urgent');
    expect(sig('interstitial opacities', { age: 84, indication: 'Fall' }, { cues: { chronic: true }, temporal: 'increased' })).toBe('actionable_not_urgent');
    expect(sig('elevated hemidiaphragm', { age: 60, indication: 'Breathless on exertion' }, { severity: 'severe', severityText: 'markedly' })).toBe('actionable_not_urgent');
    expect(sig('elevated hemidiaphragm', { age: 60, indication: 'Post left lower lobectomy day 2' }, { severity: 'severe', severityText: 'markedly' })).toBe('not_actionable_not_urgent');
    expect(sig('elevated hemidiaphragm', { age: 60, indication: 'Breathless on exertion' })).toBe('not_actionable_not_urgent');
  });

  it('a metal fragment outside the chest or left after an operation is actionable; one in an injured chest stays urgent', () => {
    expect(sig('foreign body', { age: 25, indication: 'Shot in the thigh and flank' }, { cues: { fragment: true, outsideChest: true } })).toBe('actionable_not_urgent');
    expect(sig('foreign body', { age: 60, indication: 'Day 1 after valve surgery' }, { cues: { fragment: true } })).toBe('actionable_not_urgent');
    expect(sig('foreign body', { age: 25, indication: 'Shotgun injury to the chest' }, { cues: { fragment: true } })).toBe('urgent');
    expect(sig('foreign body', { age: 3, indication: 'Choked on a toy' })).toBe('urgent');
  });

  it('a possible nipple shadow is a nodule until repeated; mediastinal air after vomiting is urgent, after CPR a little is not', () => {
    expect(sig('nipple shadow', { age: 50 }, { cues: { hedged: true } })).toBe('actionable_not_urgent');
    expect(sig('nipple shadow', { age: 50 })).toBe('benign_expected');
    expect(sig('pneumomediastinum', { age: 40, indication: 'Retching all night, now chest pain' })).toBe('urgent');
    expect(sig('pneumomediastinum', { age: 70, indication: 'Cardiac arrest, 20 minutes of CPR' }, { severity: 'mild', severityText: 'small' })).toBe('actionable_not_urgent');
  });

  it('free air after an abdominal operation is expected unless it grows', () => {
    expect(sig('pneumoperitoneum', { age: 70, indication: 'Day 2 after right hemicolectomy' })).toBe('not_actionable_not_urgent');
    expect(sig('pneumoperitoneum', { age: 70, indication: 'Day 2 after right hemicolectomy' }, { temporal: 'increased' })).not.toBe('not_actionable_not_urgent');
    expect(sig('pneumoperitoneum', { age: 70, indication: 'Acute abdominal pain' })).toBe('urgent');
  });
});
