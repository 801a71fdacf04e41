/**
 * METRICS §1.5 rules that read a finding's course (stable, healed, progressing) and the patient's
 * situation (a recent operation, a drain, a known condition, age) on top of the lexicon's level.
 * First matching rule wins; none matching keeps the lexicon's level. Urgent findings are never
 * lowered by being stable: a pneumothorax or a widened mediastinum that persists is no safer.
 */
import type { Significance, Severity, Temporal } from '../model.js';
import type { SignificanceCues } from './cues.js';
import { afterOperation, type KnownCondition, type Situation } from './situation.js';

/** What a course rule reads of a finding. */
export interface CourseInput {
  name: string;
  category: string;
  status: 'present' | 'absent' | 'uncertain';
  severity?: Severity | undefined;
  temporal?: Temporal | undefined;
  cues?: SignificanceCues | undefined;
}

interface CourseRule {
  id: string;
  when: (f: CourseInput, s: Situation, base: Significance) => boolean;
  significance: Significance;
  because: string;
}

const FRACTURES = new Set(['rib fracture', 'clavicle fracture', 'other fracture', 'vertebral compression fracture']);
/** Findings that may be long-standing: stable, they need no new action (§1.5 "stable chronic findings"). */
const CHRONIC_WHEN_STABLE = new Set(['cardiomegaly', 'hilar lymphadenopathy', 'interstitial opacities', 'vertebral compression fracture', 'tracheal deviation', 'elevated hemidiaphragm', 'hiatal hernia', 'bronchiectasis', 'left atrial enlargement', 'enlarged pulmonary arteries']);
/** Chronic findings whose appearance or progression is worked up (phrenic palsy, progressive fibrosis, pleural malignancy, a hernia that grows towards volvulus). */
const WORKED_UP_WHEN_PROGRESSING = new Set(['fibrosis', 'pleural thickening', 'elevated hemidiaphragm', 'interstitial opacities', 'scarring', 'hiatal hernia']);
/** Post-surgical states and spinal curvature that are part of an older patient's baseline (§1.5 age >= 65, "chronic sternotomy wires"). */
const ELDERLY_BASELINE = new Set(['sternotomy wires', 'surgical clips', 'prosthetic valve', 'spinal hardware', 'mastectomy', 'postsurgical changes', 'kyphosis', 'scoliosis']);
/** Air outside the lung after an operation is an anticipated complication, followed even when expected (§1.5). */
const ANTICIPATED_AIR = new Set(['pneumothorax', 'pneumomediastinum', 'pneumoperitoneum', 'hydropneumothorax']);
/** Airspace and pleural processes that clear with treatment: almost gone, what is left needs no new action. */
const RESOLVING_KINDS = new Set(['lung', 'pleura']);
/** Lesions followed until they are gone (a shrinking tumour is still treated and imaged). */
const FOLLOWED_TO_THE_END = new Set(['mass', 'nodule', 'cavitary lesion', 'lung abscess', 'mesothelioma', 'lymphangitic carcinomatosis', 'tuberculosis', 'empyema']);
/** Known conditions and the findings they explain (§1.5: "a finding the indication explains is less significant"). */
const EXPLAINS: Record<KnownCondition, ReadonlySet<string>> = {
  sarcoidosis: new Set(['hilar lymphadenopathy', 'interstitial opacities', 'fibrosis', 'calcified lymph nodes']),
  'old tuberculosis': new Set(['tracheal deviation', 'mediastinal shift', 'pleural thickening', 'fibrosis', 'scarring', 'calcified lymph nodes', 'bronchiectasis', 'elevated hemidiaphragm']),
  'lung resection': new Set(['tracheal deviation', 'mediastinal shift', 'elevated hemidiaphragm', 'pleural thickening']),
  'ventricular assist device': new Set(['cardiomegaly']),
};

