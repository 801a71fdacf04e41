/** Category 1 (issue 12, third session): findings and wordings the independent labels named that the lexicon lacked. */
import { describe, expect, it } from 'vitest';
import { seen } from './_helpers.js';

const CASES: [string, string[]][] = [
  // pleura and trauma
  ['Dense layering opacity at the right base with a meniscus, probably a haemothorax.', ['hemothorax:uncertain:right']],
  ['Loculated left pleural collection, suspicious for empyema.', ['empyema:uncertain:left']],
  ['Patchy airspace shadowing in the left mid zone in keeping with pulmonary contusion.', ['pulmonary contusion:present:left']],
  ['Segmental fractures of the right 4th to 7th ribs with a flail segment.', ['rib fracture:present:right', 'flail chest:present']],
  ['Undisplaced fracture of the left scapula.', ['other fracture:present:left']],
  // lung
  ['Faint ground-glass change around the biopsy site, probably a little parenchymal haemorrhage.', ['pulmonary hemorrhage:uncertain']],
  ['Diffuse bilateral airspace opacities compatible with ARDS.', ['ards:present:bilateral']],
  ['Tubular branching opacities in the left lower lobe, likely mucoid impaction.', ['mucus plugging:uncertain:left']],
  ['Septal lines and hilar fullness suspicious for lymphangitic spread of tumour.', ['hilar lymphadenopathy:present', 'lymphangitic carcinomatosis:uncertain']],
  // heart, mediastinum, vessels
  ['Dense mitral annulus calcification.', ['mitral annular calcification:present']],
  ['Enlarged left atrium, splaying the carina.', ['left atrial enlargement:present']],
  ['Calcified mediastinal lymph nodes.', ['calcified lymph nodes:present']],
  ['Upper lobe blood diversion.', ['vascular congestion:present']],
  ['Aortic unfolding.', ['tortuous aorta:present']],
  ['Calcified, unfolded thoracic aorta.', ['aortic atherosclerosis:present', 'tortuous aorta:present']],
  ['Left hilar prominence.', ['hilar lymphadenopathy:present:left']],
  ['Right paratracheal mass.', ['mediastinal mass:present:right']],
  ['Tracheal narrowing at the thoracic inlet.', ['tracheal narrowing:present']],
  // bones and abdomen
  ['Flowing anterior osteophytes of the thoracic spine, in keeping with DISH.', ['diffuse idiopathic skeletal hyperostosis:present']],
  ['Expansile lytic lesion of the right 6th rib.', ['lytic bone lesion:present:right']],
  ['Marked gastric distension.', ['gastric distension:present']],
  ['Colonic interposition under the right hemidiaphragm (Chilaiditi).', ['chilaiditi sign:present:right']],
  // devices and operations
  ['Defibrillator pads over the left chest. Cervical collar in place.', ['defibrillator pads:present:left', 'cervical collar:present']],
  ['Epicardial pacing wires. Two mediastinal drains.', ['pacemaker:present', 'chest tube:present']],
  ['PEG tube in the left upper quadrant.', ['enteric tube:present']],
  ['UVC tip at T9. UAC tip at T8.', ['umbilical venous catheter:present', 'umbilical arterial catheter:present']],
  ['Post oesophagectomy with a gastric conduit in the right chest.', ['surgical procedure:present:right']],
];

describe('vocabulary: findings beyond the first taxonomy and other wordings', () => {
  it.each(CASES)('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});
