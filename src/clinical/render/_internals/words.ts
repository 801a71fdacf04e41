/**
 * Attribute wordings the renderer varies between. Each word is one the conventions map back to
 * the same value (CONVENTIONS.md §16, §17, §20); the renderer further keeps only words the loaded
 * lexicon knows, so a lexicon edit cannot make it write something unreadable.
 */
import type { Severity, Temporal } from '../../model.js';

/** Size words suit collections of air or fluid and lumps; intensity words suit the rest. */
export const SIZE_SEVERITY: Readonly<Record<Severity, readonly string[]>> = {
  mild: ['small', 'trace', 'tiny'],
  moderate: ['moderate'],
  severe: ['large'],
};
export const INTENSITY_SEVERITY: Readonly<Record<Severity, readonly string[]>> = {
  mild: ['mild', 'minimal', 'slight'],
  moderate: ['moderate'],
  severe: ['severe', 'marked', 'extensive'],
};
/** Findings graded by size rather than intensity. */
export const SIZED = new Set([
  'pneumothorax', 'tension pneumothorax', 'hydropneumothorax', 'pleural effusion', 'pericardial effusion',
  'pneumomediastinum', 'pneumoperitoneum', 'hiatal hernia', 'mass', 'nodule', 'mediastinal mass',
]);

/** Temporal words written before the finding ("increasing right pleural effusion"). */
export const TEMPORAL_WORDS: Readonly<Record<Exclude<Temporal, 'resolved'>, readonly string[]>> = {
  new: ['new'],
  increased: ['increased', 'increasing', 'enlarging'],
  decreased: ['decreased', 'decreasing', 'smaller'],
  unchanged: ['unchanged', 'stable', 'persistent'],
  improved: ['improved', 'improving'],
  worsened: ['worsening', 'worsened'],
};

/** Words written in capitals (abbreviations), matched per word. */
export const UPPERCASE_WORDS = new Set(['pa', 'ptx', 'ett', 'ngt', 'og', 'ng', 'picc', 'ecg', 'ekg', 'svc', 'ij', 'cvc', 'ivc', 'ct']);

/** Tip positions as written after "tip" / "terminating"; `{{d}}` is the distance when stated. */
export const POSITION_PHRASES: Readonly<Record<string, readonly string[]>> = {
  trachea: ['in the trachea', 'in the mid trachea'],
  'above carina': ['{{d}}above the carina'],
  'at carina': ['at the carina'],
  'right mainstem bronchus': ['in the right mainstem bronchus'],
  'left mainstem bronchus': ['in the left mainstem bronchus'],
  esophagus: ['in the esophagus', 'in the distal esophagus'],
  stomach: ['in the stomach'],
  duodenum: ['in the duodenum'],
  airway: ['in the airway'],
  'brachiocephalic vein': ['in the brachiocephalic vein'],
  'internal jugular vein': ['in the internal jugular vein'],
  'subclavian vein': ['in the subclavian vein'],
  svc: ['in the SVC', 'in the superior vena cava'],
  'cavoatrial junction': ['at the cavoatrial junction'],
  'right atrium': ['in the right atrium'],
  'right ventricle': ['in the right ventricle'],
  'pulmonary artery': ['in the pulmonary artery', 'in the main pulmonary artery'],
  'pleural space': ['in the pleural space'],
};

/**
 * Normal statements that mean "this finding is absent" (§10-14). Only those naming exactly one
 * finding: "cardiomediastinal silhouette is normal" would also clear the mediastinum.
 */
export const NORMAL_STATEMENTS: Readonly<Record<string, readonly string[]>> = {
  cardiomegaly: ['Heart size is normal.', 'Normal heart size.', 'The heart is not enlarged.', 'Normal cardiac silhouette.'],
  consolidation: ['The lungs are clear.', 'Clear lungs.'],
  'pleural effusion': ['The costophrenic angles are sharp.', 'Costophrenic angles are clear.'],
  'widened mediastinum': ['The mediastinum is not widened.', 'Mediastinal contours are normal.'],
  'vascular congestion': ['Pulmonary vascularity is normal.', 'Normal pulmonary vascularity.'],
};

/** What an empty report says: a global normal statement that names no finding (§15). */
export const EMPTY_REPORT = ['No acute cardiopulmonary process.', 'No acute abnormality.', 'Unremarkable chest radiograph.'];
