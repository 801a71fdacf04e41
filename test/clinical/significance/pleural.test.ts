/** METRICS §1.5 rules for pleural fluid, blood and air, through significanceOf with a finding's attributes and cues. */
import { describe, expect, it } from 'vitest';
import { significanceOf, type FindingAttributes } from '../../../src/clinical/significance.js';

const sig = (name: string, context: Record<string, string | number>, f: Partial<FindingAttributes> = {}) =>
  significanceOf(name, context, { status: 'present', ...f }).significance;
const small = { severity: 'mild', severityText: 'small' } as const;

describe('pleural rules (METRICS §1.5)', () => {
  it('a massive effusion is urgent; a large one stays actionable', () => {
    expect(sig('pleural effusion', { age: 66, indication: 'Breathless for weeks' }, { severity: 'severe', severityText: 'massive' })).toBe('urgent');
    expect(sig('pleural effusion', { age: 66, indication: 'Breathless for weeks' }, { severity: 'severe', severityText: 'large' })).toBe('actionable_not_urgent');
    // one being drained away is shrinking
    expect(sig('pleural effusion', { age: 66 }, { severity: 'severe', severityText: 'massive', temporal: 'decreased' })).not.toBe('urgent');
  });

  it('a pneumothorax in lungs with chronic disease is secondary: urgent whatever its size, unless resolving', () => {
    expect(sig('pneumothorax', { age: 71, indication: 'Emphysema, sudden breathlessness' }, small)).toBe('urgent');
    expect(sig('pneumothorax', { age: 24, indication: 'Cystic fibrosis, pleuritic pain' }, small)).toBe('urgent');
    expect(sig('pneumothorax', { age: 71, indication: 'Emphysema, drain day 2' }, { ...small, temporal: 'decreased' })).not.toBe('urgent');
    // asked about, not known; and healthy lungs keep the size rule
    expect(sig('pneumothorax', { age: 50, indication: 'Breathless, ?COPD' }, small)).toBe('actionable_not_urgent');
    expect(sig('pneumothorax', { age: 22, indication: 'Tall thin man, sudden chest pain' }, small)).toBe('actionable_not_urgent');
  });

  it('blood in the pleural space after injury or an operation is urgent unless small', () => {
    expect(sig('hemothorax', { age: 30, indication: 'Fell off a roof' })).toBe('urgent');
    expect(sig('hemothorax', { age: 30, indication: 'Fell off a roof' }, { status: 'uncertain' })).toBe('urgent');
    expect(sig('hemothorax', { age: 70, indication: 'Post AVR day 1, dropping Hb' }, { severity: 'moderate', severityText: 'moderate' })).toBe('urgent');
    expect(sig('hemothorax', { age: 30, indication: 'Fell off a roof' }, small)).toBe('actionable_not_urgent');
  });

  it('a small effusion only suspected is not acted on, unless after trauma or with fever', () => {
    expect(sig('pleural effusion', { age: 80, indication: 'Confusion' }, { ...small, status: 'uncertain' })).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 80, indication: 'Confusion' }, small)).toBe('actionable_not_urgent');
    expect(sig('pleural effusion', { age: 40, indication: 'Kicked by a horse' }, { ...small, status: 'uncertain' })).toBe('actionable_not_urgent');
    expect(sig('pleural effusion', { age: 80, indication: 'Febrile, rigors' }, { ...small, status: 'uncertain' })).toBe('actionable_not_urgent');
  });

  it('a small effusion on a film taken for a line or device is incidental; in heart failure it is part of it', () => {
    expect(sig('pleural effusion', { age: 70, indication: 'Right subclavian line inserted, check position' }, small)).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 70, indication: 'PPM implanted today' }, small)).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 70, indication: 'Cardiogenic shock, balloon pump placed' }, small)).toBe('actionable_not_urgent');
    expect(sig('pleural effusion', { age: 70, indication: 'Right subclavian line inserted, check position' }, { severity: 'moderate', severityText: 'moderate' })).toBe('actionable_not_urgent');
  });

  it('an ungraded effusion on a ventilated patient is the small layering kind', () => {
    expect(sig('pleural effusion', { age: 60, indication: 'Ventilated on ITU, routine film' })).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 60, indication: 'Ventilated on ITU, rising CRP ?pneumonia' })).toBe('actionable_not_urgent');
  });

  it('subcutaneous air at a drain or wound site, or regressing, is expected; extensive air is not', () => {
    expect(sig('subcutaneous emphysema', { age: 30, indication: 'Knife wound right flank' }, { cues: { localSite: true } })).toBe('not_actionable_not_urgent');
    expect(sig('subcutaneous emphysema', { age: 30, indication: 'Knife wound right flank' })).toBe('actionable_not_urgent');
    expect(sig('subcutaneous emphysema', { age: 30, indication: 'Crush injury, ventilated' }, { temporal: 'decreased' })).toBe('not_actionable_not_urgent');
    expect(sig('subcutaneous emphysema', { age: 30 }, { cues: { localSite: true }, severity: 'severe', severityText: 'extensive' })).toBe('actionable_not_urgent');
  });

  it('a hydropneumothorax after a tap or drain is an anticipated complication; otherwise urgent', () => {
    expect(sig('hydropneumothorax', { age: 75, indication: 'Pleural aspiration of 1 L yesterday' })).toBe('actionable_not_urgent');
    expect(sig('hydropneumothorax', { age: 75, indication: 'Pleural aspiration of 1 L yesterday' }, { temporal: 'increased' })).toBe('urgent');
    expect(sig('hydropneumothorax', { age: 75, indication: 'Sudden breathlessness' })).toBe('urgent');
  });

  it('a loculated collection or an empyema being drained is still treated until only a small remnant is left', () => {
    expect(sig('pleural effusion', { age: 70, indication: 'Empyema, pigtail drain day 3' }, { temporal: 'decreased' })).toBe('actionable_not_urgent');
    expect(sig('pleural effusion', { age: 70, indication: 'Pigtail drain day 3' }, { temporal: 'decreased', cues: { loculated: true } })).toBe('actionable_not_urgent');
    expect(sig('pleural effusion', { age: 70, indication: 'Empyema, pigtail drain day 3' }, { ...small, temporal: 'decreased' })).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 70, indication: 'Pigtail drain day 3' }, { temporal: 'decreased' })).toBe('not_actionable_not_urgent');
  });

  it('an effusion drained down to "small to moderate" is what drainage leaves', () => {
    const range = { severity: 'moderate', severityText: 'moderate', temporal: 'decreased', cues: { fromSmall: true } } as const;
    expect(sig('pleural effusion', { age: 70, indication: 'Pleural tap yesterday' }, range)).toBe('not_actionable_not_urgent');
    expect(sig('pleural effusion', { age: 70, indication: 'Pleural tap yesterday' }, { ...range, cues: {} })).toBe('actionable_not_urgent');
  });

  it('a pneumothorax in a ventilated patient is urgent, even a small one', () => {
    expect(sig('pneumothorax', { age: 50, indication: 'Intubated for head injury' }, small)).toBe('urgent');
    expect(sig('pneumothorax', { age: 50, indication: 'Walk-in, pleuritic pain' }, small)).toBe('actionable_not_urgent');
  });
});
