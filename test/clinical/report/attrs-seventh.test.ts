/** Issue 12, seventh session (attrs): how mentions across a report become one finding, with its attributes. */
import { describe, expect, it } from 'vitest';
import { one, seen } from './_helpers.js';

describe('a sign in a zone is the finding its lobe is read as in another sentence', () => {
  it.each([
    ['Patchy opacity in the left lower zone.\nIMPRESSION: Left lower lobe pneumonia.', ['pneumonia:present:left']],
    ['Ill-defined consolidation at the right base. Heart normal.\nConclusion: RLL pneumonia.', ['pneumonia:present:right']],
    ['Hazy opacity in the right upper zone with a raised fissure.\nImpression: right upper lobe collapse.', ['lobar collapse:present:right']],
    ['Airspace shadowing in the left mid zone, obscuring the heart border. Impression: probable lingular pneumonia.', ['pneumonia:uncertain:left']],
  ])('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });

  it('keeps a sign in another zone apart from the lobe named', () => {
    expect(seen('Opacity in the right upper zone.\nImpression: right lower lobe pneumonia.')).toEqual(['lung opacity:present:right', 'pneumonia:present:right']);
  });

  it('reads a diffuse process named without a side as no sign of a one-sided finding', () => {
    expect(seen('Hyperexpanded lungs with paucity of upper zone vessels, consistent with emphysema. Large left apical bulla.')).toEqual([
      'emphysema:present:bilateral', 'bullae:present:left',
    ]);
  });
});

describe('a central line tip past the cavoatrial junction is in the right atrium; too deep there is urgent', () => {
  const tip = (text: string, name: string) => {
    const f = one(text, name);
    return [f?.devicePosition, f?.devicePlacement, f?.significance];
  };
  it.each([
    ['Left subclavian central line, tip in the mid right atrium; recommend withdrawal by 3 cm.', 'central venous catheter', ['right atrium', 'malpositioned', 'urgent']],
    ['Right IJ line with its tip about 4 cm below the cavoatrial junction, should be pulled back.', 'central venous catheter', ['right atrium', 'malpositioned', 'urgent']],
    ['Right IJ line with its tip just above the cavoatrial junction.', 'central venous catheter', ['cavoatrial junction', 'appropriate', 'not_actionable_not_urgent']],
    ['Right IJ line, tip slightly deep in the right atrium.', 'central venous catheter', ['right atrium', 'malpositioned', 'actionable_not_urgent']],
    ['Right arm PICC terminating in the right atrium.', 'picc', ['right atrium', 'appropriate', 'not_actionable_not_urgent']],
    ['Tunnelled haemodialysis catheter from the right, tips in the right atrium.', 'dialysis catheter', ['right atrium', 'appropriate', 'not_actionable_not_urgent']],
  ] as const)('%s', (text, name, expected) => {
    expect(tip(text, name)).toEqual(expected);
  });
});

describe('the hilum seen again as part of the finding that pulled or enlarged it', () => {
  it('reads a raised hilum as the sign of the collapse on its side, whatever lobe it names', () => {
    expect(seen('Dense right upper zone opacity.\nThe right hilum is elevated.\nIMPRESSION: right upper lobe collapse.')).toEqual(['lobar collapse:present:right']);
  });

  it('reads an enlarged hilum on the side of a hilar mass as that mass', () => {
    expect(seen('Lobulated mass at the left hilum.\nThe left hilum is bulky.')).toEqual(['mass:present:left']);
    expect(seen('Left hilum enlarged, suspicious of a central tumour.')).toEqual(['mass:uncertain:left']);
  });

  it('keeps nodes on the other side, or with no mass, as nodes', () => {
    expect(seen('Mass at the left hilum. Enlarged right hilum.')).toEqual(['mass:present:left', 'hilar lymphadenopathy:present:right']);
    expect(seen('Both hila are enlarged.')).toEqual(['hilar lymphadenopathy:present:bilateral']);
  });
});

describe('airspace disease is the airspace opacity named again', () => {
  it('joins the opacity of its side, or what the opacity was read as', () => {
    expect(seen('Diffuse bilateral airspace opacities.\nIMPRESSION: Worsening bilateral airspace disease.')).toEqual(['lung opacity:present:bilateral']);
    expect(seen('Bilateral airspace opacities, in keeping with pulmonary oedema.\nIMPRESSION: Bilateral airspace disease.')).toEqual(['pulmonary edema:present:bilateral']);
  });
  it('stays a consolidation with no opacity beside it', () => {
    expect(seen('Right lower lobe airspace disease.')).toEqual(['consolidation:present:right']);
  });
});
