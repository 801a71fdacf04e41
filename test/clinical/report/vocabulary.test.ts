/** Category 1 (issue 12): each clinical idea has a lexicon entry or rule, whatever its wording. */
import { describe, expect, it } from 'vitest';
import { seen } from './_helpers.js';

const CASES: [string, string[]][] = [
  // lung volumes
  ['Lung volumes are low with crowding of the bronchovascular markings.', ['low lung volumes:present']],
  ['Poor inspiratory effort.', []],
  ['Poor inspiratory effort with low lung volumes.', ['low lung volumes:present']],
  ['The lungs are hyperexpanded with flattened hemidiaphragms.', ['hyperinflation:present:bilateral']],
  // shift and deviation
  ['Rightward mediastinal shift.', ['mediastinal shift:present:right']],
  ['The mediastinum is shifted to the left.', ['mediastinal shift:present:left']],
  ['Trachea is deviated to the right.', ['tracheal deviation:present:right']],
  // silhouette signs, alone and with their cause
  ['The right heart border is obscured.', ['silhouette sign:present:right']],
  ['Loss of definition of the left hemidiaphragm.', ['silhouette sign:present:left']],
  ['Left lower lobe consolidation with loss of the left hemidiaphragm contour.', ['consolidation:present:left']],
  // post-surgical states
  ['Intact median sternotomy wires. CABG clips.', ['sternotomy wires:present', 'surgical clips:present']],
  ['Postsurgical changes of a left upper lobectomy.', ['lobectomy:present:left']],
  ['Postoperative changes in the right hemithorax.', ['postsurgical changes:present:right']],
  ['Status post right pneumonectomy.', ['pneumonectomy:present:right']],
  ['Left mastectomy. Posterior spinal fusion rods.', ['mastectomy:present:left', 'spinal hardware:present']],
  // airways and aorta
  ['Mild peribronchial cuffing.', ['bronchial wall thickening:present:bilateral']],
  ['Aneurysmal dilatation of the ascending aorta.', ['aortic aneurysm:present']],
  ['The aorta is ectatic and calcified.', ['aortic aneurysm:present', 'aortic atherosclerosis:present']],
  ['Unfolded thoracic aorta.', ['tortuous aorta:present']],
  // fluid and airspace in other words
  ['Findings are compatible with volume overload.', ['pulmonary edema:present:bilateral']],
  ['Small amount of fluid tracking along the minor fissure.', ['pleural effusion:present']],
  ['Hazy airspace filling in the right lower zone.', ['lung opacity:present:right']],
  ['Coarse interstitial markings at both bases.', ['interstitial opacities:present:bilateral']],
  // devices
  ['Right-sided pigtail drain.', ['chest tube:present:right']],
  ['Tunneled right internal jugular hemodialysis catheter, tip in the right atrium.', ['dialysis catheter:present:right']],
  ['VP shunt tubing courses over the right chest.', ['ventriculoperitoneal shunt:present:right']],
  ['ECMO cannula in place. IABP tip at the level of the aortic knob. LVAD.', ['ecmo cannula:present', 'intra-aortic balloon pump:present', 'lvad:present']],
  ['Implantable loop recorder over the left chest. Coronary artery stents.', ['loop recorder:present:left', 'stent:present']],
  // bones, lists of ribs
  ['Acute fractures of the left fourth through sixth ribs.', ['rib fracture:present:left']],
  ['Sclerotic osseous lesions compatible with metastases.', ['sclerotic bone lesion:present']],
  ['Metallic foreign body projects over the right hemithorax.', ['foreign body:present:right']],
];

describe('vocabulary: one entry or rule per clinical idea', () => {
  it.each(CASES)('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});
