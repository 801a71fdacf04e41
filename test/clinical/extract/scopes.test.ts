/** Negation and hedge scopes (CONVENTIONS §5-9). */
import { describe, expect, it } from 'vitest';
import { brief } from './_helpers.js';
import type { SentenceExtractOptions } from '../../../src/clinical/extract/index.js';

const statuses = (t: string, o: SentenceExtractOptions = {}): string[] => brief(t, o).map((x) => `${x.name}:${x.status}${x.probability ? x.probability : ''}`);

describe('pre-negation', () => {
  it('covers a coordinated list', () => {
    expect(statuses('No effusion, pneumothorax, or focal consolidation.')).toEqual(['pleural effusion:absent', 'pneumothorax:absent', 'consolidation:absent']);
    expect(statuses('Negative for pneumomediastinum or free air.')).toEqual(['pneumomediastinum:absent', 'pneumoperitoneum:absent']);
  });

  it.each([
    ['No pneumothorax, but small left effusion.'],
    ['No pneumothorax; small left effusion.'],
    ['No pneumothorax; however, small left effusion.'],
    ['No pneumothorax, although there is a small left effusion.'],
    ['No pneumothorax with small left effusion.'],
    ['No pneumothorax, which makes the small left effusion the only finding.'],
  ])('stops at a terminator: %s', (t) => {
    expect(statuses(t)).toEqual(['pneumothorax:absent', 'pleural effusion:present3']);
  });

  it('stops at a comma followed by a severity or temporal word', () => {
    expect(statuses('No pneumothorax, stable cardiomegaly.')).toEqual(['pneumothorax:absent', 'cardiomegaly:present3']);
    expect(statuses('No effusion, small left pneumothorax.')).toEqual(['pleural effusion:absent', 'pneumothorax:present3']);
  });

  it('is replaced by the next cue', () => {
    expect(statuses('No pneumothorax or possible small effusion.')).toEqual(['pneumothorax:absent', 'pleural effusion:uncertain1']);
  });
});

describe('post-negation', () => {
  it('covers the finding before it and its coordinated list', () => {
    expect(statuses('Pneumothorax is not seen.')).toEqual(['pneumothorax:absent']);
    expect(statuses('Consolidation, effusion and pneumothorax are not identified.')).toEqual(['consolidation:absent', 'pleural effusion:absent', 'pneumothorax:absent']);
  });

  it('does not reach across a bare comma', () => {
    expect(statuses('Small left effusion, pneumothorax not seen.')).toEqual(['pleural effusion:present3', 'pneumothorax:absent']);
  });
});

describe('pseudo-negation', () => {
  it.each(['No change in', 'No significant change in', 'No interval change in', 'No increase in', 'No decrease in'])('"%s" keeps the finding present', (cue) => {
    expect(brief(`${cue} the small left pleural effusion.`)).toEqual([
      { name: 'pleural effusion', status: 'present', probability: 3, severity: 'mild', severityText: 'small', laterality: 'left', temporal: 'unchanged' },
    ]);
  });

  it('"not only" does not negate', () => {
    expect(statuses('Not only cardiomegaly but also pulmonary edema.')).toEqual(['cardiomegaly:present3', 'pulmonary edema:present3']);
  });

  it('a pseudo-negation ends an earlier negation scope', () => {
    expect(statuses('No effusion, no change in cardiomegaly.')).toEqual(['pleural effusion:absent', 'cardiomegaly:present3']);
  });
});

describe('hedges', () => {
  it.each([
    ['Likely atelectasis.', 2],
    ['Probable pneumonia.', 2],
    ['Findings suspicious for pneumonia.', 2],
    ['Opacity is favored to represent atelectasis.', 2],
    ['Possible small effusion.', 1],
    ['Questionable nodule.', 1],
    ['Pneumonia cannot be excluded.', 1],
    ['Cannot exclude pneumonia.', 1],
    ['Pneumonia is not excluded.', 1],
    ['Borderline cardiomegaly.', 1],
    ['At the left base a small consolidation is not excludable.', 1],
  ])('%s -> uncertain %i on the hedged finding', (t, p) => {
    expect(brief(t).at(-1)).toMatchObject({ status: 'uncertain', probability: p });
  });

  it('a hedge after a contrast word reaches back to a denied or "less likely" finding', () => {
    expect(statuses('Aspiration is less likely, although it is not excluded.')).toEqual(['aspiration:uncertain1']);
    expect(statuses('Pneumothorax less likely, though cannot be excluded.')).toEqual(['pneumothorax:uncertain1']);
    // a denial of one finding and a hedge of another stay apart
    expect(statuses('No effusion, but atelectasis cannot be excluded.')).toEqual(['pleural effusion:absent', 'atelectasis:uncertain1']);
  });

  it('keeps certainty words at 3', () => {
    expect(statuses('Findings consistent with pulmonary edema.')).toEqual(['pulmonary edema:present3']);
    expect(statuses('Opacity represents atelectasis.')).toEqual(['atelectasis:present3']);
  });

  it('combines adjacent cues, the weaker certainty winning', () => {
    expect(statuses('Possibly consistent with pneumonia.')).toEqual(['pneumonia:uncertain1']);
  });

  it('applies the post-hedge to the finding before and the pre-hedge to the finding after', () => {
    expect(statuses('Opacity is likely atelectasis.')).toEqual(['atelectasis:uncertain2']);
    expect(statuses('Opacity is likely atelectasis.', { keepSigns: true })).toEqual(['lung opacity:present3', 'atelectasis:uncertain2']);
    expect(statuses('Atelectasis is likely.')).toEqual(['atelectasis:uncertain2']);
  });
});

