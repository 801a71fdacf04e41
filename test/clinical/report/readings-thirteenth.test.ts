/**
 * Issue 12, thirteenth session: British shorthand (`eff`, `FB`, `VAP`), -ise spellings, a query after a sign, a cavitating
 * mass, compensatory hyperinflation, a lung collapsed by its pneumothorax, rib resection, skin staples, arterial lines
 * and abandoned leads, and a further test proposed. Own example sentences.
 */
import { describe, expect, it } from 'vitest';
import { britishVariant } from '../../../src/clinical/lexicon/variants.js';
import { one, seen } from './_helpers.js';

describe('British shorthand of dictated lists', () => {
  it.each([
    ['Small L eff.', 'pleural effusion:present:left'],
    ['Bilat small effs, R>L.', 'pleural effusion:present:bilateral'],
    ['? inhaled FB R main bronchus.', 'foreign body:uncertain:right'],
    ['Patchy R basal opacity - ? VAP.', 'pneumonia:uncertain:right'],
  ])('%s', (text, finding) => {
    expect(seen(text)).toEqual([finding]);
  });

  it('eff denied with the others', () => {
    expect(seen('No eff/PTX.')).toEqual([]);
  });
});

describe('British -ise spellings read as the lexicon\'s -ize', () => {
  it('not visualised denies as not visualized does', () => {
    expect(seen('Right pleural effusion not visualised.')).toEqual([]);
    expect(one('Right pleural effusion not visualised.', 'pleural effusion')?.status).toBe('absent');
  });

  it('the variant changes -ize endings only, of long enough words', () => {
    expect(britishVariant(['not', 'visualized'])).toEqual(['not', 'visualised']);
    expect(britishVariant(['organizing', 'pneumonia'])).toEqual(['organising', 'pneumonia']);
    expect(britishVariant(['size'])).toBeUndefined();
    expect(britishVariant(['pleural', 'effusion'])).toBeUndefined();
  });
});

describe('a query after a sign asks for its cause', () => {
  it('keeps the sign, hedged', () => {
    expect(seen('Bilateral basal reticulation - ? drug related.')).toEqual(['interstitial opacities:uncertain:bilateral']);
    expect(seen('Left basal opacity ? post treatment change.')).toEqual(['lung opacity:uncertain:left']);
  });

  it('a reading the lexicon names still takes the sign', () => {
    expect(seen('Right basal opacity - ? infection.')).toEqual(['pneumonia:uncertain:right']);
  });
});

describe('lung words', () => {
  it('a cavitating mass is a mass', () => {
    expect(seen('Thick walled cavitating mass in the left upper zone, 6 cm.')).toEqual(['mass:present:left']);
    expect(seen('Thin walled cavity in the right upper lobe.')).toEqual(['cavitary lesion:present:right']);
  });

  it('compensatory hyperlucency is hyperinflation; reticular opacification is interstitial', () => {
    expect(seen('Compensatory hyperlucency of the left lung.')).toEqual(['hyperinflation:present:left']);
    expect(seen('Reticular opacification at both bases.')).toEqual(['interstitial opacities:present:bilateral']);
  });

  it('incomplete resolution leaves the finding present', () => {
    expect(one('Incomplete resolution of the left lower lobe consolidation.', 'consolidation')).toMatchObject({ status: 'present', temporal: 'improved' });
  });
});

describe('a lung collapsed by its pneumothorax', () => {
  it('is the pneumothorax, however far the words stand apart', () => {
    const text = 'Large left pneumothorax with the pleural edge 5 cm from the chest wall at the hilum, with near complete collapse of the left lung.';
    expect(seen(text)).toEqual(['pneumothorax:present:left']);
  });

  it('a lobe collapsed on the other side stays a collapse', () => {
    expect(seen('Small right pneumothorax. Collapsed left lower lobe.')).toEqual(['pneumothorax:present:right', 'lobar collapse:present:left']);
  });
});

describe('post-surgical states and devices', () => {
  it.each([
    ['Posterior left 6th rib resected.', 'surgical procedure:present:left'],
    ['Surgical rib changes in the right 5th rib.', 'surgical procedure:present:right'],
    ['Skin staples over the lower chest.', 'surgical procedure:present'],
    ['Right radial art line.', 'other device:present:right'],
    ['Abandoned RV lead from the old system.', 'other device:present'],
  ])('%s', (text, finding) => {
    expect(seen(text)).toEqual([finding]);
  });

  it('a device whose tip lies outside the image, or is not fully imaged, is still seen', () => {
    expect(seen('NG tube with its tip outside the field of view.')).toEqual(['enteric tube:present']);
    expect(seen('Enteric tube tip below the diaphragm, not fully imaged.')).toEqual(['enteric tube:present']);
  });
});

describe('a further test proposed', () => {
  it('names no finding of this film', () => {
    expect(seen('Large right apical bulla. If symptoms persist CT would better distinguish bulla from pneumothorax.')).toEqual(['bullae:present:right']);
  });
});

describe('the opaque hemithorax of a pneumonectomy', () => {
  it('is the pneumonectomy, on its side', () => {
    expect(seen('R hemithorax completely opacified with mediastinal shift to the R, as expected after pneumonectomy.')).toEqual(['mediastinal shift:present:right', 'pneumonectomy:present:right']);
  });

  it('an opacity of the remaining lung stays a finding', () => {
    expect(seen('Post left pneumonectomy. New opacity in the right lower zone.')).toEqual(['pneumonectomy:present:left', 'lung opacity:present:right']);
  });
});

describe('what may happen later', () => {
  it('is a risk, not a finding', () => {
    expect(seen('No pneumothorax. Repeat film in 4 hours, as a delayed PTX can develop.')).toEqual([]);
    expect(seen('A small left effusion has developed.')).toEqual(['pleural effusion:present:left']);
  });
});

describe('two names of one process joined by a slash', () => {
  it('are one finding, the more specific', () => {
    expect(seen('RUL collapse/atelectasis.')).toEqual(['lobar collapse:present:right']);
    expect(seen('Left lower lobe atelectasis/collapse.')).toEqual(['lobar collapse:present:left']);
  });

  it('two findings joined by a slash stay two', () => {
    expect(seen('Atelectasis/consolidation at the left base.').length).toBe(2);
  });
});

describe('surgical emphysema cut short', () => {
  it.each(['L chest wall surg emphysema.', 'S/C emphysema in the left neck.'])('%s', (text) => {
    expect(seen(text)).toEqual(['subcutaneous emphysema:present:left']);
  });
});

describe('signs a finding keeps beside it (lexicon keeps)', () => {
  it('the consolidation of active tuberculosis, the bronchiectasis of old tuberculosis', () => {
    expect(seen('Right upper zone consolidation with cavitation, likely tuberculosis.')).toEqual(expect.arrayContaining(['consolidation:present:right']));
    expect(seen('Post-tubercular right upper lobe fibrosis with cystic bronchiectasis.').some((f) => f.startsWith('bronchiectasis:present'))).toBe(true);
  });

  it('a sign it does not keep is still its evidence', () => {
    expect(seen('Nodular opacities in both upper zones, likely tuberculosis.')).toEqual(['tuberculosis:uncertain:bilateral']);
  });
});
