/** Significance with patient context: defaults, context rules, DICOM ages, devices, unknown names. */
import { describe, expect, it } from 'vitest';
import { getLexicon } from '../../src/clinical/lexicon/load.js';
import { parseAge, parseSex, significanceOf } from '../../src/clinical/significance.js';

describe('significanceOf', () => {
  it('returns the lexicon default without context', () => {
    expect(significanceOf('pneumothorax')).toEqual({ significance: 'urgent' });
    expect(significanceOf('granuloma')).toEqual({ significance: 'benign_expected' });
    expect(significanceOf('pleural effusion')).toEqual({ significance: 'actionable_not_urgent' });
  });

  it('has a default significance for every finding', () => {
    for (const f of getLexicon().findings) expect(significanceOf(f.name).significance).toBe(f.significance);
  });

  it('makes aortic atherosclerosis benign at 60+ and actionable under 40', () => {
    expect(significanceOf('aortic atherosclerosis', { age: 82 })).toMatchObject({ significance: 'benign_expected' });
    expect(significanceOf('aortic atherosclerosis', { PatientAge: '072Y' }).significance).toBe('benign_expected');
    expect(significanceOf('aortic atherosclerosis', { age: 25 })).toMatchObject({ significance: 'actionable_not_urgent', rule: expect.stringMatching(/40/) });
    expect(significanceOf('aortic atherosclerosis', { age: 50 })).toEqual({ significance: 'not_actionable_not_urgent' });
    expect(significanceOf('aortic atherosclerosis', {})).toEqual({ significance: 'not_actionable_not_urgent' });
  });

  it('makes degenerative changes benign in the elderly', () => {
    expect(significanceOf('degenerative changes', { age: '068Y' }).significance).toBe('benign_expected');
    expect(significanceOf('degenerative changes', { age: 45 }).significance).toBe('not_actionable_not_urgent');
  });

  it('reads the indication: pneumoperitoneum after surgery, rib fracture after trauma', () => {
    expect(significanceOf('pneumoperitoneum', { indication: 'POD 2 after laparotomy' }).significance).toBe('not_actionable_not_urgent');
    expect(significanceOf('pneumoperitoneum', { Indication: 'abdominal pain' }).significance).toBe('urgent');
    // METRICS §1.5: after trauma fractures are at least actionable; in a young child urgent; after CPR expected
    expect(significanceOf('rib fracture', { Indication: 'Fall from ladder, chest pain' })).toMatchObject({ significance: 'actionable_not_urgent', rule: expect.any(String) });
    expect(significanceOf('rib fracture', { age: 2, indication: 'irritable' }).significance).toBe('urgent');
    expect(significanceOf('rib fracture', { age: 70, indication: 'post cardiac arrest, CPR' }).significance).toBe('not_actionable_not_urgent');
    expect(significanceOf('rib fracture').significance).toBe('actionable_not_urgent');
    expect(significanceOf('granuloma', { indication: 'history of lung cancer' }).significance).toBe('not_actionable_not_urgent');
  });

  it('reads age bands (first matching rule wins), and osteopenia is not actionable at any age (METRICS §1.5)', () => {
    expect(significanceOf('degenerative changes', { age: 70, sex: 'F' }).significance).toBe('benign_expected');
    expect(significanceOf('degenerative changes', { age: 55, PatientSex: 'M' }).significance).toBe('not_actionable_not_urgent');
    expect(significanceOf('degenerative changes', { age: 25 }).significance).toBe('actionable_not_urgent');
    expect(significanceOf('osteopenia', { age: 75, sex: 'F' }).significance).toBe('not_actionable_not_urgent');
  });

  it('reads de-identified ages over 89 as ages', () => {
    for (const age of ['90 or older', '90+', '>89', 'over 89']) expect(significanceOf('aortic atherosclerosis', { age }).significance, age).toBe('benign_expected');
  });

  it('weighs size, grade and hedging (METRICS §1.5)', () => {
    expect(significanceOf('pneumothorax', {}, { status: 'present', severity: 'mild', severityText: 'small' }).significance).toBe('actionable_not_urgent');
    expect(significanceOf('pneumothorax', {}, { status: 'present', severity: 'severe', severityText: 'large' }).significance).toBe('urgent');
    expect(significanceOf('pleural effusion', {}, { status: 'present', severity: 'mild', severityText: 'trace' }).significance).toBe('not_actionable_not_urgent');
    expect(significanceOf('pleural effusion', {}, { status: 'present', severity: 'moderate', severityText: 'moderate' }).significance).toBe('actionable_not_urgent');
    expect(significanceOf('pericardial effusion', {}, { status: 'present', severity: 'severe', severityText: 'large' }).significance).toBe('urgent');
    expect(significanceOf('cardiomegaly', {}, { status: 'present' }).significance).toBe('actionable_not_urgent');
    expect(significanceOf('mediastinal shift', {}, { status: 'present' }).significance).toBe('urgent');
    expect(significanceOf('mediastinal shift', {}, { status: 'present', severity: 'mild', severityText: 'mild' }).significance).toBe('actionable_not_urgent');
  });

  it('reads paediatric and post-procedure context', () => {
    expect(significanceOf('lobar collapse', { age: 3 }).significance).toBe('urgent');
    expect(significanceOf('widened mediastinum', { age: 1 }).significance).toBe('not_actionable_not_urgent');
    expect(significanceOf('widened mediastinum', { age: 50, indication: 'chest pain' }).significance).toBe('urgent');
    expect(significanceOf('pneumomediastinum', { indication: 'POD 1 after CABG' }).significance).toBe('actionable_not_urgent');
  });

  it('makes a malpositioned tube urgent', () => {
    expect(significanceOf('endotracheal tube', { devicePlacement: 'malpositioned' }).significance).toBe('urgent');
    expect(significanceOf('endotracheal tube', { devicePlacement: 'appropriate' }).significance).toBe('not_actionable_not_urgent');
    expect(significanceOf('sternotomy wires', { devicePlacement: 'malpositioned' }).significance).toBe('not_actionable_not_urgent');
  });

  it('gives an unknown finding the default weight and says why', () => {
    expect(significanceOf('unicorn')).toEqual({ significance: 'not_actionable_not_urgent', rule: expect.stringMatching(/unknown finding/) });
  });

  it('ignores unreadable context values', () => {
    expect(significanceOf('aortic atherosclerosis', { age: 'unknown', sex: true, indication: 3 }).significance).toBe('not_actionable_not_urgent');
  });
});

describe('parseAge / parseSex', () => {
  it('reads numbers and DICOM age strings', () => {
    expect(parseAge(72)).toBe(72);
    expect(parseAge('072Y')).toBe(72);
    expect(parseAge('006M')).toBe(0.5);
    expect(parseAge('52W')).toBeCloseTo(1, 1);
    expect(parseAge('45 years')).toBe(45);
    expect(parseAge('abc')).toBeUndefined();
    expect(parseAge(-3)).toBeUndefined();
    expect(parseAge(true)).toBeUndefined();
  });

  it('reads M/F', () => {
    expect(parseSex('F')).toBe('F');
    expect(parseSex('Male')).toBe('M');
    expect(parseSex('O')).toBeUndefined();
    expect(parseSex(1)).toBeUndefined();
  });
});
