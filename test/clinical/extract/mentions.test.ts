/** Finding mentions: word boundaries, longest match, inflections, abbreviations, statements. */
import { describe, expect, it } from 'vitest';
import { matchFindings } from '../../../src/clinical/extract/mentions.js';
import { brief } from './_helpers.js';

const names = (t: string): string[] => matchFindings(t).map((m) => m.name);

describe('matchFindings', () => {
  it('matches on word boundaries only', () => {
    expect(names('portable study; transportation')).toEqual([]);
    expect(names('Effusions')).toEqual(['pleural effusion']);
    expect(names('effusionless')).toEqual([]);
  });

  it('prefers the longest, most specific term', () => {
    expect(names('tension pneumothorax')).toEqual(['tension pneumothorax']);
    expect(names('hydropneumothorax')).toEqual(['hydropneumothorax']);
    expect(names('compression fracture')).toEqual(['vertebral compression fracture']);
    expect(names('pericardial effusion')).toEqual(['pericardial effusion']);
    expect(names('subcutaneous emphysema')).toEqual(['subcutaneous emphysema']);
    expect(names('aspiration pneumonia')).toEqual(['aspiration']);
    expect(names('pulmonary artery catheter')).toEqual(['pulmonary artery catheter']);
  });

  it('maps synonyms, inflections and abbreviations case-insensitively', () => {
    expect(names('PTX')).toEqual(['pneumothorax']);
    expect(names('ETT')).toEqual(['endotracheal tube']);
    expect(names('NGT, OG tube, feeding tube, Dobhoff')).toEqual(['enteric tube', 'enteric tube', 'enteric tube', 'enteric tube']);
    expect(names('pleural fluid')).toEqual(['pleural effusion']);
    expect(names('free air under the diaphragm')).toEqual(['pneumoperitoneum']);
    expect(names('calcified granuloma')).toEqual(['granuloma']);
    expect(names('aortic calcification')).toEqual(['aortic atherosclerosis']);
    expect(names('ground glass opacities')).toEqual(['ground-glass opacity']);
    expect(names('Swan-Ganz catheter')).toEqual(['pulmonary artery catheter']);
  });

  it('keeps character spans of the mention', () => {
    const t = 'Small left pleural effusion.';
    const [m] = matchFindings(t);
    expect(t.slice(...m!.span)).toBe('pleural effusion');
  });

  it('reads subject-predicate statements as mentions', () => {
    expect(names('The heart is enlarged')).toEqual(['cardiomegaly']);
    expect(names('enlargement of the cardiac silhouette')).toEqual(['cardiomegaly']);
    expect(names('The mediastinum is widened')).toEqual(['widened mediastinum']);
    expect(names('elevation of the right hemidiaphragm')).toEqual(['elevated hemidiaphragm']);
    expect(names('the aorta is tortuous and calcified')).toEqual(['tortuous aorta', 'aortic atherosclerosis']);
    expect(names('fractures of the left 5th and 6th ribs')).toEqual(['rib fracture']);
    expect(names('the lungs are hyperinflated')).toEqual(['hyperinflation']);
  });

  it('reads normal statements as mentions of what they exclude', () => {
    expect(names('Heart size is normal')).toEqual(['cardiomegaly']);
    expect(names('cardiomediastinal silhouette is within normal limits')).toEqual(['cardiomegaly', 'widened mediastinum']);
    expect(names('costophrenic angles are sharp')).toEqual(['pleural effusion']);
    expect(names('lung volumes are low')).toEqual(['low lung volumes']);
    expect(names('the lungs are not clear')).toEqual([]);
  });

  it('reads a modifier joined to a term as a second term with the same head', () => {
    expect(names('Mediastinal and left pleural drains')).toEqual(['chest tube', 'chest tube']);
    expect(names('Pleural and pericardial effusions')).toEqual(['pleural effusion', 'pericardial effusion']);
    expect(names('interstitial and airspace opacities')).toEqual(['interstitial opacities', 'lung opacity']);
    expect(names('mediastinal or subcutaneous emphysema')).toEqual(['pneumomediastinum', 'subcutaneous emphysema']);
    // no term of that wording: the modifier stays a word of the phrase
    expect(names('upper and lower lobe atelectasis')).toEqual(['atelectasis']);
    expect(names('patchy and confluent opacities')).toEqual(['lung opacity']);
  });
});

describe('elided heads in the extraction', () => {
  it('keeps the side of each member of the list', () => {
    const tubes = (t: string) => brief(t).map((x) => `${x.name}:${x.laterality ?? '-'}`);
    expect(tubes('Mediastinal and left pleural drains in situ.')).toEqual(['chest tube:-', 'chest tube:left']);
    expect(tubes('Left pleural and mediastinal drains remain.')).toEqual(['chest tube:left', 'chest tube:-']);
  });

  it('gives what follows the shared head to both members', () => {
    expect(brief('Linear and reticular opacities in the left upper lobe.').map((x) => `${x.name}:${x.laterality ?? '-'}`)).toEqual(['lung opacity:left', 'interstitial opacities:left']);
  });

  it('denies both members of a denied list', () => {
    expect(brief('No pleural or pericardial effusion.').map((x) => `${x.name}:${x.status}`)).toEqual(['pleural effusion:absent', 'pericardial effusion:absent']);
  });
});

describe('a predicate that begins with a finding term', () => {
  const read = (t: string) => brief(t).map((x) => `${x.name}:${x.status}:${x.laterality ?? '-'}:${(x.location ?? []).join(',')}`);
  it('of a whole lung, which it states nothing of, is that finding there', () => {
    expect(read('Opaque right hemithorax, consistent with atelectasis of the right lung.')).toContain('atelectasis:present:right:');
    expect(read('No atelectasis of the right lung.')).toEqual(['atelectasis:absent:right:']);
  });
  it('of a lobe beside another finding (an adjacency word) is that finding, not the lobe collapsed', () => {
    expect(read('Moderate right effusion. Atelectasis of the adjacent right lower lobe.')).toEqual(['pleural effusion:present:right:', 'atelectasis:present:right:lower lobe']);
    expect(read('Atelectasis of the right upper lobe.')).toEqual(['lobar collapse:present:right:upper lobe']);
  });
});