const worse = (f: CourseInput) => f.temporal === 'new' || f.temporal === 'increased' || f.temporal === 'worsened';
const better = (f: CourseInput) => f.temporal === 'decreased' || f.temporal === 'improved';
const child = (s: Situation) => s.age !== undefined && s.age <= 5;
/** §1.5: in children unexplained effusions weigh more; the rules that lower an effusion are for adults. */
const adult = (s: Situation) => s.age === undefined || s.age >= 16;
const above = (base: Significance, level: Significance) => RANK[base] > RANK[level];
const RANK: Record<Significance, number> = { benign_expected: 0, not_actionable_not_urgent: 1, actionable_not_urgent: 2, urgent: 3 };

const RULES: readonly CourseRule[] = [
  {
    id: 'pericardial fluid gathering',
    when: (f) => f.name === 'pericardial effusion' && f.status !== 'absent' && worse(f) && f.cues?.expected !== true,
    significance: 'urgent',
    because: 'pericardial fluid that is new or gathering can reach tamponade: it is assessed at once (METRICS §1.5, large pericardial effusion)',
  },
  {
    id: 'nearly resolved, air',
    when: (f, _s, base) => ANTICIPATED_AIR.has(f.name) && f.cues?.nearlyResolved === true && !worse(f) && above(base, 'actionable_not_urgent'),
    significance: 'actionable_not_urgent',
    because: 'air outside the lung that has almost resolved is a small residue: followed, not an emergency',
  },
  {
    id: 'nearly resolved',
    when: (f, _s, base) => RESOLVING_KINDS.has(f.category) && !FOLLOWED_TO_THE_END.has(f.name) && !ANTICIPATED_AIR.has(f.name) && f.cues?.nearlyResolved === true && !worse(f) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a finding that has almost resolved leaves a residue that needs no new action',
  },
  {
    id: 'borderline heart size',
    when: (f, _s, base) => f.name === 'cardiomegaly' && f.cues?.borderline === true && !worse(f) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a heart at the upper limit of normal size needs no action',
  },
  {
    id: 'healed fracture',
    when: (f, s) => FRACTURES.has(f.name) && f.cues?.chronicity === 'healed' && !child(s),
    significance: 'benign_expected',
    because: 'an old, healed fracture is an incidental benign finding (in a young child it would still raise non-accidental injury)',
  },
  {
    id: 'healing fracture',
    when: (f, s, base) => FRACTURES.has(f.name) && f.cues?.chronicity === 'healing' && !child(s) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a healing fracture is weeks old: it is noted, not acted on (in a young child it would still raise non-accidental injury)',
  },
  {
    id: 'flail segment',
    when: (f, s) => f.name === 'rib fracture' && f.cues?.flail === true && !f.cues.chronicity && !child(s),
    significance: 'urgent',
    because: 'segmental rib fractures make a flail segment: ventilation is at risk',
  },
  {
    id: 'vertebral compression in the elderly after a fall',
    when: (f, s) => f.name === 'vertebral compression fracture' && s.age !== undefined && s.age >= 65 && s.trauma,
    significance: 'actionable_not_urgent',
    because: 'a wedge compression in an older patient after a fall is most often osteoporotic: it is assessed, not an emergency',
  },
  {
    id: 'stable vertebral compression in the elderly',
    when: (f, s, base) => f.name === 'vertebral compression fracture' && s.age !== undefined && s.age >= 65 && f.temporal === 'unchanged' && above(base, 'benign_expected'),
    significance: 'benign_expected',
    because: 'an unchanged wedge compression in an older patient is an old osteoporotic fracture',
  },
  {
    id: 'vertebral compression in the elderly',
    when: (f, s, base) => f.name === 'vertebral compression fracture' && s.age !== undefined && s.age >= 65 && !worse(f) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a wedge compression in an older patient without trauma is most often an old osteoporotic fracture',
  },
  {
    id: 'stated expected',
    when: (f, _s, base) => f.category !== 'device' && !ANTICIPATED_AIR.has(f.name) && f.cues?.expected === true && !worse(f) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'the report calls it expected after the procedure',
  },
  {
    id: 'effusion after trauma',
    when: (f, s) => f.name === 'pleural effusion' && s.trauma && (f.severity === 'moderate' || f.severity === 'severe'),
    significance: 'urgent',
    because: 'after trauma an effusion may be a haemothorax: a moderate or large one is drained at once',
  },
  {
    id: 'air after an operation or drain, increasing',
    when: (f, s) => f.name === 'subcutaneous emphysema' && (afterOperation(s) || s.pleuralProcedure) && (f.temporal === 'increased' || f.temporal === 'worsened' || f.severity === 'severe'),
    significance: 'actionable_not_urgent',
    because: 'subcutaneous air that grows or is extensive after an operation or a drain points to an air leak',
  },
  {
    id: 'air after an operation or drain',
    when: (f, s, base) => f.name === 'subcutaneous emphysema' && (afterOperation(s) || s.pleuralProcedure) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a little subcutaneous air is expected after an operation or a drain',
  },
  {
    id: 'effusion after an operation or drainage',
    // explained by the operation; in a child only an operation in the chest explains it (§1.5: an unexplained effusion weighs more)
    when: (f, s, base) => f.name === 'pleural effusion' && (afterOperation(s, adult(s) ? undefined : ['cardiac', 'thoracic']) || s.pleuralProcedure) && !worse(f) && (f.severity === 'mild' || (better(f) && f.severity === undefined)) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small or shrinking effusion is expected after an operation or drainage and is followed, not acted on',
  },
  {
    id: 'effusion in a ventilated patient',
    when: (f, s, base) => adult(s) && f.name === 'pleural effusion' && s.criticalCare && !s.infectionQuestion && !worse(f) && f.severity === 'mild' && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'small layering effusions are expected in a ventilated or ECMO patient; they matter when the question is infection',
  },
  {
    id: 'effusion regressing',
    when: (f, s, base) => adult(s) && f.name === 'pleural effusion' && better(f) && (f.severity === undefined || f.severity === 'mild') && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small effusion that is shrinking under treatment needs no new action (a moderate one is still followed)',
  },
  {
    id: 'effusion stable',
    when: (f, s, base) => adult(s) && f.name === 'pleural effusion' && f.temporal === 'unchanged' && (f.severity === undefined || f.severity === 'mild') && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small effusion unchanged from the prior study needs no new action',
  },
  {
    id: 'after cardiac surgery',
    when: (f, s, base) => (f.name === 'widened mediastinum' || f.name === 'cardiomegaly') && afterOperation(s, ['cardiac']) && !worse(f) && f.severity !== 'severe' && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a mildly wider mediastinum and cardiac silhouette are expected after cardiac surgery',
  },
  {
    id: 'after lung resection',
    when: (f, s, base) => f.name === 'pneumothorax' && afterOperation(s, ['thoracic']) && f.severity === 'mild' && !worse(f) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small apical air space is expected after lung resection or oesophagectomy',
  },
  {
    id: 'explained by a known condition',
    when: (f, s, base) => !worse(f) && [...s.known].some((k) => EXPLAINS[k].has(f.name)) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'the indication names a condition that explains it (sarcoidosis, old tuberculosis, lung resection)',
  },
  {
    id: 'chronic finding progressing',
    when: (f, _s, base) => WORKED_UP_WHEN_PROGRESSING.has(f.name) && worse(f) && RANK[base] < RANK.actionable_not_urgent,
    significance: 'actionable_not_urgent',
    because: 'a chronic finding that is new or progressing is worked up',
  },
  {
    id: 'stable chronic finding',
    when: (f, _s, base) => CHRONIC_WHEN_STABLE.has(f.name) && f.temporal === 'unchanged' && base === 'actionable_not_urgent',
    significance: 'not_actionable_not_urgent',
    because: 'a chronic finding unchanged from the prior study needs no new action',
  },
  {
    id: 'baseline in an older patient',
    when: (f, s, base) => ELDERLY_BASELINE.has(f.name) && s.age !== undefined && s.age >= 65 && !afterOperation(s) && above(base, 'benign_expected'),
    significance: 'benign_expected',
    because: 'old post-surgical changes and spinal curvature are expected at 65 and over',
  },
];

/** The first §1.5 course or situation rule that changes `base`, if any. */
export function courseRule(f: CourseInput, s: Situation, base: Significance): { significance: Significance; because: string } | undefined {
  for (const r of RULES) {
    if (r.when(f, s, base)) return r.significance === base ? undefined : { significance: r.significance, because: r.because };
  }
  return undefined;
}
