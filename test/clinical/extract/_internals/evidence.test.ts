import { describe, expect, it } from 'vitest';
import { brief, f } from '../_helpers.js';

const L = { laterality: 'left' } as const;
const R = { laterality: 'right' } as const;

describe('a mediastinal shift and what moved it (CONVENTIONS §25)', () => {
  it('stays a finding of its own beside a cause only suspected', () => {
    const out = brief('Dense left hemithorax with shift of the heart to the left, suspicious for complete collapse of the left lung.');
    expect(out.map((x) => x.name)).toEqual(['mediastinal shift', 'lobar collapse']);
    expect(out[0]).toMatchObject({ status: 'present', ...L });
    expect(out[1]!.evidence ?? []).not.toContain('mediastinal shift');
  });

  it('is the sign of a cause stated plainly', () => {
    const out = brief('Dense left hemithorax with shift of the heart to the left, in keeping with complete collapse of the left lung.');
    expect(out.map((x) => x.name)).toEqual(['lobar collapse']);
    expect(out[0]!.evidence).toContain('mediastinal shift');
  });
});

describe('a suspected tension (CONVENTIONS §4)', () => {
  it('leaves the pneumothorax as stated, the tension its possible reading', () => {
    expect(brief('Big left pneumothorax with the heart displaced to the right, concerning for tension.')).toEqual([
      f('pneumothorax', 'present', { severity: 'severe', severityText: 'big', ...L, interpretations: ['tension pneumothorax'] }),
      f('mediastinal shift', 'present', R),
    ]);
    expect(brief('Right pneumothorax, possibly under tension.')).toEqual([f('pneumothorax', 'present', { ...R, interpretations: ['tension pneumothorax'] })]);
  });

  it('stated plainly, the tension names the finding', () => {
    expect(brief('Large left pneumothorax, compatible with tension pneumothorax.').map((x) => `${x.name}:${x.status}`)).toEqual(['tension pneumothorax:present']);
  });
});

describe('a suspected tension in a sentence of its own', () => {
  it('is the possible reading of the pneumothorax stated before it on its side', () => {
    expect(brief('Moderate right pneumothorax. Findings raise concern for tension.').map((x) => `${x.name}:${x.status}:${x.interpretations ?? '-'}`))
      .toEqual(['pneumothorax:present:tension pneumothorax']);
  });

  it('stands apart on the other side, and names the finding when stated plainly', () => {
    expect(brief('Small right pneumothorax. Left tension pneumothorax is possible.').map((x) => `${x.name}:${x.laterality}`)).toEqual(['pneumothorax:right', 'tension pneumothorax:left']);
    expect(brief('Moderate right pneumothorax. Appearances in keeping with tension.').map((x) => x.name)).toEqual(['pneumothorax', 'tension pneumothorax']);
  });
});
