/** Undecided differentials: a sign with alternatives left open is the sign (src/clinical/extract/_internals/differential.ts, CONVENTIONS §4). */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../../src/clinical/extract/index.js';

/** name:status[:side] of each finding, in order. */
const seen = (text: string, keepSigns = false): string[] =>
  extractFindings(text, { keepSigns }).map((f) => [f.name, f.status, f.laterality].filter(Boolean).join(':'));

describe('a sign followed by alternatives the report does not choose between', () => {
  it.each([
    ['Hazy right lower zone opacity, ?infection versus aspiration.', ['lung opacity:present:right']],
    ['Left retrocardiac density which could reflect collapse or consolidation.', ['lung opacity:present:left']],
    ['Patchy right basal consolidation, in keeping with pneumonia or aspiration.', ['consolidation:present:right']],
    ['Bibasal opacities, probably atelectasis or early infection.', ['lung opacity:present:bilateral']],
    ['Right upper zone shadowing - TB vs resolving pneumonia.', ['lung opacity:present:right']],
    ['Patchy opacity in the left mid zone - contusion/aspiration.', ['lung opacity:present:left']],
    ['Diffuse bilateral airspace shadowing, oedema and/or infection.', ['lung opacity:present:bilateral']],
  ])('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });

  it('names the alternatives as its interpretations, merged over repeated mentions', () => {
    const [f] = extractFindings('Right basal opacity, atelectasis or pneumonia; right basal opacity, ?aspiration vs pneumonia.');
    expect(f).toMatchObject({ name: 'lung opacity', status: 'present', interpretations: ['atelectasis', 'pneumonia', 'aspiration'] });
  });

  it('keeps the sign as certain as the report states it', () => {
    expect(seen('Possible left basal opacity, atelectasis or infection.')).toEqual(['lung opacity:uncertain:left']);
  });

  it('keeps its side and place, also when the words before a dash name them for the first alternative', () => {
    const [f] = extractFindings('Faint opacity in the right upper lobe - infection/haemorrhage.');
    expect(f).toMatchObject({ name: 'lung opacity', status: 'present', laterality: 'right', location: ['upper lobe'] });
    expect(f!.evidence).toBeUndefined();
    expect(f!.interpretations).toEqual(['pneumonia', 'pulmonary hemorrhage']);
  });

  it('lists the alternatives too for token-level annotation (keepSigns)', () => {
    expect(seen('Right basal opacity, atelectasis or pneumonia.', true)).toEqual(['lung opacity:present:right', 'atelectasis:uncertain:right', 'pneumonia:uncertain:right']);
  });
});

describe('readings added after the first, hedged on their own, leave the choice open', () => {
  it.each([
    ['Increasing opacity at the left lower lobe, concerning for pneumonia or atelectasis, aspiration not excluded.', ['pneumonia', 'atelectasis', 'aspiration']],
    ['Left basilar opacity, probably atelectasis, possibly pneumonia.', ['atelectasis', 'pneumonia']],
    ['Bibasilar opacities, left greater than right, atelectasis versus aspiration/pneumonia.', ['atelectasis', 'aspiration', 'pneumonia']],
    ['Hazy opacity at the left base obscuring the medial left hemidiaphragm - consolidation versus atelectasis.', ['consolidation', 'atelectasis']],
    ['New bibasilar opacities may represent aspiration in the setting of a large hiatal hernia; atelectasis is also possible.', ['aspiration', 'atelectasis']],
  ])('%s', (text, readings) => {
    const found = extractFindings(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ status: 'present', interpretations: readings });
    expect(['lung opacity']).toContain(found[0]!.name);
  });

  it('a hedged finding somewhere else is a finding of its own', () => {
    expect(seen('Right basal opacity, likely pneumonia, possible small left effusion.')).toEqual(['pneumonia:uncertain:right', 'pleural effusion:uncertain:left']);
    expect(seen('Left lower lobe consolidation, likely pneumonia; possible atelectasis at the right base.')).toEqual(['pneumonia:uncertain:left', 'atelectasis:uncertain:right']);
  });
});

describe('one reading committed to, the others only not excluded (issue 12, eleventh session)', () => {
  // the blind labels of 1,820 reports name the committed reading and list what is not excluded as a possible finding
  it.each([
    ['Bibasal shadowing, likely atelectasis though aspiration or infection cannot be excluded.', ['atelectasis:uncertain:bilateral', 'aspiration:uncertain:bilateral', 'pneumonia:uncertain:bilateral']],
    ['Right lower lobe opacity, likely atelectasis, although pneumonia is not excluded.', ['atelectasis:uncertain:right', 'pneumonia:uncertain:right']],
    ['New right basilar opacities, concerning for pneumonia in the appropriate clinical setting; atelectasis is also possible.', ['pneumonia:uncertain:right', 'atelectasis:uncertain:right']],
  ])('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });

  it('the sign is the evidence of the committed reading', () => {
    const [first] = extractFindings('Left basal opacity, likely atelectasis; superimposed infection not excluded.');
    expect(first).toMatchObject({ name: 'atelectasis', evidence: ['lung opacity'] });
  });
});

describe('what stays as it was', () => {
  it('a single interpretation names the finding', () => {
    expect(seen('Left basal opacity, likely atelectasis.')).toEqual(['atelectasis:uncertain:left']);
  });

  it('alternatives with no sign before them are each possible', () => {
    expect(seen('Atelectasis or pneumonia at the left base.')).toEqual(['atelectasis:uncertain:left', 'pneumonia:uncertain:left']);
  });

  it('two findings stated together are no differential', () => {
    expect(seen('Right basal opacity, consistent with atelectasis and a small effusion.')).toEqual(['atelectasis:present:right', 'pleural effusion:present:right']);
  });

  it('a pleural collection and a kind of it are one reading named twice', () => {
    expect(seen('Blunting of the right costophrenic angle, which may represent a small effusion or haemothorax.')).toEqual(['pleural effusion:uncertain:right', 'hemothorax:uncertain:right']);
  });

  it('a finding and its own sign across a slash are one reading', () => {
    expect(seen('Perihilar haziness, suggestive of viral lower respiratory tract infection / bronchiolitis.')[0]).toBe('viral lower respiratory tract infection:uncertain');
  });
});
