/**
 * METRICS §1.5 rules that read a finding's course (stable, healed, progressing) and the patient's
 * situation (a recent operation, a drain, a known condition, age) on top of the lexicon's level.
 * First matching rule wins; none matching keeps the lexicon's level. Urgent findings are never
 * lowered by being stable: a pneumothorax or a widened mediastinum that persists is no safer.
 */
import type { Significance } from '../model.js';
import { KNOWN_RULES } from './known.js';
import { PLEURAL_RULES } from './pleural.js';
import { afterOperation, type Situation } from './situation.js';
import { RANK, above, adult, better, child, worse, type CourseInput, type CourseRule } from './rule.js';

export type { CourseInput } from './rule.js';

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
    id: 'unexplained cardiomegaly',
    // §1.5 lists an enlarged heart stated plainly (no grade, no size) as urgent beside a large pericardial effusion, and a
    // mild-moderate one as actionable; a finding the indication explains is less significant (heart failure, valve
    // disease, dialysis, breathlessness): only an enlarged heart nothing in a given indication accounts for is urgent
    // (without an indication the lexicon's level stands: nothing says whether it is explained)
    when: (f, s) => f.name === 'cardiomegaly' && f.status === 'present' && f.severity === undefined && f.temporal === undefined && adult(s) && s.indication !== undefined && !s.cardiacReason && f.cues?.borderline !== true && f.cues?.caveat !== true && f.cues?.expected !== true,
    significance: 'urgent',
    because: 'an enlarged heart stated plainly that nothing in the indication explains may be a pericardial effusion: it is assessed at once (METRICS §1.5, unqualified cardiomegaly)',
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
    id: 'retained fragment',
    // §1.5's urgent foreign body is one inhaled, swallowed or lodged in the chest; a fragment outside the chest after an
    // injury, or a retained surgical fragment, is documented and planned for
    // (one lodged in the airway or the oesophagus is the urgent kind, whatever it is made of)
    when: (f, s) => f.name === 'foreign body' && f.cues?.fragment === true && !f.devicePosition && (!s.trauma || f.cues.outsideChest === true),
    significance: 'actionable_not_urgent',
    because: 'a metal fragment outside the chest, or one retained after an operation, is documented and removed electively if at all',
  },
  {
    id: 'possible nipple shadow',
    when: (f) => f.name === 'nipple shadow' && f.cues?.hedged === true,
    significance: 'actionable_not_urgent',
    because: 'a nodular opacity only thought to be a nipple shadow is a nodule until repeated with nipple markers',
  },
  {
    id: 'mediastinal air and a suspected rupture',
    // air in the mediastinum after vomiting, or when the indication asks about a leak, is a rupture or a leak until shown
    // otherwise (the lexicon's post-operative rule is for the expected air of a fresh sternotomy or oesophagectomy)
    when: (f, s) => f.name === 'pneumomediastinum' && f.status !== 'absent' && /\b(?:vomit\w*|retch\w*|boerhaave|rupture|perforat\w*|leak\w*|anastomotic)\b/i.test(s.indication ?? ''),
    significance: 'urgent',
    because: 'mediastinal air after vomiting, or with a suspected leak, may be an oesophageal rupture or an anastomotic leak: assessed at once',
  },
  {
    id: 'mediastinal air after resuscitation',
    when: (f, s) => f.name === 'pneumomediastinum' && f.status !== 'absent' && s.resuscitation && f.severity === 'mild' && !worse(f),
    significance: 'actionable_not_urgent',
    because: 'a little mediastinal air after chest compressions and bagging is barotrauma: followed, not an emergency',
  },
  {
    id: 'free air after abdominal surgery',
    when: (f, s, base) => f.name === 'pneumoperitoneum' && afterOperation(s, ['abdominal']) && !worse(f) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'free air under the diaphragm is expected for days after an abdominal operation (§1.5 expected after a procedure)',
  },
  {
    id: 'whole lung collapse',
    when: (f) => f.name === 'lobar collapse' && f.status === 'present' && f.cues?.wholeLung === true && !better(f),
    significance: 'urgent',
    because: 'a whole lung collapsed (a mainstem bronchus blocked by a tube, a plug or a tumour) is treated at once',
  },
  {
    id: 'lobar atelectasis in a young child',
    // §1.5: a lobe collapsed in a young child may hide an inhaled foreign body; with bronchiolitis or an infection it is
    // usually a plug, which the indication explains (less significant), but it is still reviewed
    when: (f, s, base) => f.name === 'atelectasis' && f.status !== 'absent' && child(s) && f.cues?.lobar === true && !better(f) && RANK[base] < RANK.urgent,
    significance: 'actionable_not_urgent',
    because: 'a whole lobe collapsed in a young child is reviewed: it may hide an inhaled foreign body (METRICS §1.5)',
  },
  {
    id: 'mediastinal shift unchanged',
    // tension does not last from one film to the next: a shift unchanged is long-standing volume loss (resection, fibrosis,
    // collapse). Its cause is still worked up unless the indication explains it (a resection: the lexicon's context rule);
    // an urgent finding is never lowered below actionable by being stable (the significance-ordered law)
    when: (f, _s, base) => f.name === 'mediastinal shift' && f.temporal === 'unchanged' && above(base, 'actionable_not_urgent'),
    significance: 'actionable_not_urgent',
    because: 'a mediastinal shift unchanged from the prior study is long-standing volume loss, not tension: worked up, not decompressed',
  },
  {
    id: 'mediastinal shift toward a lesion',
    when: (f, _s, base) => f.name === 'mediastinal shift' && f.cues?.towardLesion === true && above(base, 'actionable_not_urgent'),
    significance: 'actionable_not_urgent',
    because: 'a mediastinum pulled toward the lesion shows volume loss, not tension: the cause is worked up, not decompressed',
  },
  ...PLEURAL_RULES,
  {
    id: 'after cardiac surgery',
    when: (f, s, base) => (f.name === 'widened mediastinum' || f.name === 'cardiomegaly') && afterOperation(s, ['cardiac']) && !worse(f) && f.severity !== 'severe' && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a mildly wider mediastinum and cardiac silhouette are expected after cardiac surgery',
  },
  ...KNOWN_RULES,
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
    id: 'called chronic',
    when: (f, _s, base) => (CHRONIC_WHEN_STABLE.has(f.name) || WORKED_UP_WHEN_PROGRESSING.has(f.name)) && f.cues?.chronic === true && !worse(f) && base === 'actionable_not_urgent',
    significance: 'not_actionable_not_urgent',
    because: 'a finding the report calls chronic or long-standing needs no new action (§1.5 stable chronic findings)',
  },
  {
    id: 'markedly raised hemidiaphragm',
    // a hemidiaphragm markedly raised without an operation or resection to explain it may be a phrenic palsy (a tumour at
    // the hilum or in the neck) or something beneath it: it is worked up
    when: (f, s, base) => f.name === 'elevated hemidiaphragm' && f.status === 'present' && f.severity === 'severe' && !afterOperation(s) && !s.known.has('lung resection') && RANK[base] < RANK.actionable_not_urgent,
    significance: 'actionable_not_urgent',
    because: 'a markedly raised hemidiaphragm that no operation explains may be a phrenic palsy or a process beneath it: it is worked up',
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
