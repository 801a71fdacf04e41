/** Categories 2, 3 and 7 (issue 12, third session): general rules learnt from the independent labels, with our own examples. */
import { describe, expect, it } from 'vitest';
import { seen } from './_helpers.js';

const CASES: [string, string, string[]][] = [
  // 2. text that is not a finding of this study
  ['a differential list states no finding', 'Cavitating lesion in the left upper lobe. Differential considerations include infection or neoplasm.', ['cavitary lesion:present:left']],
  ['a patient history inside a sentence', 'Reticular opacities at both bases, in keeping with interstitial lung disease in this patient with rheumatoid arthritis.', ['interstitial opacities:present:bilateral']],
  ['a hedge that only names the limits of a supine film', 'No large pneumothorax. A small anterior pneumothorax cannot be excluded on a supine film.', []],
  ['an occult finding is a limitation', 'No nodule is seen, though small nodules may be radiographically occult.', []],
  ['a procedure is not aspiration', 'Small left effusion, no pneumothorax following aspiration.', ['pleural effusion:present:left']],
  ['a treated finding not separately seen', 'The treated nodule is not separately seen.', []],
  ['unlikely is a denial', 'Pulmonary edema is unlikely given the normal heart size.', []],
  ['a later hedge overrides a denial', 'Superimposed pneumonia is less likely but cannot be excluded.', ['pneumonia:uncertain']],
  ['a resolved shift', 'The mediastinum, which was previously shifted to the right, has returned to the midline.', []],
  // 3. a sign and its interpretation across sentences
  ['zones that name the same region', 'R lower zone consolidation. Conclusion: R basal pneumonia.', ['pneumonia:present:right']],
  // an undecided differential is the sign it interprets (CONVENTIONS §4), stated twice here: one finding
  ['a hedged list interpreting the same sign', 'Patchy bibasilar opacities. IMPRESSION: Bibasilar opacities, which may represent atelectasis or pneumonia.', ['lung opacity:present:bilateral']],
  ['one side of a bilateral interpretation', 'Right upper lobe consolidation. Left lower lobe consolidation. IMPRESSION: Bilateral pneumonia.', ['pneumonia:present:bilateral']],
  ['a sign stated with what it shows', 'Dense right lower lobe opacification with air bronchograms.', ['consolidation:present:right']],
  ['a metastasis seen as a lytic lesion', 'Lytic lesion of the left 6th rib, likely a bone metastasis.', ['lytic bone lesion:present:left']],
  ['a post-surgical sign naming no operation beside one that does', 'IMPRESSION: Post CABG changes. Intact sternotomy wires.', ['sternotomy wires:present']],
  ['a mass at a mediastinal location', 'Large soft tissue mass in the superior mediastinum, narrowing the trachea.', ['mediastinal mass:present']],
];

