import { describe, expect, it } from 'vitest';
import { brief } from '../_helpers.js';

const sided = (text: string) => brief(text).filter((x) => x.status !== 'absent').map((x) => `${x.name}:${x.laterality ?? '-'}`);

describe('a shift named against its cause (CONVENTIONS §25)', () => {
  it('contralateral points away from the side named before it', () => {
    expect(sided('Very large right pleural effusion with contralateral mediastinal shift.')).toEqual(['pleural effusion:right', 'mediastinal shift:left']);
    expect(sided('Opaque left hemithorax and contralateral shift of the trachea.')).toContain('tracheal deviation:right');
  });

  it('ipsilateral points towards it', () => {
    expect(sided('Post right pneumonectomy with the expected ipsilateral mediastinal shift.')).toContain('mediastinal shift:right');
  });

  it('from the sentence before when its own names no side', () => {
    expect(sided('Large left hydrothorax. Contralateral mediastinal shift.')).toEqual(['pleural effusion:left', 'mediastinal shift:right']);
  });

  it('a stated direction wins, and a shift named alone stays unsided', () => {
    expect(sided('Right effusion. Contralateral shift of the mediastinum to the right.')).toContain('mediastinal shift:right');
    expect(sided('Contralateral mediastinal shift.')).toEqual(['mediastinal shift:-']);
  });

  it('an underlying finding lies under the effusion, not under the shift after it', () => {
    expect(sided('Large left effusion with shift of the mediastinum to the right. An underlying mass cannot be excluded.')).toContain('mass:left');
  });
});

describe('the mediastinum and the trachea named as moved together', () => {
  it('each is its finding, with the stated direction', () => {
    expect(sided('Displacement of the mediastinum and trachea to the left.')).toEqual(['mediastinal shift:left', 'tracheal deviation:left']);
    expect(sided('Mediastinum and trachea displaced to the right.')).toEqual(['mediastinal shift:right', 'tracheal deviation:right']);
    expect(sided('Large right effusion with contralateral shift of the trachea and mediastinum.')).toEqual(['pleural effusion:right', 'tracheal deviation:left', 'mediastinal shift:left']);
  });

  it('denied together, both are absent; a deviated trachea in a sentence of its own stays', () => {
    expect(brief('No displacement of the mediastinum or trachea.').map((x) => `${x.name}:${x.status}`)).toContain('mediastinal shift:absent');
    expect(brief('No shift of the mediastinum and trachea.').map((x) => `${x.name}:${x.status}`)).toEqual(['mediastinal shift:absent', 'tracheal deviation:absent']);
  });
});
