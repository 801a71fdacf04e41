/**
 * language/words.yaml `senses` and the wordings read through them: a term whose finding depends on the
 * other words of its sentence (issue 12: collapse, atelectasis, infiltrate), and the hedged heart size.
 */
import { describe, expect, it } from 'vitest';
import { seen } from '../report/_helpers.js';

describe('lexicon words: second senses', () => {
  it('collapse at a base, small or patchy, is atelectasis; a lobe or lung collapse stays lobar collapse', () => {
    expect(seen('Some collapse at the right base.')).toEqual(['atelectasis:present:right']);
    expect(seen('Patchy bibasal collapse.')).toEqual(['atelectasis:present:bilateral']);
    expect(seen('Collapse of the right upper lobe.')).toEqual(['lobar collapse:present:right']);
    expect(seen('Complete collapse of the left lung.')).toEqual(['lobar collapse:present:left']);
  });

  it('atelectasis of a lobe with its hilum or trachea pulled across, or behind a central tumour, is lobar collapse', () => {
    expect(seen('Dense right upper zone opacity, elevated hilum and tracheal deviation to the right, in keeping with atelectasis of the right upper lobe.')).toEqual(['lobar collapse:present:right']);
    expect(seen('Central tumour on the right with atelectasis of the right middle lobe.')).toEqual(['mass:present:right', 'lobar collapse:present:right']);
    expect(seen('Complete atelectasis of the left lower lobe.')).toEqual(['lobar collapse:present:left']);
  });

  it('plate-like, compressive, beginning or effusion-side atelectasis of a lobe stays atelectasis', () => {
    expect(seen('Plate-like atelectasis in the right lower lobe.')).toEqual(['atelectasis:present:right']);
    expect(seen('Early atelectasis of the left lower lobe, tracheal deviation to the left.')).toContain('atelectasis:present:left');
    expect(seen('Large right effusion with complete right lower lobe atelectasis and tracheal deviation to the left.')).not.toContain('lobar collapse:present:right');
  });

  it('an infiltrate that cannot be excluded is possible pneumonia', () => {
    expect(seen('At the left base an infiltrate is not excludable.')).toEqual(['pneumonia:uncertain:left']);
    expect(seen('Right basal infiltrates cannot be excluded.')).toEqual(['pneumonia:uncertain:right']);
    expect(seen('Right basal infiltrate.')).toEqual(['lung opacity:present:right']);
  });

  it('invasive aspergillosis is an invasive fungal infection (its nodules its evidence), a fungus ball in a cavity an aspergilloma', () => {
    expect(seen('Nodular opacities in the right upper lobe, suspicious for invasive aspergillosis.')).toEqual(['invasive fungal infection:uncertain:right']);
    expect(seen('Left apical fungus ball in an old cavity.')).toContain('aspergilloma:present:left');
  });
});

describe('lexicon words: a borderline heart', () => {
  it('a heart borderline enlarged is possible cardiomegaly; borderline alone or borderline normal states none', () => {
    expect(seen('Heart size borderline enlarged.')).toEqual(['cardiomegaly:uncertain']);
    expect(seen('Borderline cardiomegaly.')).toEqual(['cardiomegaly:uncertain']);
    expect(seen('Heart size borderline.')).toEqual([]);
    expect(seen('Heart size is borderline normal.')).toEqual([]);
  });
});

describe('lexicon words: South Asian and Australasian report wordings', () => {
  it('an infective aetiology is the pneumonia its opacity suggests', () => {
    expect(seen('Patchy ill-defined opacity in the right lower zone s/o infective aetiology.')).toEqual(['pneumonia:uncertain:right']);
    expect(seen('Left mid zone opacity - ? infective / inflammatory etiology.')).toEqual(['pneumonia:uncertain:left']);
  });

  it('fibrocalcific and fibroproductive lesions are scarring', () => {
    expect(seen('Fibrocalcific lesions in both upper zones.')).toEqual(['scarring:present:bilateral']);
    expect(seen('Fibro-productive changes in the left upper zone.')).toEqual(['scarring:present:left']);
  });

  it('a Vas-cath is a dialysis catheter', () => {
    expect(seen('Left IJ Vas-cath, tip in the SVC.')).toEqual(['dialysis catheter:present:left']);
  });
});

describe('lexicon words: a planned procedure or drainage is no finding', () => {
  it('the operation a film is the work-up for is not reported; the findings of the next sentence are', () => {
    expect(seen('Preoperative for left mastectomy. Small right effusion.')).toEqual(['pleural effusion:present:right']);
    expect(seen('Pre-op for hip replacement. Lungs clear.')).toEqual([]);
  });

  it('drainage named as the next step is no chest tube', () => {
    expect(seen('Large left effusion. CT after drainage is suggested.')).toEqual(['pleural effusion:present:left']);
    expect(seen('Left chest drain in situ.')).toEqual(['chest tube:present:left']);
  });
});
