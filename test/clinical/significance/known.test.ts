/** METRICS §1.5 "a finding the indication explains is less significant", through significanceOf. */
import { describe, expect, it } from 'vitest';
import { significanceOf, type FindingAttributes } from '../../../src/clinical/significance.js';

const sig = (name: string, indication: string, f: Partial<FindingAttributes> = {}) =>
  significanceOf(name, { age: 58, indication }, { status: 'present', ...f }).significance;

describe('findings a known condition explains', () => {
  it('enlarged, calcified hilar nodes in dust exposure, stated or asked about', () => {
    expect(sig('hilar lymphadenopathy', 'Coal miner 30 years, cough')).toBe('not_actionable_not_urgent');
    expect(sig('mediastinal lymphadenopathy', 'Sarcoid, clinic review')).toBe('not_actionable_not_urgent');
    // asked about, the finding answers the question; new, it is worked up
    expect(sig('hilar lymphadenopathy', 'Erythema nodosum ?sarcoidosis')).toBe('actionable_not_urgent');
    expect(sig('hilar lymphadenopathy', 'Coal miner 30 years, cough', { temporal: 'increased' })).toBe('actionable_not_urgent');
  });

  it('a known tumour unchanged on treatment; new, growing or shrinking it is still followed', () => {
    expect(sig('mass', 'Squamous cell carcinoma RUL on chemotherapy', { temporal: 'unchanged' })).toBe('not_actionable_not_urgent');
    expect(sig('sclerotic bone lesion', 'Prostate cancer with bone metastases, review', { temporal: 'unchanged' })).toBe('not_actionable_not_urgent');
    expect(sig('mass', 'Squamous cell carcinoma RUL on chemotherapy', { temporal: 'decreased' })).toBe('actionable_not_urgent');
    expect(sig('nodule', 'Melanoma, surveillance', { temporal: 'new' })).toBe('actionable_not_urgent');
    expect(sig('nodule', 'Chronic cough', { temporal: 'unchanged' })).toBe('actionable_not_urgent');
  });

  it('an infection under treatment that is improving; one that persists is reviewed', () => {
    expect(sig('pneumonia', 'Left basal pneumonia, on antibiotics, follow up', { temporal: 'improved' })).toBe('not_actionable_not_urgent');
    expect(sig('consolidation', 'Left basal pneumonia, on antibiotics, follow up', { temporal: 'improved', cues: { persisting: true } })).toBe('actionable_not_urgent');
    expect(sig('pneumonia', 'Left basal pneumonia, on antibiotics, follow up', { temporal: 'unchanged' })).toBe('actionable_not_urgent');
  });

  it('ARDS that is not worse, pulmonary arteries in known pulmonary hypertension, old tuberculosis as Koch\'s', () => {
    expect(sig('ards', 'ARDS, VV ECMO, daily film', { temporal: 'unchanged' })).toBe('not_actionable_not_urgent');
    expect(sig('consolidation', 'ARDS, VV ECMO, daily film', { temporal: 'new' })).toBe('actionable_not_urgent');
    expect(sig('enlarged pulmonary arteries', 'Pulmonary hypertension clinic')).toBe('not_actionable_not_urgent');
    expect(sig('enlarged pulmonary arteries', 'Interstitial lung disease, breathless')).toBe('actionable_not_urgent');
    expect(sig('tracheal deviation', "Old Koch's, haemoptysis")).toBe('not_actionable_not_urgent');
  });
});
