/**
 * Canonical ids of the clinical core. The lexicon data (src/clinical/lexicon/) must define
 * exactly these findings; tests, fixtures, renderers and metrics refer to them by these ids.
 */

export const FINDING_NAMES = [
  // pleura and air
  'pneumothorax', 'tension pneumothorax', 'hydropneumothorax', 'pleural effusion', 'pleural thickening', 'pleural plaques',
  'costophrenic angle blunting',
  // lung parenchyma and airways
  'consolidation', 'pneumonia', 'aspiration', 'atelectasis', 'lobar collapse', 'lung opacity', 'ground-glass opacity',
  'pulmonary edema', 'vascular congestion', 'interstitial opacities', 'fibrosis', 'emphysema', 'bullae', 'hyperinflation',
  'nodule', 'mass', 'granuloma', 'cavitary lesion', 'lung abscess', 'bronchiectasis', 'bronchial wall thickening', 'scarring',
  'prominent bronchovascular markings',
  'elevated hemidiaphragm', 'low lung volumes', 'silhouette sign',
  // heart, vessels, mediastinum
  'cardiomegaly', 'pericardial effusion', 'widened mediastinum', 'pneumomediastinum', 'mediastinal mass',
  'hilar lymphadenopathy', 'enlarged pulmonary arteries', 'aortic atherosclerosis', 'tortuous aorta', 'hiatal hernia',
  'tracheal deviation', 'mediastinal shift', 'aortic aneurysm', 'hilar retraction',
  // bones and soft tissue
  'rib fracture', 'clavicle fracture', 'vertebral compression fracture', 'scoliosis', 'kyphosis', 'degenerative changes',
  'osteopenia', 'lytic bone lesion', 'sclerotic bone lesion', 'subcutaneous emphysema', 'foreign body',
  // abdomen under the diaphragm
  'pneumoperitoneum',
  // devices and post-surgical change
  'endotracheal tube', 'tracheostomy tube', 'enteric tube', 'central venous catheter', 'picc', 'pulmonary artery catheter',
  'implanted port', 'chest tube', 'pacemaker', 'sternotomy wires', 'prosthetic valve', 'surgical clips', 'ecg leads',
  'dialysis catheter', 'ecmo cannula', 'intra-aortic balloon pump', 'lvad', 'loop recorder', 'ventriculoperitoneal shunt', 'stent',
  'lobectomy', 'pneumonectomy', 'mastectomy', 'spinal hardware', 'postsurgical changes',
  // issue 12: findings the independent labels name beyond the first list
  'hemothorax', 'empyema', 'pulmonary contusion', 'pulmonary hemorrhage', 'ards', 'mucus plugging', 'radiation pneumonitis',
  'lymphangitic carcinomatosis', 'septic emboli', 'bronchopleural fistula', 'trapped lung', 'flail chest', 'other fracture',
  'mitral annular calcification', 'left atrial enlargement', 'calcified lymph nodes', 'diffuse idiopathic skeletal hyperostosis',
  'tracheal narrowing', 'gastric distension', 'chilaiditi sign', 'defibrillator pads', 'cervical collar', 'umbilical arterial catheter',
  'surgical procedure',
  // issue 12, fourth session: infection, occupational, neonatal, paediatric and cardiovascular findings and other devices
  'tuberculosis', 'healed tuberculosis', 'surfactant deficiency', 'transient tachypnea of the newborn', 'meconium aspiration',
  'bronchopulmonary dysplasia', 'pulmonary interstitial emphysema', 'pneumatosis intestinalis', 'umbilical venous catheter', 'air trapping',
  'nipple shadow', 'acute chest syndrome', 'mesothelioma', 'pneumoconiosis', 'hydatid cyst', 'lung cyst', 'aspergilloma',
  'pericardial calcification', 'aortic valve calcification', 'coronary artery calcification', 'right aortic arch', 'dextrocardia',
  'congenital heart disease', 'pulmonary oligemia', 'congenital skeletal anomaly', 'pectus deformity', 'azygos lobe',
  'croup', 'epiglottitis', 'dilated esophagus', 'anastomotic leak', 'pulmonary embolism', 'aortic dissection', 'pneumopericardium',
  'diaphragmatic hernia', 'dilated bowel', 'avascular necrosis', 'h-shaped vertebrae', 'autosplenectomy', 'destroyed lung', 'other device',
  // issue 12, fifth session: specialist devices (cardiac, thoracic, anaesthesia, renal) and a sternal complication
  'mitral clip', 'impella', 'intracardiac line', 'endobronchial valve', 'epidural catheter', 'peritoneal dialysis catheter',
  'sternal dehiscence', 'viral lower respiratory tract infection',
  // issue 12, seventh session: the nodes of the mediastinal stations, named apart from the hilar nodes beside them
  'mediastinal lymphadenopathy', 'blast lung', 'pulmonary metastases', 'invasive fungal infection',
  // issue 12, ninth session: a drug's lung injury, the conglomerate masses of a pneumoconiosis, sarcoidosis, an enlarged spleen
  'drug-induced pneumonitis', 'progressive massive fibrosis', 'sarcoidosis', 'splenomegaly',
  // issue 12, tenth session: one hemithorax or lung smaller, its cause not named
  'volume loss',
] as const;

export type FindingName = (typeof FINDING_NAMES)[number];

/** Canonical anatomy ids for `Finding.location`. */
export const LOCATIONS = [
  'upper lobe', 'middle lobe', 'lower lobe', 'lingula', 'apex', 'base', 'upper zone', 'mid zone', 'lower zone',
  'hilum', 'perihilar', 'retrocardiac', 'costophrenic angle', 'cardiophrenic angle', 'subpulmonic', 'fissure',
  'mediastinum', 'paratracheal', 'diaphragm', 'lateral', 'posterior', 'anterior',
] as const;

/** Canonical tip positions for `Finding.devicePosition`. */
export const DEVICE_POSITIONS = [
  'trachea', 'above carina', 'at carina', 'right mainstem bronchus', 'left mainstem bronchus', 'esophagus', 'stomach',
  'duodenum', 'airway', 'brachiocephalic vein', 'internal jugular vein', 'subclavian vein', 'axillary vein', 'arm vein', 'svc', 'cavoatrial junction',
  'right atrium', 'right ventricle', 'pulmonary artery', 'pleural space',
] as const;
