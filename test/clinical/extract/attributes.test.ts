/** Attributes attached to the right mention within its clause (CONVENTIONS §16-21). */
import { describe, expect, it } from 'vitest';
import { brief, f } from './_helpers.js';

describe('severity', () => {
  it.each([
    ['Trace left pleural effusion.', 'mild', 'trace'],
    ['Tiny apical pneumothorax.', 'mild', 'tiny'],
    ['Moderate-sized pleural effusion.', 'moderate', 'moderate'],
    ['Massive pleural effusion.', 'severe', 'massive'],
    ['Small to moderate pleural effusion.', 'moderate', 'moderate'],
    ['Mild-to-moderate pulmonary edema.', 'moderate', 'moderate'],
    ['Moderate to large pneumothorax.', 'severe', 'large'],
  ])('%s -> %s (%s)', (t, severity, severityText) => {
    expect(brief(t)[0]).toMatchObject({ severity, severityText });
  });

  it('ignores severity words on findings that are not graded, and on degrees of change', () => {
    expect(brief('Small calcified granuloma.')[0]).not.toHaveProperty('severity');
    expect(brief('Slightly increased right effusion.')[0]).toEqual(f('pleural effusion', 'present', { laterality: 'right', temporal: 'increased' }));
  });

  it('reads a degree adverb before a change word as the size of the change, not of the finding', () => {
    expect(brief('Right basal consolidation, markedly regressive.')[0]!.severity).toBeUndefined();
    expect(brief('The trachea has moved slightly further to the left.')[0]?.severity).toBeUndefined();
    expect(brief('Slightly enlarged heart.')[0]!.severity).toBe('mild');
  });

  it('does not take a grade said of the earlier study', () => {
    expect(brief('Trace left effusion (previously large).')[0]).toMatchObject({ severity: 'mild', severityText: 'trace' });
    expect(brief('Right pneumothorax, formerly moderate.')[0]!.severity).toBeUndefined();
  });

  it('takes the grade said of the present study over an earlier grade ("now")', () => {
    expect(brief('The large left effusion has become smaller, now small.')[0]).toMatchObject({ severity: 'mild', severityText: 'small', temporal: 'decreased' });
    expect(brief('Decrease of the moderate right pneumothorax, currently small.')[0]).toMatchObject({ severity: 'mild' });
    expect(brief('Left effusion, small before, now large.')[0]).toMatchObject({ severity: 'severe' });
  });

  it('reads the grade a lexicon term holds in its first word', () => {
    expect(brief('Giant bulla at the left apex. Large bullae in both upper zones.')[1]).toMatchObject({ name: 'bullae', severity: 'severe', severityText: 'large' });
    expect(brief('Marked gastric distension.')[0]).toMatchObject({ severity: 'severe', severityText: 'marked' });
  });

  it('reads a degree word before the predicate of a stated state as the grade, not a degree of change', () => {
    expect(brief('The lung volumes are slightly reduced.')[0]).toMatchObject({ name: 'low lung volumes', severity: 'mild' });
    expect(brief('The effusion is slightly increased.')[0]).toMatchObject({ temporal: 'increased' });
    expect(brief('The effusion is slightly increased.')[0]!.severity).toBeUndefined();
  });

  it('drops severity on absent findings', () => {
    expect(brief('No large pneumothorax.')).toEqual([f('pneumothorax', 'absent')]);
  });
});

