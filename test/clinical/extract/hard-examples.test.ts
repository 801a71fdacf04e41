/**
 * Hard example sentences with the findings a radiologist expects (CONVENTIONS.md): negation
 * scopes, coordinated lists, pseudo-negations, hedges, abbreviations, measurements, devices,
 * temporal cues and normal statements. Each expectation is the complete list of findings
 * (ids, sentence indexes and spans left out).
 */
import { describe, expect, it } from 'vitest';
import { brief, f, type Brief } from './_helpers.js';

const L = { laterality: 'left' } as const;
const R = { laterality: 'right' } as const;
const B = { laterality: 'bilateral' } as const;
const small = { severity: 'mild', severityText: 'small' } as const;
const p1 = { probability: 1 } as const;
const p2 = { probability: 2 } as const;

const EXAMPLES: [string, Brief[]][] = [
  // negation scope and coordinated lists
  ['No pleural effusion or pneumothorax.', [f('pleural effusion', 'absent'), f('pneumothorax', 'absent')]],
  ['There is no evidence of focal consolidation, pleural effusion, pneumothorax, or pulmonary edema.', [f('consolidation', 'absent'), f('pleural effusion', 'absent'), f('pneumothorax', 'absent'), f('pulmonary edema', 'absent')]],
  ['No pneumothorax, but there is a small left pleural effusion.', [f('pneumothorax', 'absent'), f('pleural effusion', 'present', { ...small, ...L })]],
  ['No focal consolidation; mild bibasilar atelectasis.', [f('consolidation', 'absent'), f('atelectasis', 'present', { severity: 'mild', severityText: 'mild', ...B, location: ['base'] })]],
  ['Moderate cardiomegaly without pulmonary edema or pleural effusion.', [f('cardiomegaly', 'present', { severity: 'moderate', severityText: 'moderate' }), f('pulmonary edema', 'absent'), f('pleural effusion', 'absent')]],
  ['Right chest tube in place with no residual pneumothorax.', [f('chest tube', 'present', R), f('pneumothorax', 'absent')]],
  ['No pneumothorax is seen and a small right effusion is present.', [f('pneumothorax', 'absent'), f('pleural effusion', 'present', { ...small, ...R })]],
  ['Effusion and pneumothorax are not identified.', [f('pleural effusion', 'absent'), f('pneumothorax', 'absent')]],
  ['Small left effusion, pneumothorax not seen.', [f('pleural effusion', 'present', { ...small, ...L }), f('pneumothorax', 'absent')]],
  ['The lungs are free of consolidation.', [f('consolidation', 'absent')]],
  ['No consolidation to suggest pneumonia.', [f('consolidation', 'absent'), f('pneumonia', 'absent')]],
  ['No pneumothorax following removal of the left chest tube.', [f('pneumothorax', 'absent'), f('chest tube', 'absent', { ...L, temporal: 'resolved' })]],
  ['No new focal consolidation.', [f('consolidation', 'absent')]],
  ['No large lung volumes.', [f('hyperinflation', 'absent')]],
  // pseudo-negation
  ['No change in the moderate right pleural effusion.', [f('pleural effusion', 'present', { severity: 'moderate', severityText: 'moderate', ...R, temporal: 'unchanged' })]],
  ['No significant change in mild cardiomegaly.', [f('cardiomegaly', 'present', { severity: 'mild', severityText: 'mild', temporal: 'unchanged' })]],
  ['No interval change in the 6 mm left upper lobe nodule.', [f('nodule', 'present', { ...L, location: ['upper lobe'], measurementMm: 6, dimensionsMm: [6], temporal: 'unchanged' })]],
  ['Not only cardiomegaly but also pulmonary vascular congestion.', [f('cardiomegaly', 'present'), f('vascular congestion', 'present')]],
  ['No effusion, no change in cardiomegaly.', [f('pleural effusion', 'absent'), f('cardiomegaly', 'present', { temporal: 'unchanged' })]],
  // hedges
  // a sign with its interpretation is one finding, the sign its evidence (§4)
  ['Right lower lobe consolidation concerning for pneumonia.', [f('pneumonia', 'uncertain', { ...p2, ...R, location: ['lower lobe'], evidence: ['consolidation'] })]],
  // a sign with alternatives the report does not choose between is the sign (§4)
  ['Left basilar opacity may represent atelectasis or pneumonia.', [f('lung opacity', 'present', { ...L, location: ['base'], interpretations: ['atelectasis', 'pneumonia'] })]],
  ['Atelectasis versus pneumonia.', [f('atelectasis', 'uncertain', p1), f('pneumonia', 'uncertain', p1)]],
  ['Likely atelectasis versus pneumonia.', [f('atelectasis', 'uncertain', p2), f('pneumonia', 'uncertain', p1)]],
  ['A small right pneumothorax cannot be excluded.', [f('pneumothorax', 'uncertain', { ...p1, ...small, ...R })]],
  ['Cannot exclude a small left apical pneumothorax.', [f('pneumothorax', 'uncertain', { ...p1, ...small, ...L, location: ['apex'] })]],
  ['Findings are suggestive of mild pulmonary edema.', [f('pulmonary edema', 'uncertain', { ...p2, severity: 'mild', severityText: 'mild' })]],
  ['Questionable nodule in the right mid lung.', [f('nodule', 'uncertain', { ...p1, ...R, location: ['mid zone'] })]],
  ['Opacity is favored to represent atelectasis.', [f('atelectasis', 'uncertain', { ...p2, evidence: ['lung opacity'] })]],
  ['Findings may reflect atelectasis, although infection cannot be excluded.', [f('atelectasis', 'uncertain', p1), f('pneumonia', 'uncertain', p1)]],
  ['Findings consistent with pulmonary edema.', [f('pulmonary edema', 'present')]],
  ['Borderline cardiomegaly.', [f('cardiomegaly', 'uncertain', p1)]],
  ['There may be a trace right pleural effusion.', [f('pleural effusion', 'uncertain', { ...p1, severity: 'mild', severityText: 'trace', ...R })]],
  ['Consolidation concerning for pneumonia or aspiration.', [f('consolidation', 'present', { interpretations: ['pneumonia', 'aspiration'] })]],
  // abbreviations and synonyms
  ['RLL and lingular opacities.', [f('lung opacity', 'present', { ...B, location: ['lingula', 'lower lobe'] })]],
  ['Small R PTX.', [f('pneumothorax', 'present', { ...small, ...R })]],
  ['Bilateral effusions and bibasilar atelectasis.', [f('pleural effusion', 'present', B), f('atelectasis', 'present', { ...B, location: ['base'] })]],
  ['Free air under the right hemidiaphragm.', [f('pneumoperitoneum', 'present', R)]],
  ['Calcified granuloma in the left upper lobe.', [f('granuloma', 'present', { ...L, location: ['upper lobe'] })]],
  ['Atherosclerotic calcification of the aortic arch.', [f('aortic atherosclerosis', 'present')]],
  ['Tension pneumothorax on the right with leftward mediastinal shift.', [f('tension pneumothorax', 'present', R), f('mediastinal shift', 'present', L)]],
  ['T12 compression fracture.', [f('vertebral compression fracture', 'present')]],
  ['Acute fractures of the left fifth and sixth ribs.', [f('rib fracture', 'present', L)]],
  ['Elevated right hemidiaphragm.', [f('elevated hemidiaphragm', 'present', R)]],
  // fractures stated of their bones, across the words that pick the bones (§28)
  ['Acute mildly displaced fractures of the left posterior 5th through 7th ribs.', [f('rib fracture', 'present', { ...L, location: ['posterior'] })]],
  ['Acute displaced fracture of the right clavicular shaft.', [f('clavicle fracture', 'present', R)]],
  ['Nondisplaced fracture of the left 6th rib.', [f('rib fracture', 'present', L)]],
  ['Fractures involving the right 4th-6th ribs.', [f('rib fracture', 'present', R)]],
  ['Healing fractures of the right third to fifth ribs.', [f('rib fracture', 'present', R)]],
  ['No fracture of the left 9th through 11th ribs.', [f('rib fracture', 'absent', L)]],
  // nodularity (§29)
  ['Right apical nodularity.', [f('nodule', 'present', { ...R, location: ['apex'] })]],
  ['Cavitating lesion at the left apex with adjacent nodularity.', [f('cavitary lesion', 'present', { ...L, location: ['apex'] }), f('nodule', 'present', { ...L, location: ['apex'] })]],
  ['Possible nodularity in the left lower lobe.', [f('nodule', 'uncertain', { ...p1, ...L, location: ['lower lobe'] })]],
  ['Left pleural nodularity.', [f('pleural thickening', 'present', L)]],
  // volume loss describes the finding that took the volume (fibrosis, collapse); one lung's, alone, is its atelectasis
  ['Left lung volume loss.', [f('atelectasis', 'present', L)]],
  ['Apical fibrosis with volume loss.', [f('fibrosis', 'present', { location: ['apex'], evidence: ['volume loss'] })]],
  // measurements
  ['Right upper lobe nodule measuring 1.2 x 0.8 cm.', [f('nodule', 'present', { ...R, location: ['upper lobe'], measurementMm: 12, dimensionsMm: [12, 8] })]],
  ['A 2.5 cm mass in the left hilum.', [f('mass', 'present', { ...L, location: ['hilum'], measurementMm: 25, dimensionsMm: [25] })]],
  ['Left apical pneumothorax measuring 15 mm.', [f('pneumothorax', 'present', { ...L, location: ['apex'], measurementMm: 15, dimensionsMm: [15] })]],
  // devices
  ['ETT tip 4 cm above the carina.', [f('endotracheal tube', 'present', { measurementMm: 40, dimensionsMm: [40], devicePosition: 'above carina', devicePlacement: 'appropriate' })]],
  ['Endotracheal tube in the right mainstem bronchus; recommend withdrawal by 2 cm.', [f('endotracheal tube', 'present', { devicePosition: 'right mainstem bronchus', devicePlacement: 'malpositioned' })]],
  ['Enteric tube tip in the distal esophagus, should be advanced.', [f('enteric tube', 'present', { devicePosition: 'esophagus', devicePlacement: 'malpositioned' })]],
  ['Dobhoff tube courses into the right lower lobe bronchus.', [f('enteric tube', 'present', { devicePosition: 'airway', devicePlacement: 'malpositioned' })]],
  ['Right IJ central venous catheter terminates at the cavoatrial junction.', [f('central venous catheter', 'present', { ...R, devicePosition: 'cavoatrial junction', devicePlacement: 'appropriate' })]],
  // a PICC tip in the upper right atrium is acceptable (findings/*.yaml appropriatePositions)
  ['Left PICC with tip in the right atrium.', [f('picc', 'present', { ...L, devicePosition: 'right atrium', devicePlacement: 'appropriate' })]],
  ['ETT and NG tube are in standard position.', [f('endotracheal tube', 'present', { devicePlacement: 'appropriate' }), f('enteric tube', 'present', { devicePlacement: 'appropriate' })]],
  ['The enteric tube tip is not visualized.', [f('enteric tube', 'present')]],
  ['Interval extubation.', [f('endotracheal tube', 'absent', { temporal: 'resolved' })]],
  ['Left chest wall pacemaker with leads in the right atrium and right ventricle.', [f('pacemaker', 'present', { ...L, devicePosition: 'right ventricle', devicePlacement: 'appropriate' })]],
  // temporal
  ['Interval resolution of the right pneumothorax.', [f('pneumothorax', 'absent', { ...R, temporal: 'resolved' })]],
  ['The previously seen left effusion is no longer seen.', [f('pleural effusion', 'absent', { ...L, temporal: 'resolved' })]],
  ['Increasing bibasilar opacities.', [f('lung opacity', 'present', { ...B, location: ['base'], temporal: 'increased' })]],
  ['Slightly decreased left pleural effusion.', [f('pleural effusion', 'present', { ...L, temporal: 'decreased' })]],
  ['Redemonstrated right apical pleural thickening.', [f('pleural thickening', 'present', { ...R, location: ['apex'], temporal: 'unchanged' })]],
  ['Cardiomegaly and bilateral effusions are unchanged.', [f('cardiomegaly', 'present', { temporal: 'unchanged' }), f('pleural effusion', 'present', { ...B, temporal: 'unchanged' })]],
  ['Stable appearance of the chest without pneumothorax.', [f('pneumothorax', 'absent')]],
  ['Worsening pulmonary edema.', [f('pulmonary edema', 'present', { temporal: 'worsened' })]],
  ['Right lower lobe pneumonia is again seen, slightly improved.', [f('pneumonia', 'present', { ...R, location: ['lower lobe'], temporal: 'improved' })]],
  ['Persistent retrocardiac opacity, atelectasis versus consolidation.', [f('lung opacity', 'present', { laterality: 'left', location: ['retrocardiac'], temporal: 'unchanged', interpretations: ['atelectasis', 'consolidation'] })]],
  ['Blunting of the right costophrenic angle, likely small effusion.', [f('pleural effusion', 'uncertain', { ...p2, ...small, ...R, location: ['costophrenic angle'], evidence: ['costophrenic angle blunting'] })]],
  // a tension only suspected: the pneumothorax stays as stated, the tension its possible reading, the shift a finding of its own
  ['Large right pneumothorax with mediastinal shift to the left, concerning for tension.', [f('pneumothorax', 'present', { severity: 'severe', severityText: 'large', ...R, interpretations: ['tension pneumothorax'] }), f('mediastinal shift', 'present', L)]],
  ['Right IJ catheter tip in the right atrium, should be withdrawn 2 cm.', [f('central venous catheter', 'present', { ...R, devicePosition: 'right atrium', devicePlacement: 'malpositioned' })]],
  ['Both lungs are clear.', [f('consolidation', 'absent')]],
  ['No definite evidence of pneumonia, although early infection is difficult to exclude.', [f('pneumonia', 'uncertain', p1)]],
  ['Atelectasis may be present.', [f('atelectasis', 'uncertain', p1)]],
  ['Pneumothorax: none.', [f('pneumothorax', 'absent')]],
  ['Enlarged right hilar lymph nodes.', [f('hilar lymphadenopathy', 'present', R)]],
  ['Air under the right hemidiaphragm.', [f('pneumoperitoneum', 'present', R)]],
  ['Small amount of fluid in the right minor fissure.', [f('pleural effusion', 'present', { ...small, ...R, location: ['fissure'] })]],
  ['No evidence of pneumothorax or pleural effusion on the left.', [f('pneumothorax', 'absent'), f('pleural effusion', 'absent', L)]],
  ['Slight increase in the size of the right pleural effusion.', [f('pleural effusion', 'present', { ...R, temporal: 'increased' })]],
  // missing from the earlier study means new, not absent (§27)
  ['A 9 mm nodule in the right upper lobe, not present on the prior radiograph.', [f('nodule', 'present', { ...R, location: ['upper lobe'], measurementMm: 9, dimensionsMm: [9], temporal: 'new' })]],
  ['Moderate right pleural effusion, not seen on the previous study.', [f('pleural effusion', 'present', { severity: 'moderate', severityText: 'moderate', ...R, temporal: 'new' })]],
  ['Left basilar opacity, which was absent on the comparison exam.', [f('lung opacity', 'present', { ...L, location: ['base'], temporal: 'new' })]],
  ['Small left pneumothorax, not identified previously.', [f('pneumothorax', 'present', { ...small, ...L, temporal: 'new' })]],
  ['Possible right lower lobe pneumonia, not present on the prior study.', [f('pneumonia', 'uncertain', { ...p1, ...R, location: ['lower lobe'], temporal: 'new' })]],
  ['The pneumothorax seen on the prior study is not present on the current study.', [f('pneumothorax', 'absent')]],
  ['The left effusion is no longer seen on the current radiograph.', [f('pleural effusion', 'absent', { ...L, temporal: 'resolved' })]],
  // normal statements and statements
  ['Heart size is normal.', [f('cardiomegaly', 'absent')]],
  ['The heart is mildly enlarged.', [f('cardiomegaly', 'present', { severity: 'mild', severityText: 'mildly' })]],
  ['The cardiomediastinal silhouette is within normal limits.', [f('cardiomegaly', 'absent'), f('widened mediastinum', 'absent')]],
  ['Lungs are hyperinflated but clear.', [f('hyperinflation', 'present'), f('consolidation', 'absent')]],
  ['The left lung is clear.', [f('consolidation', 'absent', L)]],
  ['Heart size and mediastinal contours are normal.', [f('cardiomegaly', 'absent'), f('widened mediastinum', 'absent')]],
  ['Normal heart size and pulmonary vascularity.', [f('cardiomegaly', 'absent'), f('vascular congestion', 'absent')]],
  ['The right costophrenic angle is sharp.', [f('pleural effusion', 'absent', R)]],
  ['Lung volumes are low. No acute cardiopulmonary process.', [f('low lung volumes', 'present')]],
  ['The aorta is tortuous and calcified.', [f('tortuous aorta', 'present'), f('aortic atherosclerosis', 'present')]],
];

describe('hard examples', () => {
  it('has at least 60 examples', () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(EXAMPLES)('%s', (text, expected) => {
    expect(brief(text)).toEqual(expected);
  });
});
