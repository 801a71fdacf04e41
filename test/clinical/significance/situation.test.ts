/** The patient's situation read from the indication: recent operations, drains, trauma, known conditions. */
import { describe, expect, it } from 'vitest';
import { afterOperation, readSituation } from '../../../src/clinical/significance/situation.js';

const ops = (indication: string) => [...readSituation({ indication }).recentOperations].sort();

describe('readSituation', () => {
  it('places an operation in the present admission after s/p, post, POD or day N', () => {
    expect(ops('POD 2 s/p CABG, chest tubes removed')).toEqual(['cardiac']);
    expect(ops('Post AVR day 3, SOB')).toEqual(['cardiac']);
    expect(ops('CABG 5 days ago, pyrexial')).toEqual(['cardiac']);
    expect(ops('Post R upper lobectomy day 2')).toEqual(['thoracic']);
    expect(ops('Status post left upper lobe wedge resection')).toEqual(['thoracic']);
    expect(ops('Hypoxia post laparotomy day 1')).toEqual(['abdominal']);
    expect(ops('Post op day 3, hypoxia')).toEqual(['other']);
  });

  it('does not read history, months-old operations, ICU or neonatal days, or procedures that are not operations', () => {
    expect(ops('History of CABG and AVR, SOB')).toEqual([]);
    expect(ops('Chest pain, previous CABG')).toEqual([]);
    expect(ops('Bilateral lung transplant 3 months ago, fever')).toEqual([]);
    expect(ops('Ventilated ICU day 5, rising CRP')).toEqual([]);
    expect(ops('Day 2, term baby, grunting')).toEqual([]);
    expect(ops('Post pacemaker insertion, check')).toEqual([]);
    expect(ops('Post cardiac arrest, intubated in ED')).toEqual([]);
    expect(afterOperation(readSituation({}))).toBe(false);
  });

  it('reads pleural procedures, telling an intercostal drain (ICD) from a defibrillator', () => {
    expect(readSituation({ indication: 's/p right thoracentesis, r/o pneumothorax' }).pleuralProcedure).toBe(true);
    expect(readSituation({ indication: 'Loculated effusion, pigtail placed' }).pleuralProcedure).toBe(true);
    expect(readSituation({ indication: 'Left sided pleural effusion, ICD inserted yesterday' }).pleuralProcedure).toBe(true);
    expect(readSituation({ indication: 'Ventricular tachycardia, s/p ICD' }).pleuralProcedure).toBe(false);
    expect(readSituation({ indication: 'CHF exacerbation, ICD' }).pleuralProcedure).toBe(false);
  });

  it('reads trauma and known conditions that explain findings', () => {
    expect(readSituation({ indication: 'RTA, motorcyclist, R chest pain' }).trauma).toBe(true);
    expect(readSituation({ indication: 'Fever, productive cough' }).trauma).toBe(false);
    expect([...readSituation({ indication: 'Sarcoidosis, annual review' }).known]).toEqual(['sarcoidosis']);
    expect([...readSituation({ indication: 'Treated pulmonary TB, review' }).known]).toContain('old tuberculosis');
    expect([...readSituation({ indication: 'Weight loss, ?TB' }).known]).toEqual([]);
    expect([...readSituation({ indication: 'RUL lobectomy 3 months ago, follow-up' }).known]).toEqual(['lung resection']);
  });

  it('reads conditions the indication states, not those it asks about', () => {
    const known = (indication: string) => [...readSituation({ indication }).known];
    expect(known('Old case of Koch\'s, treated, now cough')).toContain('old tuberculosis');
    expect(known('Post ATT completed 3 years back, review')).toContain('old tuberculosis');
    expect(known('Chronic cough. Previous PTB treated 2011.')).toContain('old tuberculosis');
    expect(known('Foundry worker 25 years, breathless')).toEqual(['mineral dust exposure']);
    expect(known('Known pulmonary arterial hypertension, review')).toEqual(['pulmonary hypertension']);
    expect(known('Renal carcinoma, restaging')).toEqual(['known cancer']);
    expect(known('Right middle lobe pneumonia, follow-up after antibiotics')).toContain('treated infection');
    // a question is not a known condition: the finding answers it
    expect(known('Uveitis, hilar nodes? Sarcoidosis?')).toEqual([]);
    expect(known('Smoker, weight loss, ?malignancy')).toEqual([]);
    expect(known('r/o pneumonia')).toEqual([]);
  });

  it('reads a film taken for a line, tube or device, and heart failure', () => {
    const device = (indication: string) => readSituation({ indication }).deviceProcedure;
    expect(device('Left subclavian line inserted, check position')).toBe(true);
    expect(device('Post PPM implantation this morning')).toBe(true);
    expect(device('NG tube check')).toBe(true);
    expect(device('Intubated in theatre for airway protection')).toBe(true);
    expect(device('Fever and cough')).toBe(false);
    expect(device('Pacemaker in situ, dizzy')).toBe(false);
    expect(readSituation({ indication: 'Decompensated heart failure, SOB' }).heartFailure).toBe(true);
    expect(readSituation({ indication: 'Known ICC for empyema, review' }).pleuralProcedure).toBe(true);
    expect(readSituation({ indication: 'Ventilated on ITU day 4' }).ventilated).toBe(true);
    expect(readSituation({ indication: 'Out of hospital arrest, CPR 15 min' }).resuscitation).toBe(true);
  });

  it('reads the age and sex keys as significanceOf does', () => {
    expect(readSituation({ PatientAge: '072Y', PatientSex: 'F' })).toMatchObject({ age: 72, sex: 'F' });
    expect(readSituation({ age: '90 or older' }).age).toBe(90);
  });
});
