/**
 * Issue 12, fifth set: a differential diagnosis written inline (`DD`) names what the finding might also be, not a
 * finding; a history line under a short header (`Hx:`, `Clinical:`) states none; `typical for` interprets its sign.
 */
import { describe, expect, it } from 'vitest';
import { seen } from './_helpers.js';
import { extractFindings } from '../../../src/clinical/report/index.js';

describe('an inline differential (DD) is not a finding', () => {
  it.each([
    ['Reticular change at both bases, DD early fibrosis.', ['interstitial opacities:present:bilateral']],
    ['Patchy density in the right upper field, DD contusion.', ['lung opacity:present:right']],
    ['Hazy opacity at the left base, DD effusion / atelectasis.', ['lung opacity:present:left']],
  ])('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });

  it('ends at a finding that states its own certainty after the list', () => {
    expect(seen('Opacity in the right lower field, DD atelectasis, pneumonia probable in context.')).toEqual(['pneumonia:uncertain:right']);
  });

  it('a hedge followed by the grounds it rests on still hedges the finding before it', () => {
    expect(seen('Density at the left base, pneumonia likely given the fever.')).toEqual(['pneumonia:uncertain:left']);
  });
});

describe('short history headers', () => {
  it.each([
    'Hx: fever and cough, ?pneumonia ?effusion.\nFindings: Small left pleural effusion.',
    'Clinical: ventilated preterm, ?pneumothorax.\nSmall left pleural effusion.',
  ])('%s', (text) => {
    expect(seen(text)).toEqual(['pleural effusion:present:left']);
  });

  it('an assessment header is a findings section', () => {
    expect(seen('Assessment: Small right pneumothorax.')).toEqual(['pneumothorax:present:right']);
  });
});

describe('technical limitations', () => {
  it('the reason a film is limited is not a finding', () => {
    expect(seen('Limited image quality due to rotation and poor inspiration. Small right effusion.')).toEqual(['pleural effusion:present:right']);
  });
});

describe('typical for links a sign to what it shows', () => {
  it('one finding, the sign its evidence', () => {
    expect(seen('Bilateral peripheral opacities, typical for viral pneumonia.')).toEqual(['pneumonia:present:bilateral']);
  });
});

describe('an undecided differential beside another finding (consolidation across sentences)', () => {
  it('keeps the sign with its readings instead of absorbing it into a neighbouring effusion', () => {
    const found = extractFindings('Right basilar opacity, atelectasis versus pneumonia. Moderate right and small left pleural effusions.');
    const sign = found.find((f) => f.name === 'lung opacity');
    expect(sign?.interpretations).toEqual(['atelectasis', 'pneumonia']);
    expect(found.filter((f) => f.name === 'pleural effusion').every((f) => f.evidence === undefined)).toBe(true);
  });
});
