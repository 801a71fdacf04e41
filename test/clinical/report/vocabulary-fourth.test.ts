/**
 * Issue 12, fourth session: findings the blind labels write as `other: ...` (infection, occupational,
 * neonatal, paediatric, cardiovascular, abdominal) and devices outside the first list. Disease-level
 * diagnoses (tuberculosis, pneumoconiosis, mesothelioma) are findings beside their signs, as the
 * labellers list them; neonatal lung diseases and the nipple shadow take their signs (CONVENTIONS §4).
 */
import { describe, expect, it } from 'vitest';
import { one, seen } from './_helpers.js';

const CASES: [string, string[]][] = [
  // tuberculosis: active disease taking its signs as evidence, a cavity beside it; old disease
  ['Left apical cavity with surrounding consolidation, suspicious for reactivation TB.', ['cavitary lesion:present:left', 'consolidation:present:left', 'tuberculosis:uncertain:left']], // the cavity and the consolidation stay beside it (CONVENTIONS §4, lexicon keeps)
  ['Widespread tiny nodules, ?miliary tuberculosis.', ['tuberculosis:uncertain']], // the nodules its evidence (CONVENTIONS §4)
  ['Right upper zone fibrocavitary change.', ['tuberculosis:present:right']],
  ['Features of old healed TB in the left upper zone.', ['healed tuberculosis:present:left']],
  ['Changes of previous tuberculosis at both apices.', ['healed tuberculosis:present:bilateral']],
  // neonatal and paediatric
  ['Low volumes with fine granular opacification and air bronchograms, in keeping with hyaline membrane disease.', ['low lung volumes:present', 'surfactant deficiency:present']],
  ['Streaky perihilar markings, most likely retained fetal lung fluid.', ['transient tachypnea of the newborn:uncertain']],
  ['Coarse interstitial shadowing and hyperinflation, consistent with BPD.', ['bronchopulmonary dysplasia:present']],
  ['Patchy asymmetric opacities with hyperinflation, in keeping with meconium aspiration.', ['meconium aspiration:present']],
  ['Linear lucencies radiating from the hila in keeping with pulmonary interstitial emphysema.', ['pulmonary interstitial emphysema:present']],
  ['Bubbly lucencies over the right abdomen, concerning for necrotising enterocolitis.', ['pneumatosis intestinalis:uncertain']],
  ['Right-sided air trapping on expiration, suggesting an inhaled foreign body.', ['foreign body:uncertain:right']],
  ['Subglottic narrowing (steeple sign), consistent with croup.', ['croup:present']],
  ['Boot-shaped heart and oligaemic lung fields (tetralogy of Fallot).', ['congenital heart disease:present', 'pulmonary oligemia:present']],
  ['Right-sided aortic arch.', ['right aortic arch:present']],
  ['Situs inversus with dextrocardia.', ['dextrocardia:present']],
  ['Left cervical rib.', ['congenital skeletal anomaly:present:left']],
  ['Pectus excavatum deformity.', ['pectus deformity:present']],
  ['Incidental azygos fissure.', ['azygos lobe:present']],
  // occupational and infection
  ['Multiple small upper zone nodules in a quarry worker, consistent with silicosis.', ['pneumoconiosis:present']],
  ['Circumferential nodular pleural thickening; malignant mesothelioma is possible.', ['pleural thickening:present', 'mesothelioma:uncertain']],
  ['Soft tissue ball within an old apical cavity with an air crescent, typical of a mycetoma.', ['cavitary lesion:present', 'aspergilloma:present']],
  ['Large thin-walled cyst at the right base, possibly an echinococcal cyst.', ['lung cyst:present:right', 'hydatid cyst:uncertain:right']],
  ['Several pneumatoceles in the left lower lobe.', ['lung cyst:present:left']],
  // heart, vessels, mediastinum
  ['Dense calcification of the pericardium.', ['pericardial calcification:present']],
  ['Calcified aortic valve and coronary artery calcification.', ['aortic valve calcification:present', 'coronary artery calcification:present']],
  ['Air outlining the heart, in keeping with pneumopericardium.', ['pneumopericardium:present']],
  ['Small bowel loops above the left hemidiaphragm, in keeping with a congenital diaphragmatic hernia.', ['diaphragmatic hernia:present:left']],
  ['Patulous oesophagus with an air-fluid level, ?achalasia.', ['dilated esophagus:present']],
  ['New bilateral basal consolidation, concerning for acute chest syndrome.', ['acute chest syndrome:uncertain:bilateral']],
  ['Peripheral wedge-shaped opacity at the right base, possibly a pulmonary infarct.', ['lung opacity:present:right', 'pulmonary embolism:uncertain:right']],
  // bones and abdomen
  ['H-shaped vertebral bodies and a small calcified spleen.', ['h-shaped vertebrae:present', 'autosplenectomy:present']],
  ['Sclerosis and collapse of the left humeral head, avascular necrosis.', ['avascular necrosis:present:left']],
  ['Dilated gas-filled small bowel loops under the diaphragm.', ['dilated bowel:present']],
  ['Destroyed lung on the left with volume loss.', ['destroyed lung:present:left']],
  // devices and operations
  ['Umbilical venous line tip at the level of the diaphragm.', ['umbilical venous catheter:present']],
  ['Neonatal long line via the right arm.', ['picc:present:right']],
  ['Inferior vena cava filter and embolisation coils in the pelvis.', ['other device:present']],
  ['Right underwater seal drain in situ.', ['chest tube:present:right']],
  ['Suture line at the hilum after a left lower lobectomy.', ['lobectomy:present:left']],
  ['Surgical staple line in the right upper zone.', ['postsurgical changes:present:right']],
  ['Previous left rib resection.', ['surgical procedure:present:left']],
  ['Left axillary dissection clips.', ['surgical clips:present:left']],
  // statements about the hila, nodes and the pleural space; hedges and other words
  ['The left hilum is bulky.', ['hilar lymphadenopathy:present:left']],
  ['Enlarged right hilum.', ['hilar lymphadenopathy:present:right']],
  ['Calcified right paratracheal node.', ['calcified lymph nodes:present:right']],
  ['Air-fluid level in the left pleural space.', ['hydropneumothorax:present:left']],
  ['The study raises the possibility of a small pericardial effusion.', ['pericardial effusion:uncertain']],
  ['Bilateral AC joint OA.', ['degenerative changes:present:bilateral']],
  ['Possible infective exacerbation in the left lower zone.', ['pneumonia:uncertain:left']],
];

