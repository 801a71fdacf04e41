/**
 * Volume loss (issue 12, tenth session): lost by a lobe, a zone or a lung it is that part's atelectasis; lost by a
 * hemithorax with no cause named it is a finding of its own (`volume loss`); said with what took the volume (fibrosis,
 * scarring, a resection, a collapse, a raised hemidiaphragm) it is that finding's sign. Own example sentences.
 */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { names, unread, type Row } from './_breadth.js';

const READ: readonly Row[] = [
  ['atelectasis', 'Slight volume loss of the right lower lobe.'],
  ['atelectasis', 'Moderate left lower lobe volume loss.'],
  ['atelectasis', 'Volume loss right middle lobe, with the minor fissure pulled down.'],
  ['atelectasis', 'LLL volume loss behind the heart.'],
  ['atelectasis', 'Loss of volume in the right upper lobe.'],
  ['atelectasis', 'Volume reduction of the lingula.'],
  ['atelectasis', 'Right lung volume loss after the tube slipped into the left bronchus.'],
  ['atelectasis', 'Crowded vessels in the right lower zone with volume loss.'],
  ['atelectasis', 'The left lower lobe is compressed by the large hiatus hernia.'],
  ['atelectasis', 'Compression of the right lower lobe by the effusion.'],
  ['volume loss', 'Volume loss of the right hemithorax.'],
  ['volume loss', 'Left hemithorax volume loss, unchanged.'],
  ['volume loss', 'Moderate loss of volume in the left hemithorax.'],
  ['volume loss', 'Reduced volume of the right hemithorax.'],
  ['low lung volumes', 'Reduction in left lung volume since the last film.'],
];

describe('volume loss', () => {
  it('reads a lobe, zone or lung that lost volume as its atelectasis, a hemithorax as volume loss', () => {
    expect(unread(READ)).toEqual([]);
  });

  it('keeps the side and grade of a hemithorax that lost volume', () => {
    const [f] = extractFindings('Mild loss of volume of the left hemithorax.').filter((x) => x.name === 'volume loss');
    expect(f).toMatchObject({ status: 'present', side: 'left', severity: 'mild' });
  });

  it('is the sign of what took the volume, named in its sentence', () => {
    expect(names('Upper lobe fibrosis on the left with volume loss.')).toEqual(['fibrosis']);
    expect(names('Left upper lobe volume loss with fibrotic bands.')).toEqual(['fibrosis']);
    expect(names('Right apical scarring with volume loss.')).toEqual(['scarring']);
    expect(names('Volume loss in the left hemithorax with a raised left hemidiaphragm.')).toEqual(['elevated hemidiaphragm']);
    expect(names('Collapse of the right lung with volume loss.')).toEqual(['lobar collapse']);
    expect(names('Paramediastinal opacity in the right upper lobe with volume loss, in keeping with radiation fibrosis.')).toEqual(['fibrosis']);
    expect(names('Basal reticulation with volume loss.')).toEqual(['interstitial opacities']);
  });

  it('states nothing when denied', () => {
    expect(names('No fibrosis or volume loss.')).toEqual([]);
  });
});
