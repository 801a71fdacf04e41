/** "X should be considered" after a sign of X is X possible, its interpretation (CONVENTIONS §4, §7); alone it asks for a work-up. */
import { describe, expect, it } from 'vitest';
import { brief } from '../_helpers.js';

const seen = (t: string): string[] => brief(t).map((x) => `${x.name}:${x.status}${x.probability ?? ''}:${x.laterality ?? '-'}:${(x.evidence ?? []).join('+') || '-'}`);

describe('a reading put forward for a sign', () => {
  it.each([
    ['Right lower zone opacity; pneumonia should be considered.', ['pneumonia:uncertain1:right:lung opacity']],
    ['Bilateral nodular opacities - miliary tuberculosis should be considered.', ['tuberculosis:uncertain1:bilateral:nodule']],
    ['New bilateral nodular opacities in a neutropenic patient - invasive fungal infection (e.g. aspergillosis) should be considered.', ['invasive fungal infection:uncertain1:bilateral:nodule']],
  ])('in its sentence: %s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });

  it('in the sentence after the sign', () => {
    expect(seen('Right lower zone opacity. Pneumonia should be considered.').filter((x) => x.startsWith('pneumonia'))).toEqual(['pneumonia:uncertain1:-:-']);
  });

  it('states no finding without a sign of it before', () => {
    expect(seen('Oesophageal perforation must be considered in this setting.')).toEqual([]);
    expect(seen('Small left pleural effusion. Malignancy should be considered.')).toEqual(['pleural effusion:present3:left:-']);
  });
});