describe('alternatives', () => {
  it('makes both sides of "or"/"versus" uncertain 1 unless a hedge of their own says otherwise', () => {
    expect(statuses('Atelectasis or pneumonia.')).toEqual(['atelectasis:uncertain1', 'pneumonia:uncertain1']);
    expect(statuses('Atelectasis versus pneumonia.')).toEqual(['atelectasis:uncertain1', 'pneumonia:uncertain1']);
    expect(statuses('Likely atelectasis, or less likely pneumonia.')).toEqual(['atelectasis:uncertain2', 'pneumonia:uncertain1']);
    expect(statuses('Atelectasis, scarring, or pneumonia.')).toEqual(['atelectasis:uncertain1', 'scarring:uncertain1', 'pneumonia:uncertain1']);
  });

  it('leaves negated lists absent', () => {
    expect(statuses('No atelectasis or pneumonia.')).toEqual(['atelectasis:absent', 'pneumonia:absent']);
  });
});

describe('Australian and British shorthand (new-user review)', () => {
  it('reads "nil" as a negation, before a finding or a list', () => {
    expect(statuses('Nil pneumothorax.')).toEqual(['pneumothorax:absent']);
    expect(statuses('Nil effusion or pneumothorax.')).toEqual(['pleural effusion:absent', 'pneumothorax:absent']);
    expect(statuses('Nil focal consolidation. Small right effusion.')).toEqual(['consolidation:absent', 'pleural effusion:present3']);
  });

  it('reads "query" as a hedge, like "?"', () => {
    expect(statuses('Query small left effusion.')).toEqual(['pleural effusion:uncertain1']);
    expect(statuses('Right apical lucency, queried pneumothorax.')).toContain('pneumothorax:uncertain1');
  });

  it('reads "#" as a fracture of the bone it names', () => {
    expect(brief('Undisplaced # of the L 7th rib.').map((x) => `${x.name}:${x.laterality}`)).toEqual(["rib fracture:left"]);
    expect(statuses('R clavicle #.')).toEqual(['clavicle fracture:present3']);
  });

  it('gives no finding for a question', () => {
    expect(statuses('Is there a pneumothorax on the left?')).toEqual([]);
    expect(statuses('Are there any rib fractures?')).toEqual([]);
  });
});

describe('a trailing "less likely" (issue 12, seventh session)', () => {
  it.each([
    'Effusion less likely.',
    'Pneumonia unlikely.',
    'Cardiogenic oedema is thought less likely given the small heart.',
    'Aspiration is considered less likely because of the upright posture.',
  ])('denies the finding before it, as "is unlikely" does: %s', (t) => {
    expect(statuses(t).at(0)).toMatch(/:absent$/);
  });

  it('keeps a comparison, a later hedge and a pre-hedge as they were', () => {
    expect(statuses('Oedema is less likely than infection.')).toEqual(['pulmonary edema:uncertain1', 'pneumonia:uncertain2']);
    expect(statuses('Empyema less likely, though not excluded.')).toEqual(['empyema:uncertain1']);
    expect(statuses('Probable atelectasis, less likely pneumonia.')).toEqual(['atelectasis:uncertain2', 'pneumonia:uncertain1']);
  });
});

describe('a hedge on the film after its finding (issue 12, seventh session)', () => {
  it('reaches back over a phrase naming the examination, and is a limitation', () => {
    // the denial stands: the small one "difficult to exclude on this portable view" is the film's limit
    expect(statuses('No convincing pneumothorax, but a shallow apical pneumothorax would be difficult to exclude on this portable view.')).toEqual(['pneumothorax:absent']);
  });
});

describe('a caveat after a flat denial (issue 12, seventh session)', () => {
  it.each([
    'No pneumothorax; a tiny apical pneumothorax is not excluded.',
    'There is no pneumothorax. A small one at the apex cannot be entirely excluded, repeat film advised.',
    'No pneumothorax. A small pneumothorax cannot be completely excluded.',
  ])('takes nothing back: %s', (t) => {
    expect(statuses(t)).toEqual(['pneumothorax:absent']);
  });

  it('is the finding status after a reserved denial, a named side or another finding', () => {
    // "no large" denies only a large one; a side names where the denial did not look
    expect(statuses('No large pneumothorax, but a small anterior pneumothorax cannot be excluded.')).toEqual(['pneumothorax:uncertain1']);
    expect(statuses('No obvious pneumothorax; a small one cannot be ruled out.')).toContain('pneumothorax:absent');
    expect(statuses('No consolidation, though at the left base early consolidation is not excluded.')).toEqual(['consolidation:absent', 'consolidation:uncertain1']);
    expect(statuses('No consolidation. Early pneumonia cannot be excluded.')).toEqual(['consolidation:absent', 'pneumonia:uncertain1']);
  });
});