describe('laterality and location', () => {
  it('takes sides before and after the finding', () => {
    expect(brief('Left effusion and right pneumothorax.')).toEqual([
      f('pleural effusion', 'present', { laterality: 'left' }),
      f('pneumothorax', 'present', { laterality: 'right' }),
    ]);
    expect(brief('Effusion on the left.')).toEqual([f('pleural effusion', 'present', { laterality: 'left' })]);
    expect(brief('Pleural effusions bilaterally.')).toEqual([f('pleural effusion', 'present', { laterality: 'bilateral' })]);
  });

  it('does not take the side a height is measured against', () => {
    expect(brief('The right hemidiaphragm is elevated, about 4 cm higher than the left.')[0]).toMatchObject({ name: 'elevated hemidiaphragm', laterality: 'right' });
  });

  it('combines left and right into bilateral', () => {
    expect(brief('Left and right pleural effusions, moderate.')).toEqual([
      f('pleural effusion', 'present', { laterality: 'bilateral', severity: 'moderate', severityText: 'moderate' }),
    ]);
    expect(brief('Right greater than left pleural effusions.')[0]!.laterality).toBe('bilateral');
  });

  it('reads abbreviations as side and lobe, and the lingula as left', () => {
    expect(brief('RLL consolidation.')[0]).toMatchObject({ laterality: 'right', location: ['lower lobe'] });
    expect(brief('LUL nodule.')[0]).toMatchObject({ laterality: 'left', location: ['upper lobe'] });
    expect(brief('Lingular atelectasis.')[0]).toMatchObject({ laterality: 'left', location: ['lingula'] });
  });

  it('sorts several locations and reads elided lobe names', () => {
    expect(brief('Opacity in the right upper and lower lobes.')[0]).toMatchObject({ laterality: 'right', location: ['lower lobe', 'upper lobe'] });
    expect(brief('Bibasilar and retrocardiac opacities.')[0]).toMatchObject({ location: ['base', 'retrocardiac'] });
  });

  it('gives no side to findings that have none', () => {
    expect(brief('Left cardiomegaly.')).toEqual([f('cardiomegaly', 'present')]);
  });
});

describe('sides written after the noun (continental order)', () => {
  it('takes a trailing side or grade over a "with" that only describes', () => {
    expect(brief('Pleural fluid with posterior layering right, moderate.')[0]).toMatchObject({ name: 'pleural effusion', laterality: 'right', severity: 'moderate' });
    expect(brief('Effusions with layering on both sides.')[0]).toMatchObject({ laterality: 'bilateral' });
  });

  it('does not when the word after "with" names another thing, or is a direction', () => {
    expect(brief('Pneumothorax with a shift to the right.')[0]!.laterality).toBeUndefined();
    expect(brief('Atelectasis with mild elevation of the fissure.')[0]!.severity).toBeUndefined();
  });

  it('reads the retrocardiac region as the left lung (the left lower lobe lies behind the heart)', () => {
    expect(brief('Retrocardiac consolidation.')[0]).toMatchObject({ laterality: 'left', location: ['retrocardiac'] });
    expect(brief('Right basal and retrocardiac atelectasis.')[0]!.laterality).toBe('bilateral');
  });

  it('reads short misspellings of the side words', () => {
    expect(brief('Rigth basal atelectasis. Lft pleural effusion.').map((x) => x.laterality)).toEqual(['right', 'left']);
  });
});

describe('measurements', () => {
  it.each([
    ['8 mm nodule.', 8, [8]],
    ['1.5 cm nodule.', 15, [15]],
    ['Mass measuring 2 x 3 cm.', 30, [20, 30]],
    ['Mass measuring 2 cm x 3.5 cm.', 35, [20, 35]],
    ['A 2-cm nodule.', 20, [20]],
    ['Nodule of 1 to 2 cm.', 20, [20]],
    ['Pneumothorax measuring 15 millimeters.', 15, [15]],
  ])('%s -> %i mm', (t, mm, dims) => {
    expect(brief(t)[0]).toMatchObject({ measurementMm: mm, dimensionsMm: dims });
  });

  it('counts device distances', () => {
    expect(brief('ETT tip 4 cm above the carina.')[0]).toMatchObject({ measurementMm: 40, devicePosition: 'above carina', devicePlacement: 'appropriate' });
  });
});

