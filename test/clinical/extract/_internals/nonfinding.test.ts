/** Constructions that name a finding without stating it of this study (issue 12, seventh session; CONVENTIONS §31). */
import { describe, expect, it } from 'vitest';
import { brief } from '../_helpers.js';

const statuses = (t: string): string[] => brief(t).map((x) => `${x.name}:${x.status}${x.probability ? x.probability : ''}`);

describe('a finding named in the predicate as a differential or a consideration', () => {
  it.each([
    'Lymphoma and sarcoidosis are differential considerations.',
    'Pneumonia is in the differential.',
    'Pulmonary oedema is a less likely differential.',
    'Metastatic disease remains in the differential diagnosis.',
  ])('a differential is left out: %s', (t) => {
    expect(statuses(t)).toEqual([]);
  });

  it('a consideration is possible, the main one likely', () => {
    expect(statuses('Aspiration is also a consideration.')).toEqual(['aspiration:uncertain1']);
    expect(statuses('Pulmonary oedema remains a consideration.')).toEqual(['pulmonary edema:uncertain1']);
    expect(statuses('In this immunosuppressed patient, pneumocystis pneumonia is the leading consideration.')).toEqual(['pneumonia:uncertain2']);
  });

  it('a parenthesis holds the subject', () => {
    expect(statuses('Other causes (for example sarcoidosis or lymphoma) are differential considerations.')).toEqual([]);
  });
});

describe('a device named as what the patient needs', () => {
  it.each(['Needs an intercostal drain.', 'Suggest chest tube insertion.', 'Consider a prophylactic left chest drain prior to transfer.', 'Impression: large pneumothorax. Requires chest drain.'])(
    'is no device in place: %s',
    (t) => {
      expect(brief(t).filter((x) => x.name === 'chest tube')).toEqual([]);
    },
  );

  it('keeps a device in place and a proposal that names a finding', () => {
    expect(statuses('Left chest drain in situ. Consider withdrawing the NG tube by 5 cm.')).toEqual(['chest tube:present3', 'enteric tube:present3']);
    expect(statuses('Consider pneumonia.')).toEqual(['pneumonia:uncertain1']);
  });
});

describe('a finding word naming a quality stated normal', () => {
  it('"of normal size and density" states no opacity', () => {
    expect(statuses('Both hila are of normal size and density.').filter((x) => x.startsWith('lung opacity'))).toEqual([]);
  });
});

describe('a parenthesis before a post-cue', () => {
  it('shares the cue with what it holds and the term it glosses', () => {
    expect(statuses('Oesophageal perforation (Boerhaave syndrome) needs to be excluded.')).toEqual([]);
    expect(statuses('Rarer causes (such as alveolar proteinosis, pulmonary haemorrhage) are not seen.').every((x) => x.endsWith(':absent'))).toBe(true);
  });
});

describe('a state of the earlier study', () => {
  it.each([
    'Further reduction of the previously widened superior mediastinum.',
    'The left costophrenic angle, which was blunted earlier, is now sharp.',
    'The previously enlarged cardiac silhouette now measures within normal limits.',
  ])('states no finding of this one: %s', (t) => {
    expect(statuses(t).filter((x) => !x.endsWith(':absent'))).toEqual([]);
  });

  it('keeps what is stated now', () => {
    expect(statuses('The heart is enlarged, as previously.')).toEqual(['cardiomegaly:present3']);
    expect(statuses('Previously noted small right effusion, unchanged.')).toEqual(['pleural effusion:present3']);
  });
});

describe('a hedge inside a question', () => {
  it('is asked too, to the end of the clause', () => {
    expect(statuses('Clinical question: 3-year-old, outside film reported as widened mediastinum ?mass')).toEqual([]);
    expect(statuses('Evaluate for pneumonia ?small effusion')).toEqual([]);
  });

  it('a context of history does not swallow a later hedge', () => {
    expect(statuses('Multiple cavitating nodules, which in the setting of intravenous drug use are suspicious for septic emboli.')).toContain('septic emboli:uncertain2');
  });
});

describe('a request to exclude (a passive of obligation)', () => {
  it.each(['Cavitating tuberculosis to be ruled out with sputum examination.', 'Underlying malignancy needs to be ruled out.', 'A pulmonary embolism has to be excluded.'])(
    'asks, as "rule out" does: %s',
    (t) => {
      expect(statuses(t)).toEqual([]);
    },
  );

  it('keeps "cannot be ruled out" a hedge', () => {
    expect(statuses('Early consolidation cannot be ruled out.')).toEqual(['consolidation:uncertain1']);
  });
});

describe('a conditional clause', () => {
  it('supposes its findings, up to its comma', () => {
    expect(statuses('If there is clinical concern for a pneumothorax, an expiratory film may help.')).toEqual([]);
    expect(statuses('If pneumonia is suspected clinically, repeat film in 48 hours; small left effusion.')).toEqual(['pleural effusion:present3']);
  });

  it('presupposes a finding whose change it names', () => {
    expect(statuses('Aspiration should be considered if the effusion enlarges.').filter((x) => x.startsWith('pleural effusion'))).toEqual(['pleural effusion:present3']);
  });
});

describe('a sign read as normal anatomy', () => {
  it.each([
    'Prominent right superior mediastinal contour in this infant, in keeping with a normal thymus.',
    'The triangular opacity beside the right heart border is the normal thymus.',
  ])('is no finding: %s', (t) => {
    expect(statuses(t)).toEqual([]);
  });

  it('leaves the other findings of the sentence', () => {
    expect(statuses('Small left effusion; the opacity above the right hilum is the normal thymus.')).toEqual(['pleural effusion:present3']);
  });
});

describe('a possibility, a concern', () => {
  it('a finding named a possibility is possible, one named a concern or raised concern for is likely', () => {
    expect(statuses('Early pneumonia is a possibility.')).toEqual(['pneumonia:uncertain1']);
    expect(statuses('In a shipyard worker, mesothelioma is a concern.')).toEqual(['mesothelioma:uncertain2']);
    expect(statuses('The appearances raise concern for a lung abscess.')).toEqual(['lung abscess:uncertain2']);
  });

  it('leaves a denied concern denied', () => {
    expect(statuses('No concern for pneumothorax.')).toEqual(['pneumothorax:absent']);
  });
});

describe('the reason the examination is limited', () => {
  it('is no finding; the next sentence is read', () => {
    expect(statuses('The study is limited due to patient rotation and poor inspiratory effort. Small left effusion.')).toEqual(['pleural effusion:present3']);
  });
});

describe('an infection said to be past', () => {
  it.each([
    ['Calcified granuloma, consistent with prior granulomatous infection.', ['granuloma:present3']],
    ['Apical fibrotic changes from remote tuberculosis.', ['fibrosis:present3']],
    ['Residual scarring at the site of previous right lower lobe pneumonia.', ['scarring:present3']],
  ])('is history, what it left is the finding: %s', (t, expected) => {
    expect(statuses(t)).toEqual(expected);
  });

  it('leaves what stays to be seen, and a current infection', () => {
    expect(statuses('Old healed rib fractures.')).toEqual(['rib fracture:present3']);
    expect(statuses('Persistent right lower lobe pneumonia, unchanged from prior.')).toEqual(['pneumonia:present3']);
  });
});