describe('vocabulary: fourth-session findings and devices', () => {
  it.each(CASES)('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});

describe('statements that are not findings', () => {
  it.each([
    ['Aortic dissection cannot be excluded on plain film; CT aortogram advised.'],
    ['Oesophageal perforation must be considered in this setting.'],
    ['Catheter to be withdrawn to reduce the risk of pulmonary infarction.'],
  ])('%s', (text) => {
    expect(seen(text)).toEqual([]);
  });

  it('keeps a plain hedge a hedge', () => {
    expect(seen('Aortic dissection cannot be excluded.')).toEqual(['aortic dissection:uncertain']);
  });
});

describe('significance of the new findings', () => {
  it('old tuberculosis is not actionable, active tuberculosis is', () => {
    expect(one('Old healed TB at the right apex.', 'healed tuberculosis')?.significance).toBe('not_actionable_not_urgent');
    expect(one('Right apical cavity, likely active TB.', 'tuberculosis')?.significance).toBe('actionable_not_urgent');
  });

  it('a nipple shadow is benign and valve calcification is expected with age', () => {
    expect(one('Nodular opacity at the right base, probably a nipple shadow.', 'nipple shadow')?.significance).toBe('benign_expected');
    expect(one('Calcified aortic valve.', 'aortic valve calcification', { age: 80 })?.significance).toBe('benign_expected');
  });
});