describe('a reservation about the film (issue 12, seventh session)', () => {
  it.each([
    'The cardiac silhouette looks enlarged, though this may be exaggerated by the supine projection.',
    'Heart size is difficult to assess owing to rotation but appears enlarged.',
    'Heart size difficult to evaluate, appears enlarged.',
  ])('makes the finding likely, not certain: %s', (t) => {
    expect(statuses(t)).toEqual(['cardiomegaly:uncertain2']);
  });

  it('keeps a plain note of technique certain, and what magnifies stated', () => {
    expect(statuses('Moderate cardiomegaly, accentuated by the AP technique.')).toEqual(['cardiomegaly:present3']);
    expect(statuses('The heart looks large, although this may be exaggerated by low lung volumes.')).toEqual(['cardiomegaly:uncertain2', 'low lung volumes:present3']);
  });
});

describe('label-value lines (issue 12, seventh session)', () => {
  it.each(['Pneumothorax: nil.', 'Pleural effusion: no.', 'Free air: none.'])('a negation as the value denies the label: %s', (t) => {
    expect(statuses(t).every((x) => x.endsWith(':absent'))).toBe(true);
    expect(statuses(t)).toHaveLength(1);
  });

  it('a hedge as the value hedges the label, whatever follows it', () => {
    expect(statuses('Consolidation: possible, left lower zone.')).toEqual(['consolidation:uncertain1']);
    expect(statuses('Effusion: probable, small, right.')).toEqual(['pleural effusion:uncertain2']);
    // a hedge that names the value's own finding still looks forward
    expect(statuses('Nodule: probably a granuloma.')).toEqual(['granuloma:uncertain2']);
  });
});

describe('a hedged description after a limitation (issue 12, seventh session)', () => {
  it('brings the finding back, hedged as the description is', () => {
    expect(brief('Pleural effusions cannot be assessed reliably on the supine film, probably small on both sides.')).toMatchObject([
      { name: 'pleural effusion', status: 'uncertain', probability: 2, severity: 'mild', laterality: 'bilateral' },
    ]);
  });

  it('leaves the limitation alone when nothing describes the finding', () => {
    expect(statuses('Pleural effusions cannot be assessed on the supine film.')).toEqual([]);
    expect(statuses('Pneumothorax cannot be assessed on this film, probably none.')).toEqual([]);
  });
});

describe('a post-cue followed by its reason (issue 12, seventh session)', () => {
  it('is said of the finding before it, not of the finding in the reason', () => {
    expect(statuses('A small apical pneumothorax cannot be excluded given the extensive subcutaneous emphysema.')).toEqual(['pneumothorax:uncertain1', 'subcutaneous emphysema:present3']);
    expect(statuses('Pneumonia is not excluded because of the new consolidation.')).toEqual(['pneumonia:uncertain1', 'consolidation:present3']);
  });
});

describe('spaced dashes', () => {
  it('end a denial', () => {
    expect(statuses('No effusion - small left pneumothorax.')).toEqual(['pleural effusion:absent', 'pneumothorax:present3']);
    expect(statuses('History of TB - new right upper lobe cavity.')).toEqual(['cavitary lesion:present3']);
  });

  it('give a value after them to the finding before', () => {
    expect(statuses('Consolidation - possible, right base.')).toEqual(['consolidation:uncertain1']);
    expect(statuses('Pneumothorax - none.')).toEqual(['pneumothorax:absent']);
  });

  it('keep a hedge over a restatement and leave an interpretation its own cue', () => {
    expect(statuses('Appearances suggestive of pneumoconiosis - silicosis.')).toEqual(['pneumoconiosis:uncertain2']);
    expect(statuses('Elevated left hemidiaphragm - possible phrenic nerve palsy.')).toEqual(['elevated hemidiaphragm:present3']);
  });

  it('stop a post-negation from reaching back over them', () => {
    expect(statuses('Right basal opacity - pneumonia not excluded.')).toEqual(['pneumonia:uncertain1']);
  });
});


describe('a spaced dash after a post-cue', () => {
  it('keeps the hedge on the finding before it, not on the sign after', () => {
    expect(statuses('Small left pleural effusion cannot be excluded - blunted left costophrenic angle.')).toEqual(['pleural effusion:uncertain1']);
    expect(statuses('Pneumothorax not seen - small left effusion.')).toEqual(['pneumothorax:absent', 'pleural effusion:present3']);
  });
});

describe('hedges and denials over places and signs (regressions)', () => {
  it.each([
    ['Possible consolidation in the right lower lobe and left base.', ['consolidation:uncertain1']],
    ['No consolidation with air bronchograms.', ['consolidation:absent']],
    ['Possible small left pleural effusion and right basal atelectasis.', ['pleural effusion:uncertain1', 'atelectasis:uncertain1']],
  ])('%s', (text, expected) => {
    expect(statuses(text)).toEqual(expected);
  });
});
