/**
 * Issue 12, eleventh session: a sign named by a verb does not take the place of the finding before it; "behind the heart"
 * is the retrocardiac region; calcified granulomas described in their own sentence stay findings beside an old TB summary.
 */
import { describe, expect, it } from 'vitest';
import { one, seen } from './_helpers.js';

describe('a sign written as a verb', () => {
  it.each([
    ['There is an airspace opacity in the right middle lobe silhouetting the right heart border.', 'right', ['middle lobe']],
    ['Opacity in the left lower lobe silhouetting the left hemidiaphragm.', 'left', ['lower lobe']],
  ])('%s', (text, side, location) => {
    expect(one(text, 'lung opacity')).toMatchObject({ side, location, evidence: ['silhouette sign'] });
  });

  it('the sign and its interpretation in the impression are one finding', () => {
    const text = 'Airspace opacity in the right middle lobe silhouetting the right heart border.\nIMPRESSION: Right middle lobe pneumonia.';
    expect(seen(text)).toEqual(['pneumonia:present:right']);
  });

  it('a noun use keeps its own modifiers', () => {
    expect(one('Right basilar silhouetting of the hemidiaphragm.', 'silhouette sign')?.side).toBe('right');
  });
});

describe('behind the heart', () => {
  it('is the retrocardiac region, on the left', () => {
    expect(one('Opacity behind the heart.', 'lung opacity')).toMatchObject({ side: 'left', location: ['retrocardiac'] });
  });

  it('the double density of an enlarged left atrium keeps its name', () => {
    expect(seen('There is a double density behind the heart.')).toEqual(['left atrial enlargement:present']);
  });
});

describe('granulomas beside a summary of old tuberculosis', () => {
  it('stay a finding when described in a sentence of their own', () => {
    const text = 'Right apical fibrosis with volume loss. Scattered calcified granulomas in the right upper zone.\nConclusion: Old TB, no active disease.';
    expect(seen(text)).toEqual(['granuloma:present:right', 'healed tuberculosis:present:right']);
  });

  it('stated with the old infection in one sentence, they are its evidence', () => {
    expect(seen('Calcified granuloma in the left lower zone with a calcified left hilar node, compatible with a Ranke complex.')).toEqual(['healed tuberculosis:present:left']);
  });
});

describe('a foreign body lodged in a lumen', () => {
  it.each([
    ['Coin lodged in the proximal esophagus at the thoracic inlet.', 'esophagus'],
    ['Coin-shaped foreign body projecting over the upper abdomen, likely in the stomach.', 'stomach'],
    ['Metallic foreign body in the right main bronchus.', 'right mainstem bronchus'],
  ])('%s', (text, position) => {
    const f = one(text, 'foreign body');
    expect(f?.devicePosition).toBe(position);
    expect(f?.devicePlacement).toBeUndefined();
  });

  it('metal lodged in the airway is urgent; bullet fragments in the chest wall are not', () => {
    expect(one('Metallic foreign body in the right main bronchus.', 'foreign body')?.significance).toBe('urgent');
    expect(one('Bullet fragments in the left chest wall.', 'foreign body')?.significance).toBe('actionable_not_urgent');
  });
});

describe('body cavities are not cavitating lesions', () => {
  it.each([
    'Right chest tube in place; its side hole lies outside the thoracic cavity in the lateral chest wall.',
    'Free fluid in the abdominal cavity.',
  ])('%s', (text) => {
    expect(seen(text).some((s) => s.startsWith('cavitary lesion'))).toBe(false);
  });

  it('a cavity in the lung still is one', () => {
    expect(seen('Thick-walled cavity in the right upper lobe.')).toEqual(['cavitary lesion:present:right']);
  });
});
