/**
 * Word classes for the RadGraph-style lexicon annotator (RadGraph schema, Jain et al. 2021;
 * RadGraph-XL 2024): anatomy (`Anatomy::definitely present`) and observations (findings,
 * devices and their descriptors, with a certainty). One entity per word, as the schema's
 * annotators mostly mark them. The observation nouns also take every word of the clinical
 * lexicon's finding and device terms, so a finding the extractor knows is an observation here.
 */
import { getLexicon } from '../../../../clinical/lexicon/load.js';

const set = (s: string): Set<string> => new Set(s.trim().split(/\s+/));

/** Anatomy nouns: heads of an anatomy phrase (`lobe` in `right lower lobe`). */
export const ANAT_NOUN = set(`
  lung lungs lobe lobes lingula heart mediastinum hilum hila hili hilus contour contours silhouette silhouettes angle angles
  base bases zone zones apex apices field fields hemidiaphragm hemidiaphragms diaphragm diaphragms trachea carina bronchus bronchi
  airway airways svc ivc atrium atria ventricle ventricles vein veins artery arteries aorta arch knob spine vertebra vertebrae
  rib ribs clavicle clavicles scapula scapulae sternum humerus humeri shoulder shoulders chest thorax hemithorax hemithoraces
  stomach abdomen wall walls fissure fissures pleura pericardium esophagus oesophagus junction tissue tissues bone bones
  structures structure vasculature vascularity vessels vessel parenchyma interstitium neck axilla axillae mainstem segment
  segments border borders margin margins sulcus sulci recess recesses inlet region regions side sides cava bowel liver spleen
  skeleton thoracolumbar hemidiaphragmatic space spaces chambers knuckle hiatus chamber ventricle cardiomediastinum mediastina
  stripe stripes ij ijv ra rv la lv rll rml rul lll lul gej cp valve valves body bodies endplate endplates joint joints heads trunk sinus sinuses
`);

/** Anatomy adjectives: sides, levels and regions that modify an anatomy noun or locate an observation. */
export const ANAT_ADJ = set(`
  left right bilateral bilaterally both unilateral upper lower mid middle central peripheral medial lateral anterior posterior
  superior inferior apical basal basilar bibasal bibasilar biapical bihilar perihilar parahilar hilar retrocardiac subpleural
  pleural pulmonary cardiac mediastinal cardiomediastinal cardiopulmonary costophrenic cardiophrenic diaphragmatic paratracheal
  tracheal bronchial bronchovascular peribronchial vascular interstitial alveolar airspace parenchymal osseous bony skeletal
  thoracic lumbar cervical subcutaneous soft aortic pericardial jugular internal external subclavian brachiocephalic cavoatrial
  retrosternal subdiaphragmatic subphrenic intrathoracic abdominal gastric esophageal oesophageal lingular lobar segmental
  ventricular atrial caval venous arterial hepatic splenic axillary humeral sternal vertebral spinal costal thyroid chest
  cardiothoracic lung rib heart dorsal distal proximal main stem midline mediastinum hemithorax apicolateral lateral
  infrahilar suprahilar juxtahilar subsegmental upper lower azygos paraspinal paravertebral glenohumeral acromioclavicular
  sternoclavicular costochondral cardiophrenic bronchopulmonary tracheobronchial pulmonic mitral tricuspid valvular coronary
  sided carinal clavicular scapular humeral costal r l rt lt laterally medially superiorly inferiorly anteriorly posteriorly
  apicoposterior anterosuperior posterolateral anterolateral posteromedial shaft mid - shaft
  first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth
  1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th 11th 12th
  t1 t2 t3 t4 t5 t6 t7 t8 t9 t10 t11 t12 l1 l2 c7
`);

/** Observation descriptors: size, extent, change, state and the words of normal statements. */
export const OBS_ADJ = set(`
  small large tiny trace minimal mild mildly moderate moderately severe severely marked markedly massive extensive slight
  slightly minor subtle faint patchy streaky linear nodular reticular reticulonodular focal diffuse diffusely multifocal
  multiple several scattered numerous innumerable new old chronic acute subacute stable unchanged increased increasing
  decreased decreasing improved improving worse worsened worsening progressed progressive persistent persisting resolving
  enlarged prominent normal abnormal clear unremarkable intact satisfactory appropriate adequate good calcified calcific
  rounded round spiculated cavitating cavitary dense hazy confluent bulky loculated layering dependent free low high
  hyperinflated hyperexpanded overinflated flattened elevated widened tortuous unfolded ectatic dilated engorged distended
  displaced deviated shifted collapsed globular healed healing nondisplaced early residual similar less more larger smaller
  bigger sharp well ill defined circumscribed lucent sclerotic lytic coarse fine heterogeneous homogeneous atelectatic
  consolidative degenerative postoperative postsurgical surgical median mediastinal expanded expansile obscured blunted
  borderline upper top stably grossly essentially minimally partially complete partial total near mixed bilateral
  coiled kinked malpositioned ok okay predominant resolved unremarkable incidental short changed underlying obstructing
  surrounding double indistinct standard et
  greater lesser upward aerated aerated inflated underinflated hypoinflated
  accentuated increased crowded congested redistributed granular ground glass thickened irregular smooth nodularity
  asymmetric symmetric symmetrical
`);

