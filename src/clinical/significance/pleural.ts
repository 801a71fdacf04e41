/**
 * METRICS §1.5 rules for fluid and air around the lung: an effusion's weight follows its size and
 * what explains it (an operation, a drain, a ventilated patient, a device just placed), trauma
 * makes fluid a possible haemothorax, and subcutaneous air is expected where a drain or a wound
 * let it in. First matching rule wins (the order of ./course.ts).
 */
import { afterOperation, type Situation } from './situation.js';
import { above, adult, better, worse, type CourseInput, type CourseRule } from './rule.js';

/** Grade words beyond "large": the hemithorax is (almost) filled (§1.5 "urgent by size"). */
const MASSIVE = new Set(['massive', 'huge', 'very large']);
const small = (f: CourseInput) => f.severity === 'mild';
/** Small, or "now small to moderate" after shrinking: what drainage leaves behind. */
const smallNow = (f: CourseInput) => small(f) || (better(f) && f.severity === 'moderate' && f.cues?.fromSmall === true);
/** A loculated collection or an empyema (said of the fluid, or the indication's reason for the drain). */
const collection = (f: CourseInput, s: Situation) => f.cues?.loculated === true || /\b(?:empyema|loculated|pyothorax)\b/i.test(s.indication ?? '');

export const PLEURAL_RULES: readonly CourseRule[] = [
  {
    id: 'pneumothorax on a ventilator',
    // positive pressure pumps air into the pleura with every breath: even a small pneumothorax can become a tension one
    when: (f, s) => f.name === 'pneumothorax' && f.status !== 'absent' && s.ventilated && !better(f),
    significance: 'urgent',
    because: 'a pneumothorax in a ventilated patient can build up under positive pressure into tension: it is drained at once',
  },
  {
    id: 'pneumothorax in chronic lung disease',
    // a secondary pneumothorax: little reserve, and it seldom resolves alone, so it is drained whatever its size
    when: (f, s) => f.name === 'pneumothorax' && f.status !== 'absent' && s.known.has('chronic lung disease') && !better(f),
    significance: 'urgent',
    because: 'a pneumothorax in lungs with chronic disease (COPD, cystic fibrosis, fibrosis) is a secondary one: poorly tolerated, it is drained, not watched',
  },
  {
    id: 'effusion after trauma',
    when: (f, s) => f.name === 'pleural effusion' && s.trauma && (f.severity === 'moderate' || f.severity === 'severe'),
    significance: 'urgent',
    because: 'after trauma an effusion may be a haemothorax: a moderate or large one is drained at once',
  },
  {
    id: 'haemothorax after trauma or an operation',
    // a haemothorax seen on the film after injury or surgery is drained and its source sought; only a small one is watched
    when: (f, s) => f.name === 'hemothorax' && (s.trauma || afterOperation(s)) && !small(f),
    significance: 'urgent',
    because: 'blood in the pleural space after trauma or an operation, unless small, is drained at once and its source sought (§1.5 haemothorax, urgent by size)',
  },
  {
    id: 'massive effusion',
    when: (f) => f.name === 'pleural effusion' && f.severityText !== undefined && MASSIVE.has(f.severityText) && !better(f),
    significance: 'urgent',
    because: 'a massive effusion fills the hemithorax and compresses the lung: it is drained at once',
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
    id: 'air at a drain or wound site',
    when: (f, _s, base) => f.name === 'subcutaneous emphysema' && (f.cues?.localSite === true || better(f)) && !worse(f) && f.severity !== 'severe' && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'air confined to the site of a drain or wound, or already regressing, is expected and absorbs by itself',
  },
  {
    id: 'effusion after an operation or drainage',
    // explained by the operation; in a child only an operation in the chest explains it (§1.5: an unexplained effusion weighs more)
    // a loculated collection or an empyema being drained is still treated until it is gone: only a small remnant is followed
    when: (f, s, base) => f.name === 'pleural effusion' && (afterOperation(s, adult(s) ? undefined : ['cardiac', 'thoracic']) || s.pleuralProcedure) && !worse(f) && (smallNow(f) || (better(f) && f.severity === undefined && !collection(f, s))) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small or shrinking effusion is expected after an operation or drainage and is followed, not acted on',
  },
  {
    id: 'effusion in a ventilated patient',
    // layering fluid on a supine ICU film is usually not graded: unless called moderate or large it is the small layering kind
    when: (f, s, base) => adult(s) && f.name === 'pleural effusion' && s.criticalCare && !s.infectionQuestion && !worse(f) && (small(f) || f.severity === undefined) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'small layering effusions are expected in a ventilated or ECMO patient; they matter when the question is infection',
  },
  {
    id: 'small effusion on a device film',
    when: (f, s, base) => adult(s) && f.name === 'pleural effusion' && s.deviceProcedure && !s.heartFailure && !s.infectionQuestion && !s.trauma && !worse(f) && small(f) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small effusion on a film taken after placing a line, tube or device is incidental to the procedure and followed, not acted on (§1.5 after a procedure)',
  },
  {
    id: 'hedged small effusion',
    when: (f, s, base) => adult(s) && f.name === 'pleural effusion' && f.status === 'uncertain' && small(f) && !s.trauma && !s.infectionQuestion && !worse(f) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small effusion the report only suspects changes nothing by itself (after trauma it may be blood, with fever an infected one: both are followed up)',
  },
  {
    id: 'effusion regressing',
    when: (f, s, base) => adult(s) && f.name === 'pleural effusion' && better(f) && (small(f) || (f.severity === undefined && !collection(f, s))) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small effusion that is shrinking under treatment needs no new action (a moderate one is still followed)',
  },
  {
    id: 'effusion stable',
    when: (f, s, base) => adult(s) && f.name === 'pleural effusion' && f.temporal === 'unchanged' && (f.severity === undefined || small(f)) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small effusion unchanged from the prior study needs no new action',
  },
  {
    id: 'air and fluid after a tap or drain',
    when: (f, s, base) => f.name === 'hydropneumothorax' && s.pleuralProcedure && f.severity !== 'severe' && !worse(f) && above(base, 'actionable_not_urgent'),
    significance: 'actionable_not_urgent',
    because: 'air let in by a tap or drain above the remaining fluid is an anticipated complication: followed, not an emergency (§1.5 small anticipated pneumothorax after a procedure)',
  },
  {
    id: 'after lung resection',
    when: (f, s, base) => f.name === 'pneumothorax' && afterOperation(s, ['thoracic']) && small(f) && !worse(f) && above(base, 'not_actionable_not_urgent'),
    significance: 'not_actionable_not_urgent',
    because: 'a small apical air space is expected after lung resection or oesophagectomy',
  },
];
