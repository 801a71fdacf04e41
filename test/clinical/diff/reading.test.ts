import { describe, expect, it } from 'vitest';
import { clinicalDiff, comparedFinding, formatDiff, vagueGrade } from '../../../src/clinical/diff/index.js';
import { extractFindings } from '../../../src/clinical/extract/index.js';

const lines = (a: string, b: string) => formatDiff(clinicalDiff(a, b)).split('\n').filter(Boolean);
const compared = (text: string) => extractFindings(text).map((f) => comparedFinding(f, text).name);

describe('how a comparison reads findings (METRICS §1.5)', () => {
  it('a collapse naming no lobe, lung or completeness is atelectasis', () => {
    expect(compared('Streaky collapse at the right base.')).toEqual(['atelectasis']);
    expect(compared('Bibasilar subsegmental collapse.')).toEqual(['atelectasis']);
    expect(compared('Collapse of the right upper lobe.')).toEqual(['lobar collapse']);
    expect(compared('Left lower lobe collapse.')).toEqual(['lobar collapse']);
    expect(compared('Complete collapse of the left lung.')).toEqual(['lobar collapse']);
  });

  it('grades a vague name for a specific one from the guideline, then the lexicon', () => {
    expect(vagueGrade({ name: 'lung opacity', term: 'opacity' }, { name: 'pneumonia' })).toBe('significant');
    expect(vagueGrade({ name: 'lung opacity', term: 'infiltrates' }, { name: 'pneumonia' })).toBe('negligible');
    expect(vagueGrade({ name: 'consolidation' }, { name: 'pneumonia' })).toBe('negligible');
    expect(vagueGrade({ name: 'consolidation' }, { name: 'pulmonary edema' })).toBe('significant');
    expect(vagueGrade({ name: 'pleural effusion' }, { name: 'cardiomegaly' })).toBeUndefined();
  });
});

describe('clinicalDiff matches as the guideline does', () => {
  it('a vaguer or more specific name in the same place is one changed finding, not a removed and an added one', () => {
    expect(lines('Left lower lobe pneumonia.', 'Patchy left lower lobe opacity.')).toEqual(['finding: pneumonia -> lung opacity (left pneumonia) [actionable_not_urgent]']);
    expect(clinicalDiff('Left lower lobe pneumonia.', 'Patchy left lower lobe opacity.')).toHaveLength(1);
  });

  it('in another place they stay two findings', () => {
    expect(lines('Right upper lobe opacity.', 'Right lower lobe pneumonia.')).toEqual(['removed: right lung opacity [actionable_not_urgent]', 'added: right pneumonia (present) [actionable_not_urgent]']);
  });

  it('a nodule called a mass across 3 cm is one finding with its name and size changed', () => {
    expect(lines('2.6 cm nodule in the right lower lobe.', '3.3 cm mass in the right lower lobe.')).toEqual([
      'finding: nodule -> mass (right nodule) [actionable_not_urgent]',
      'measurement: 26 mm -> 33 mm (right nodule) [actionable_not_urgent]',
    ]);
  });

  it('a collapse at the base and basal atelectasis show no difference; a lobar collapse called atelectasis does', () => {
    expect(clinicalDiff('Streaky collapse at the right base.', 'Right basilar atelectasis.')).toEqual([]);
    expect(lines('Collapse of the right upper lobe.', 'Right upper lobe atelectasis.')).toEqual(['finding: lobar collapse -> atelectasis (right lobar collapse) [actionable_not_urgent -> not_actionable_not_urgent]']);
  });
});