/** Observation nouns the finding lexicon may miss (descriptive signs and normal-statement heads). */
const OBS_NOUN_EXTRA = set(`
  effusion effusions pneumothorax consolidation consolidations opacity opacities opacification atelectasis edema oedema
  pneumonia infection process abnormality abnormalities disease change changes cardiomegaly nodule nodules mass masses
  lesion lesions fracture fractures tube tubes catheter catheters line lines wire wires clip clips drain drains tip tips
  volumes volume markings marking aeration expansion inflation thickening blunting density densities lucency lucencies
  air gas fluid collection infiltrate infiltrates haziness shadowing scarring scar fibrosis emphysema congestion
  overload enlargement prominence calcification calcifications deformity deformities granuloma granulomas bronchograms
  air-fluid level levels pacemaker leads lead stent stents sternotomy hernia plaques plaque sutures staples hardware
  size configuration appearance position course loop kink
  sarcoidosis copd pe chf failure serositis tb malignancy metastases metastasis lymphoma carcinoma cancer sepsis exposure
  distribution reticulation haze halo swelling recurrence appearances
`);

/** Change nouns: `decrease in the effusion` (the change modifies what changed). */
export const CHANGE_NOUN = set(`
  resolution decrease increase reduction improvement progression regression worsening enlargement development clearing
`);

/** Words never an entity even if a finding term contains them. */
const NOT_ENTITY = set(`
  the and with within without from of not now off one two three four out past other like likely seen see visualized visible
  type state study system systems part picture hospital community related specific simple single triple amount amounts degree limits limit long end ends
  figure open under upward toward towards way whole through behind below beneath are is be for to in on at by as or an a
  previous prior post status series serial event effort projection film view region area areas sign signs evidence finding
  findings there this that these those than into onto over under which who its it their has have had was were been being
  may might could can cannot possible possibly probable probably suspected suspicious concerning suggestive suggesting
  consistent compatible keeping represent represents representing reflect reflects reflecting no nil none absent negative
  removed cleared exclude excluded ruled rule doubt unlikely question questionable equivocal likely typical
  demonstrated demonstrates identified noted present again seen appreciated detected evident shown visualised
  measuring measures measure measured approximately about up
  comparison examination exam impression findings indication history technique conclusion report radiograph radiographs
  chest x ray xray cxr pa ap lateral portable upright supine semi erect frontal views
  recommend recommended recommendation follow correlation clinical ct ultrasound further evaluation evaluate assess assessment
  interval since compared relative given due secondary related overall otherwise also still just again very
`);

/** Postmodifier words: `heart size` (size modifies heart), `tube tip` (tip modifies the tube). */
export const POSTMODIFIER = set('size tip tips');

/** Tissue words that start their own anatomy after an anatomy noun (`lobe` | `airspace` consolidation). */
export const TISSUE = set('airspace pleural interstitial alveolar parenchymal pulmonary subpleural peribronchial bronchovascular vascular subcutaneous osseous bony soft');

/** Words between a finding and its measurement (`nodule measuring up to 2 cm`). */
export const MEASURE_CONN = set('measuring measures measure measured approximately about up to of');

/** Prepositions that place an observation at the anatomy that follows. */
export const LOCATIVE = set(`
  in at within of over along overlying projecting projects into to above below near from throughout on beneath under behind
  involving across adjacent abutting terminating terminates ends overlies around via toward towards posterior anterior
`);

/** Words that join a subject to its predicate (`lungs are clear`). */
export const COPULA = set('is are was were appears appear appeared remains remain remained seems seem looks look be been has have again now still overall otherwise grossly');

/** Coordinators inside a list of subjects (`heart size and mediastinal contours are normal`). */
export const COORDINATOR = set('and or , /');

/** Cue words between two observations that make the first `suggestive_of` the second. */
export const SUGGESTIVE = set(`
  concerning suggestive suggesting suggests suspicious likely represent represents representing reflect reflects reflecting
  compatible consistent favor favored favoring worrisome possibly probably keeping indicating indicative due may could might
`);

const ANAT_EXPANSIONS = new Set([...ANAT_NOUN, ...ANAT_ADJ]);

let obsNouns: Set<string> | undefined;

/** Observation nouns: the extra list, every finding-term word of the clinical lexicon (not anatomy, not a function word), abbreviations of findings. */
export function observationNouns(): Set<string> {
  if (obsNouns) return obsNouns;
  const out = new Set(OBS_NOUN_EXTRA);
  const lx = getLexicon();
  for (const f of lx.findings) {
    for (const t of f.terms) {
      for (const w of t.split(/[^a-z0-9]+/)) {
        if (w.length > 2 && !NOT_ENTITY.has(w) && !ANAT_EXPANSIONS.has(w) && !OBS_ADJ.has(w) && !/^\d+$/.test(w)) out.add(w);
      }
    }
  }
  for (const [abbr, exp] of lx.abbreviations) {
    if (/\s|\//.test(abbr)) continue;
    const last = exp.split(/\s+/).pop()!;
    if (!ANAT_EXPANSIONS.has(last) && !NOT_ENTITY.has(last) && !ANAT_EXPANSIONS.has(abbr)) out.add(abbr);
  }
  obsNouns = out;
  return out;
}

export type WordClass = 'anat-noun' | 'anat-adj' | 'obs-noun' | 'obs-adj' | undefined;

/** The class of one lowercase word (anatomy first: `pleural` is anatomy even inside `pleural effusion`). */
export function classOf(w: string): WordClass {
  if (ANAT_NOUN.has(w)) return 'anat-noun';
  if (ANAT_ADJ.has(w)) return 'anat-adj';
  if (NOT_ENTITY.has(w)) return undefined;
  if (OBS_ADJ.has(w)) return 'obs-adj';
  if (CHANGE_NOUN.has(w)) return 'obs-noun';
  // finding words shaped as adjectives (`calcific`, `reticular`) describe, they do not head a phrase
  if (observationNouns().has(w)) return /(?:ed|ic|ous|ive|lar|ary|oid|al)$/.test(w) ? 'obs-adj' : 'obs-noun';
  return undefined;
}