describe('temporal', () => {
  it.each([
    ['New right effusion.', 'new'],
    ['Increasing right effusion.', 'increased'],
    ['Worsening pulmonary edema.', 'worsened'],
    ['Smaller right effusion.', 'decreased'],
    ['Improving pulmonary edema.', 'improved'],
    ['Redemonstrated nodule.', 'unchanged'],
    ['Nodule, again seen.', 'unchanged'],
  ])('%s -> %s', (t, temporal) => {
    expect(brief(t)[0]!.temporal).toBe(temporal);
  });

  it('spreads a trailing temporal word over the coordinated findings', () => {
    expect(brief('Cardiomegaly and bilateral effusions are unchanged.').map((x) => x.temporal)).toEqual(['unchanged', 'unchanged']);
  });

  it('gives a change word closing "X with Y" to both, and a relative clause to the nearest only', () => {
    expect(brief('Enlarged heart with a prominent left atrial appendage and left atrial enlargement, unchanged.').map((x) => x.temporal)).toEqual(['unchanged', 'unchanged']);
    expect(brief('Consolidation with a small effusion, which is new.').map((x) => [x.name, x.temporal])).toEqual([['consolidation', undefined], ['pleural effusion', 'new']]);
  });

  it('reads the continental regressive and progredient as a change', () => {
    expect(brief('Pulmonary congestion, regressive.')[0]!.temporal).toBe('decreased');
    expect(brief('Pulmonary congestion, regredient.')[0]!.temporal).toBe('improved');
    expect(brief('Progredient infiltrates in the left upper field.')[0]!.temporal).toBe('worsened');
    expect(brief('The right basal effusion is completely regressive.')[0]).toMatchObject({ status: 'absent', temporal: 'resolved' });
  });

  it('marks resolved findings absent', () => {
    expect(brief('The right pneumothorax has resolved.')).toEqual([f('pneumothorax', 'absent', { laterality: 'right', temporal: 'resolved' })]);
    expect(brief('Interval removal of the left chest tube.')).toEqual([f('chest tube', 'absent', { laterality: 'left', temporal: 'resolved' })]);
  });
});

describe('devices', () => {
  it('reads the tip position after the device, not the access route before it', () => {
    expect(brief('Right IJ catheter tip in the SVC.')).toEqual([
      f('central venous catheter', 'present', { laterality: 'right', devicePosition: 'svc', devicePlacement: 'appropriate' }),
    ]);
    expect(brief('ETT and right subclavian central line are in standard position.')).toEqual([
      f('endotracheal tube', 'present', { devicePlacement: 'appropriate' }),
      f('central venous catheter', 'present', { laterality: 'right', devicePlacement: 'appropriate' }),
    ]);
  });

  it('infers malposition from the tip and reads stated malposition', () => {
    expect(brief('ETT in the right mainstem bronchus.')[0]).toMatchObject({ devicePosition: 'right mainstem bronchus', devicePlacement: 'malpositioned' });
    expect(brief('Enteric tube tip in the esophagus.')[0]).toMatchObject({ devicePosition: 'esophagus', devicePlacement: 'malpositioned' });
    expect(brief('The ETT is 9 cm above the carina and should be advanced.')[0]).toMatchObject({ devicePlacement: 'malpositioned', measurementMm: 90 });
  });

  it('gives each device its own tip', () => {
    expect(brief('ETT tip 5 cm above the carina and NG tube tip in the stomach.')).toEqual([
      f('endotracheal tube', 'present', { measurementMm: 50, dimensionsMm: [50], devicePosition: 'above carina', devicePlacement: 'appropriate' }),
      f('enteric tube', 'present', { devicePosition: 'stomach', devicePlacement: 'appropriate' }),
    ]);
  });
});

