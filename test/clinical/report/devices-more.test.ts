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
  // short of the central veins: not presumed in place because the lexicon reads where the tip is
  ['Right PICC terminates in the right axillary vein.', 'picc', 'axillary vein', 'malpositioned'],
  ['Left arm PICC, tip within the cephalic vein.', 'picc', 'arm vein', 'malpositioned'],
  ['PICC via the right basilic vein with tip in the SVC.', 'picc', 'svc', 'appropriate'],
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

  it('presumes an acceptable placement for a device listed without comment (a malposition would be stated)', () => {
    expect(one('Left subclavian pacemaker.', 'pacemaker')?.devicePlacement).toBe('appropriate');
    expect(one('Sternal wires. Two pericardial drains and temporary pacing wires.', 'chest tube')?.devicePlacement).toBe('appropriate');
    expect(one('The nasogastric tube, PICC and endotracheal tube are unchanged.', 'picc')?.devicePlacement).toBe('appropriate');
  });

  it('presumes nothing where the tip is in question or the device is worn outside', () => {
    expect(one('Right PICC, tip obscured by overlying wires.', 'picc')?.devicePlacement).toBeUndefined();
    expect(one('Hickman line, disconnected at the hub.', 'central venous catheter')?.devicePlacement).toBeUndefined();
    expect(one('ECG electrodes project over the chest.', 'ecg leads')?.devicePlacement).toBeUndefined();
  });

  it('reads placement wordings of continental reports', () => {
    expect(one('Nasogastric tube in regular position.', 'enteric tube')?.devicePlacement).toBe('appropriate');
    expect(one('Central line via the left subclavian vein, correctly positioned.', 'central venous catheter')?.devicePlacement).toBe('appropriate');
    expect(one('The chest drain projects appropriately.', 'chest tube')?.devicePlacement).toBe('appropriate');
  });

  it('reads a vessel after "via" as the way in, not the tip', () => {
    const line = one('CVC via the left subclavian vein.', 'central venous catheter');
    expect([line?.side, line?.devicePosition, line?.devicePlacement]).toEqual(['left', undefined, 'appropriate']);
    expect(one('Central line through the right internal jugular vein, tip at the cavoatrial junction.', 'central venous catheter')?.devicePosition).toBe('cavoatrial junction');
  });
});

describe('a sheath named as the route of a catheter', () => {
  it('gives the tip and the side to the catheter, and keeps the other line as it is', () => {
    const text = 'Left IJ central line, tip in the low SVC. Pulmonary artery catheter through a right internal jugular sheath, tip in the left pulmonary artery.';
    const pa = one(text, 'pulmonary artery catheter');
    expect([pa?.side, pa?.devicePosition, pa?.devicePlacement]).toEqual(['right', 'pulmonary artery', 'appropriate']);
    const line = one(text, 'central venous catheter');
    expect([line?.side, line?.devicePosition, line?.devicePlacement]).toEqual(['left', 'svc', 'appropriate']);
  });
});

describe('a pulmonary artery catheter out in a lobar or segmental branch', () => {
  it('is malpositioned and urgent; only slightly distal it is adjusted', () => {
    const far = one('The PA catheter has migrated, its tip now in a left lower lobe pulmonary artery branch.', 'pulmonary artery catheter');
    expect([far?.devicePlacement, far?.significance]).toEqual(['malpositioned', 'urgent']);
    const wedged = one('Swan-Ganz tip wedged in the right lower lobe pulmonary artery.', 'pulmonary artery catheter');
    expect([wedged?.devicePlacement, wedged?.significance]).toEqual(['malpositioned', 'urgent']);
    expect(one('Swan-Ganz catheter tip in the left pulmonary artery, slightly distal.', 'pulmonary artery catheter')?.significance).toBe('actionable_not_urgent');
  });
});

describe('a line from the left in the left brachiocephalic vein', () => {
  it('is accepted (the line crosses the mediastinum there); from the right it is not', () => {
    expect(one('Central venous catheter from the left subclavian approach, tip in the left brachiocephalic vein.', 'central venous catheter')?.devicePlacement).toBe('appropriate');
    expect(one('Right internal jugular line with its tip in the right brachiocephalic vein.', 'central venous catheter')?.devicePlacement).toBe('malpositioned');
  });

  it('reads "higher than typical" and a suggested advancement as malpositioned', () => {
    expect(one('Left IJ dialysis line, tip in the upper SVC, higher than typical for such a catheter.', 'dialysis catheter')?.devicePlacement).toBe('malpositioned');
  });
});
