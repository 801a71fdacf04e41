/** Issue 12, seventh session (attrs): how mentions across a report become one finding, with its attributes. */
import { describe, expect, it } from 'vitest';
import { seen } from './_helpers.js';

describe('a sign in a zone is the finding its lobe is read as in another sentence', () => {
  it.each([
    ['Patchy opacity in the left lower zone.\nIMPRESSION: Left lower lobe pneumonia.', ['pneumonia:present:left']],
    ['Ill-defined consolidation at the right base. Heart normal.\nConclusion: RLL pneumonia.', ['pneumonia:present:right']],
    ['Hazy opacity in the right upper zone with a raised fissure.\nImpression: right upper lobe collapse.', ['lobar collapse:present:right']],
    ['Airspace shadowing in the left mid zone, obscuring the heart border. Impression: probable lingular pneumonia.', ['pneumonia:uncertain:left']],
  ])('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });

  it('keeps a sign in another zone apart from the lobe named', () => {
    expect(seen('Opacity in the right upper zone.\nImpression: right lower lobe pneumonia.')).toEqual(['lung opacity:present:right', 'pneumonia:present:right']);
  });

  it('reads a diffuse process named without a side as no sign of a one-sided finding', () => {
    expect(seen('Hyperexpanded lungs with paucity of upper zone vessels, consistent with emphysema. Large left apical bulla.')).toEqual([
      'emphysema:present:bilateral', 'bullae:present:left',
    ]);
  });
});
