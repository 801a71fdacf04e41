/** Category 5 (issue 12, third session): device tips by landmark and placement in other words. */
import { describe, expect, it } from 'vitest';
import { one } from './_helpers.js';

const CASES: [string, string, string | undefined, 'appropriate' | 'malpositioned'][] = [
  ['NG tube passes below the diaphragm, tip out of view.', 'enteric tube', 'stomach', 'appropriate'],
  ['Fine bore NGT with its tip just beyond the GOJ.', 'enteric tube', 'stomach', 'appropriate'],
  ['NGT coiled in the upper oesophagus.', 'enteric tube', 'esophagus', 'malpositioned'],
  ['Distally positioned Swan-Ganz catheter tip in the right lower lobe pulmonary artery.', 'pulmonary artery catheter', 'pulmonary artery', 'malpositioned'],
  ['Pacemaker: the atrial lead has retracted, in keeping with lead dislodgement.', 'pacemaker', undefined, 'malpositioned'],
  ['UVC tip at the IVC/RA junction.', 'umbilical venous catheter', 'cavoatrial junction', 'appropriate'],
  ['Left intercostal drain, tip directed towards the apex.', 'chest tube', undefined, 'appropriate'],
  ['ETT tip at T2, satisfactory.', 'endotracheal tube', undefined, 'appropriate'],
];

describe('device placement read from landmarks and wording', () => {
  it.each(CASES)('%s', (text, name, position, placement) => {
    const f = one(text, name);
    expect(f?.devicePosition).toBe(position);
    expect(f?.devicePlacement).toBe(placement);
  });
});

describe('a tube in one main bronchus is on that side', () => {
  it.each([
    ['The ETT has been advanced into the left main bronchus.', 'endotracheal tube', 'left'],
    ['Endotracheal tube tip in the right mainstem bronchus, withdraw by 3 cm.', 'endotracheal tube', 'right'],
  ] as const)('%s', (text, name, side) => {
    expect(one(text, name)?.side).toBe(side);
    expect(one(text, name)?.devicePlacement).toBe('malpositioned');
  });
});
