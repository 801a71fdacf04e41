/**
 * A diagnosis kept beside its signs or absorbing them (CONVENTIONS §4, the fifth session's measurement): the airspace
 * diagnoses and tuberculosis take their stated signs as evidence; pneumoconiosis and mesothelioma keep the plaques,
 * thickening, effusion and reticulation beside them, as the labels of every set list those apart.
 */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';

const brief = (t: string) => extractFindings(t).filter((f) => f.status !== 'absent').map((f) => `${f.name}${f.evidence ? ` <- ${f.evidence.join(', ')}` : ''}`);

describe('a diagnosis stated of its signs is one finding', () => {
  it.each([
    ['Several ill-defined nodular opacities in the left apex, suggestive of reactivation tuberculosis.', ['tuberculosis <- nodule']],
    ['Patchy airspace opacity in the right upper zone - ? tuberculosis.', ['tuberculosis <- lung opacity']],
    ['Dense consolidation of both lower lobes, in keeping with acute chest syndrome.', ['acute chest syndrome <- consolidation']],
    ['Diffuse bilateral airspace opacities, compatible with ARDS.', ['ards <- lung opacity']],
    ['Ill-defined opacity in the left mid zone after the fall, likely contusion.', ['pulmonary contusion <- lung opacity']],
  ])('%s', (text, expected) => {
    expect(brief(text)).toEqual(expected);
  });

  it('the sign restated in the impression under the diagnosis is the same finding', () => {
    const text = 'Findings: Nodular opacities in the right upper lobe.\nImpression: Right upper lobe tuberculosis, probably active.';
    expect(brief(text)).toEqual(['tuberculosis <- nodule']);
  });
});

describe('diagnoses that keep their findings beside them', () => {
  it('a cavity stays a finding of its own beside tuberculosis', () => {
    expect(brief('Thick-walled cavity in the right upper lobe, likely tuberculosis.')).toEqual(['cavitary lesion', 'tuberculosis']);
  });

  it('plaques and reticulation stay beside pneumoconiosis', () => {
    expect(brief('Calcified pleural plaques and basal reticulation, consistent with asbestosis.')).toEqual(['pleural plaques', 'interstitial opacities', 'pneumoconiosis']);
  });

  it('pleural thickening stays beside mesothelioma', () => {
    expect(brief('Nodular left pleural thickening, suspicious for mesothelioma.')).toEqual(['pleural thickening', 'mesothelioma']);
  });
});
