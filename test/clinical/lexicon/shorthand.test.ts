/**
 * Shorthand of typed and dictated reports (issue 12, ninth session): `bilat`, the grade words cut short (`sm`, `mod`,
 * `lg`), `w/` and `w/o`, `c/w`, and the short names of tubes and drains. Own example sentences.
 */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { one, seen } from '../report/_helpers.js';

describe('lexicon shorthand: sides and grades', () => {
  it('bilat is bilateral', () => {
    expect(seen('Bilat effusions.')).toEqual(['pleural effusion:present:bilateral']);
    expect(seen('Bilat lower lobe atelectasis.')).toEqual(['atelectasis:present:bilateral']);
  });

  it('sm, mod and lg grade as small, moderate and large; a range takes its higher end', () => {
    expect(one('Sm left effusion.', 'pleural effusion')?.severity).toBe('mild');
    expect(one('Mod R pleural effusion.', 'pleural effusion')?.severity).toBe('moderate');
    expect(one('Lg right pneumothorax.', 'pneumothorax')?.severity).toBe('severe');
    expect(one('Sm-mod L effusion.', 'pleural effusion')?.severity).toBe('moderate');
    expect(one('Left effusion.', 'pleural effusion')?.severity).toBeUndefined();
  });
});

describe('lexicon shorthand: with, without, consistent with', () => {
  it('w/o negates what follows it, as without does', () => {
    expect(seen('Clear lungs w/o effusion or pneumothorax.')).toEqual([]);
    expect(seen('Opacity at the left base w/o air bronchograms.')).toEqual(['lung opacity:present:left']);
  });

  it('w/ ends a negation, as with does', () => {
    expect(seen('No effusion w/ small left pneumothorax.')).toEqual(['pneumothorax:present:left']);
    expect(seen('Small L effusion w/ adjacent atelectasis.')).toEqual(['pleural effusion:present:left', 'atelectasis:present:left']);
  });

  it('c/w links a sign to its interpretation', () => {
    const found = extractFindings('RLL opacity c/w pneumonia.');
    expect(found.map((f) => `${f.name}:${f.status}:${f.side}`)).toEqual(['pneumonia:present:right']);
    expect(found[0]?.evidence).toEqual(['lung opacity']);
  });
});

describe('lexicon shorthand: tubes', () => {
  it('NJT and NDT are enteric tubes', () => {
    expect(seen('NJT tip in the proximal jejunum.')).toEqual(['enteric tube:present']);
    expect(seen('NDT in situ.')).toEqual(['enteric tube:present']);
  });

  it('ICC is an intercostal catheter (a chest drain)', () => {
    expect(seen('R ICC in situ.')).toEqual(['chest tube:present:right']);
  });

  it('an ICD or ICC recommended or advised is no device yet', () => {
    expect(seen('Right haemopneumothorax. ICD insertion advised.')).toEqual(['hydropneumothorax:present:right']);
    expect(seen('Large left pneumothorax, ICC recommended.')).toEqual(['pneumothorax:present:left']);
  });

  it('ICD is a drain where its sentence speaks of a drain, a defibrillator where it speaks of leads', () => {
    expect(seen('Right apical ICD in situ.')).toEqual(['chest tube:present:right']);
    expect(seen('Left chest wall ICD with leads in the RA and RV.')).toEqual(['pacemaker:present:left']);
  });
});