describe('general rules: non-findings, signs and their interpretation, places', () => {
  it.each(CASES)('%s', (_what, text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});

/** Fourth session: precision rules (a sign beside its interpretation in other clause shapes, sides of list members). */
const PRECISION: [string, string, string[]][] = [
  ['a link after a long list of signs', 'Overexpanded lungs with flattened diaphragms and a widened retrosternal airspace, in keeping with emphysema.', ['emphysema:present:bilateral']],
  ['a link after signs joined by and', 'Large left pneumothorax with collapse of the left lung, rightward shift of the mediastinum and trachea, and inversion of the left hemidiaphragm, in keeping with tension.', ['tension pneumothorax:present:left']],
  ['a list member headed by an unknown word keeps its own side', 'Mild shift of the mediastinum to the left, and irregularity of the right hemidiaphragm.', ['mediastinal shift:present:left']],
  ['a dash after the signs names their interpretation', 'R lower zone consolidation, R hemidiaphragm obscured - RLL pneumonia.', ['pneumonia:present:right']],
  ['a dash after the finding names its signs', 'RLL collapse - triangular density behind the heart with loss of the right hemidiaphragm outline.', ['lobar collapse:present:right']],
  ['a dash between findings that do not explain each other', 'Small right effusion - no pneumothorax. Left basal opacity.', ['pleural effusion:present:right', 'lung opacity:present:left']],
  ['a hyphen inside a word is no dash', 'Ill-defined opacity in the left upper zone.', ['lung opacity:present:left']],
  ['every sign listed after with', 'Interstitial oedema with septal lines and peribronchial cuffing.', ['pulmonary edema:present:bilateral']],
  ['a mass in a lobe that abuts the mediastinum is a lung mass', 'A 6 cm mass in the left upper lobe, abutting the mediastinum.', ['mass:present:left']],
  ['a mass in the aortopulmonary window is mediastinal', 'Lobulated mass in the AP window.', ['mediastinal mass:present']],
  ['advice lines state no finding', 'Loculated L pleural collection.\nAdv: USG guided aspiration; ICD if pus.', ['pleural effusion:present:left']],
  ['s/o links a sign to its interpretation', 'Patchy consolidation in the L lower zone s/o pneumonia.', ['pneumonia:uncertain:left']],
  ['opacities interpreted as a disease the lexicon does not name', 'Fine nodular opacities in both upper zones, consistent with known Langerhans cell histiocytosis.', []],
  ['a mass or a shift said to reflect an unnamed cause stays', 'Right hilar mass, likely lymphomatous. Mild shift of the mediastinum to the right, in keeping with the previous surgery.', ['mass:present:right', 'mediastinal shift:present:right']],
  ['a cause is not an interpretation', 'Fractures of the left 4th and 5th ribs, likely related to resuscitation.', ['rib fracture:present:left']],
  ['b/l is bilateral, not left', 'Minimal b/l pleural effusion.', ['pleural effusion:present:bilateral']],
  ['free gas takes the side of the hemidiaphragm it lies under', 'Free gas beneath the left hemidiaphragm.', ['pneumoperitoneum:present:left']],
  ['a term that holds its own side', 'Free air under both hemidiaphragms.', ['pneumoperitoneum:present:bilateral']],
  ['one lung hyperinflated', 'The left lung is hyperexpanded after right pneumonectomy.', ['hyperinflation:present:left', 'pneumonectomy:present:right']],
  ['findings after a lung named with its side are in that lung', 'Near-complete re-expansion of the left lung with a tiny residual apical pneumothorax.', ['pneumothorax:present:left']],
  ['the lung side stops at the next side word', 'Right lung is clear apart from minor basal atelectasis; small left effusion.', ['atelectasis:present:right', 'pleural effusion:present:left']],
  ['a definite pneumothorax stays beside a possible complication', 'Small right apical pneumothorax - ?hydropneumothorax.', ['pneumothorax:present:right', 'hydropneumothorax:uncertain:right']],
  ['an effusion named more specifically is one finding', 'Moderate left pleural effusion, likely haemothorax given the trauma.', ['hemothorax:uncertain:left']],
  ['a communication line states no finding', 'Right pneumothorax. Discussed with the surgeon, who was inserting a chest tube.', ['pneumothorax:present:right']],
  ['a limitation by overlying devices', 'Limited exam due to overlying monitoring leads.', []],
  ['a sign that is hard to tell from another', 'Right basal atelectasis. No effusion, although atelectasis and consolidation can be difficult to distinguish.', ['atelectasis:present:right']],
  ['a mass placed nowhere in the lung is the mediastinal mass of the report, which explains the widening', 'Widened superior mediastinum with a lobulated soft tissue mass. IMPRESSION: Anterior mediastinal mass.', ['mediastinal mass:present']],
  ['a mass in a lobe stays beside a mediastinal mass', 'Mass in the right upper lobe. Separate anterior mediastinal mass.', ['mass:present:right', 'mediastinal mass:present']],
  ['a possible interpretation in the next sentence', 'Faint haziness in the L lower zone. ? early consolidation cannot be ruled out.', ['consolidation:uncertain:left']],
  ['a small nodule said to be a malignancy stays the nodule', 'A 1.8 cm spiculated nodule in the right upper lobe, suspicious for primary lung malignancy.', ['nodule:present:right']],
  ['a large one is a mass', 'A 4 cm spiculated opacity in the right upper lobe, suspicious for primary lung malignancy.', ['mass:uncertain:right']],
  ['a sign restated without a place after its interpretation', 'Patchy peripheral opacities at both bases, consistent with multifocal pneumonia. IMPRESSION: Increasing bilateral opacities.', ['pneumonia:present:bilateral']],
];

describe('precision: signs beside their interpretation, sides of list members', () => {
  it.each(PRECISION)('%s', (_what, text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});