describe('interpretations inherit side and location', () => {
  it('through a hedge, an "or" and "adjacent"', () => {
    expect(brief('Right basilar opacity, likely atelectasis.')[0]).toMatchObject({ name: 'atelectasis', laterality: 'right', location: ['base'], evidence: ['lung opacity'] });
    expect(brief('Left lower lobe atelectasis or consolidation.')[1]).toMatchObject({ name: 'consolidation', laterality: 'left', location: ['lower lobe'] });
    expect(brief('Small right effusion with adjacent atelectasis.')[1]).toMatchObject({ name: 'atelectasis', laterality: 'right' });
  });

  it('through "underlying" or "superimposed" over a clause break and from the sentence before', () => {
    expect(brief('Dense left lower lobe opacity, probably collapse, although underlying pneumonia is possible.').at(-1)).toMatchObject({ name: 'pneumonia', laterality: 'left' });
    expect(brief('Large right effusion. Superimposed consolidation cannot be excluded.').at(-1)).toMatchObject({ name: 'consolidation', status: 'uncertain', laterality: 'right' });
    // a finding stated earlier in its own sentence is what the word points to, not the sentence before
    expect(brief('Large right effusion. Left lower lobe collapse, underlying consolidation possible.').at(-1)).toMatchObject({ name: 'consolidation', laterality: 'left' });
  });

  it('a finding is where the signs described with it are ("with ... bilaterally")', () => {
    expect(brief('Interstitial edema with septal lines bilaterally.')[0]).toMatchObject({ name: 'pulmonary edema', laterality: 'bilateral', evidence: ['interstitial opacities'] });
  });

  it('a side heading a list member gives its side to what it has ("right with ...")', () => {
    expect(brief('Effusions on both sides, left with passive atelectasis of the lower lobe.')).toEqual([
      f('pleural effusion', 'present', { laterality: 'bilateral' }),
      f('atelectasis', 'present', { laterality: 'left', location: ['lower lobe'] }),
    ]);
  });

  it('a structure described only by its size, hedged as the finding it is named by, is that finding hedged', () => {
    expect(brief('Prominent right hilum, could be adenopathy.')).toEqual([f('hilar lymphadenopathy', 'uncertain', { probability: 1, laterality: 'right' })]);
    expect(brief('Widening of the right paratracheal stripe, likely adenopathy.')[0]).toMatchObject({ status: 'uncertain', probability: 2 });
    // a finding named plainly stays certain beside a hedged kind of it
    expect(brief('Moderate left effusion, possibly a parapneumonic effusion.').map((x) => x.status)).toContain('present');
  });

  it('not through "and"', () => {
    expect(brief('Left effusion and likely atelectasis.')[1]).toEqual(f('atelectasis', 'uncertain', { probability: 2 }));
  });
});

describe('signs stated beside their interpretation in one sentence (CONVENTIONS §4)', () => {
  it('every sign of a "with" list, its places between the members', () => {
    expect(brief('Interstitial oedema with septal lines in the lower zones and peribronchial cuffing.')).toEqual([
      f('pulmonary edema', 'present', { evidence: ['interstitial opacities', 'bronchial wall thickening'] }),
    ]);
  });

  it('the rest of the list after an interpretation the vague sign before "with" is read as', () => {
    const [edema, ...rest] = brief('Hazy perihilar airspace opacities with alveolar oedema and Kerley B lines.');
    expect(edema).toMatchObject({ name: 'pulmonary edema', evidence: ['lung opacity', 'interstitial opacities'] });
    expect(rest).toEqual([]);
  });

  it('a list of places does not end the sign a link interprets ("in the left mid AND lower zones, in keeping with ...")', () => {
    expect(brief('Airspace shadowing in the right upper and mid zones in keeping with aspiration.')).toEqual([
      f('aspiration', 'present', { laterality: 'right', location: ['mid zone', 'upper zone'], evidence: ['lung opacity'] }),
    ]);
  });

  it('but a place list is no list of findings: other findings keep their own', () => {
    expect(brief('Small left and right effusions, with adjacent atelectasis.').map((x) => x.name)).toEqual(['pleural effusion', 'atelectasis']);
  });
});
