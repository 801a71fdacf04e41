/**
 * METRICS §1.5 "a finding the indication explains is less significant": a condition the
 * indication states (not one it asks about) explains the findings it is known to cause, and what
 * the film shows of the condition itself is part of its known course when it is not worse: a
 * tumour under treatment that is unchanged, an infection under treatment that is improving,
 * ARDS on ECMO that is stable. What is new or worse is never explained away.
 */
import type { KnownCondition } from './situation.js';
import { above, better, worse, type CourseRule } from './rule.js';

/** Known conditions and the findings they explain while not worse. */
const EXPLAINS: Partial<Record<KnownCondition, ReadonlySet<string>>> = {
  sarcoidosis: new Set(['hilar lymphadenopathy', 'mediastinal lymphadenopathy', 'interstitial opacities', 'fibrosis', 'calcified lymph nodes']),
  'old tuberculosis': new Set(['tracheal deviation', 'mediastinal shift', 'pleural thickening', 'fibrosis', 'scarring', 'calcified lymph nodes', 'bronchiectasis', 'elevated hemidiaphragm', 'hilar retraction', 'healed tuberculosis']),
  'lung resection': new Set(['tracheal deviation', 'mediastinal shift', 'elevated hemidiaphragm', 'pleural thickening']),
  'ventricular assist device': new Set(['cardiomegaly']),
  // silicosis and coal workers' nodes enlarge and calcify (eggshell) for life: they are not worked up again
  'mineral dust exposure': new Set(['hilar lymphadenopathy', 'mediastinal lymphadenopathy', 'calcified lymph nodes']),
  'pulmonary hypertension': new Set(['enlarged pulmonary arteries']),
  ards: new Set(['ards', 'consolidation', 'lung opacity']),
};

/** What a known cancer shows that is followed on its treatment: unchanged, it needs no new action. */
const TUMOUR = new Set(['mass', 'nodule', 'pulmonary metastases', 'mediastinal mass', 'lytic bone lesion', 'sclerotic bone lesion', 'hilar lymphadenopathy', 'mediastinal lymphadenopathy', 'lymphangitic carcinomatosis', 'mesothelioma', 'pleural thickening', 'widened mediastinum']);
/** What an infection under treatment shows: improving, it is the expected course (still the same, it is reviewed). */
const INFECTION = new Set(['pneumonia', 'consolidation', 'lung opacity', 'tuberculosis', 'cavitary lesion', 'empyema', 'aspiration']);

export const KNOWN_RULES: readonly CourseRule[] = [
  {
    id: 'explained by a known condition',
    when: (f, s, base) => !worse(f) && [...s.known].some((k) => EXPLAINS[k]?.has(f.name) === true) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'the indication names a condition that explains it (sarcoidosis, old tuberculosis, lung resection, dust exposure, pulmonary hypertension, ARDS)',
  },
  {
    id: 'known tumour unchanged',
    when: (f, s, base) => s.known.has('known cancer') && TUMOUR.has(f.name) && f.temporal === 'unchanged' && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a known tumour that is unchanged on treatment or surveillance needs no new action',
  },
  {
    id: 'treated infection improving',
    when: (f, s, base) => s.known.has('treated infection') && INFECTION.has(f.name) && better(f) && f.status !== 'uncertain' && f.cues?.persisting !== true && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'an infection under treatment that is improving is on its expected course',
  },
];
