/** Category 5 (issue 12, third session): device tips by landmark and placement in other words. */
import { describe, expect, it } from 'vitest';
import { one, seen } from './_helpers.js';

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

describe('devices of one kind and their parts', () => {
  const devices = (text: string) => seen(text).filter((s) => /tube|catheter|pacemaker|cannula/.test(s));

  it('keeps two drains named apart in one sentence as two devices', () => {
    expect(devices('Three mediastinal drains and a right pleural drain remain.')).toEqual(['chest tube:present', 'chest tube:present:right']);
  });

  it('keeps one drain mentioned again in a later sentence as one device', () => {
    expect(devices('Left chest tube in place. The chest tube tip is at the apex.')).toEqual(['chest tube:present:left']);
  });

  it('reads a sheath with the catheter through it as that catheter, on the sheath side', () => {
    expect(devices('Left IJ venous sheath with a Swan-Ganz catheter, tip in the right pulmonary artery.')).toEqual(['pulmonary artery catheter:present:left']);
  });

  it('reads a pacemaker lead as the pacemaker', () => {
    expect(one('Dual chamber pacemaker. The right ventricular lead has retracted into the right atrium.', 'pacemaker')?.devicePlacement).toBe('malpositioned');
  });
});

describe('placement presumed or read per device type', () => {
  it.each([
    ['Right chest tube with its tip at the right apex.', 'chest tube', 'appropriate'],
    ['Loop recorder in situ over the left chest.', 'loop recorder', 'appropriate'],
    ['Left pigtail pleural catheter, coiled at the left base.', 'chest tube', 'appropriate'],
    ['NG tube coiled in the oesophagus.', 'enteric tube', 'malpositioned'],
    ['ETT in place, tip 0.5 cm above the carina.', 'endotracheal tube', 'malpositioned'],
  ] as const)('%s', (text, name, placement) => {
    expect(one(text, name)?.devicePlacement).toBe(placement);
  });

  it('presumes nothing for a device with no word on its placement', () => {
    expect(one('Left subclavian pacemaker.', 'pacemaker')?.devicePlacement).toBeUndefined();
  });
});
