/**
 * The clinical core's vocabulary of types: what a finding extracted from (or rendered into)
 * a chest X-ray report is. Names, locations and tip positions are canonical ids from the
 * lexicon (src/clinical/vocabulary.ts lists them), never free text.
 */

/** CRIMSON significance levels (METRICS.md §1.1). */
export type Significance = 'urgent' | 'actionable_not_urgent' | 'not_actionable_not_urgent' | 'benign_expected';

export type Status = 'present' | 'absent' | 'uncertain';
export type Laterality = 'left' | 'right' | 'bilateral';
/** Normalised severity: trace/small/mild < moderate < large/severe/marked. */
export type Severity = 'mild' | 'moderate' | 'severe';
export type Temporal = 'new' | 'increased' | 'decreased' | 'unchanged' | 'improved' | 'resolved' | 'worsened';

/** A finding as the extractor returns it. Optional attributes are absent when not stated. */
export interface Finding {
  /** `F1`, `F2`, ... in order of mention. */
  id: string;
  /** Canonical finding name (a FINDING_NAMES entry), e.g. `pleural effusion`. */
  name: string;
  status: Status;
  /** S-Score probability 1..3 (3 = definite, 2 = likely/probable, 1 = possible/cannot exclude); absent findings have none. */
  probability?: 1 | 2 | 3;
  severity?: Severity;
  /** The severity word as written (`trace`, `small`, `large`, ...). */
  severityText?: string;
  laterality?: Laterality;
  /** Canonical anatomy ids (LOCATIONS), sorted, e.g. [`lower lobe`]. */
  location?: string[];
  /** Largest stated dimension in millimetres (`2 x 3 cm` -> 30). */
  measurementMm?: number;
  /** Every stated dimension in millimetres, as written (`2 x 3 cm` -> [20, 30]). */
  dimensionsMm?: number[];
  temporal?: Temporal;
  /** Devices: canonical tip position (DEVICE_POSITIONS), e.g. `right mainstem bronchus`. */
  devicePosition?: string;
  /** Devices: whether the position is acceptable, when the report or the tip position says so. */
  devicePlacement?: 'appropriate' | 'malpositioned';
  /** Signs this finding was read from ("opacity, likely atelectasis": atelectasis with evidence [`lung opacity`]). */
  evidence?: string[];
  /**
   * Readings of this sign that the report names without choosing between them (an undecided differential:
   * "opacity, atelectasis or pneumonia" -> `lung opacity` with interpretations [`atelectasis`, `pneumonia`]).
   * The sign is the finding (METRICS §1.5 matching: a vaguer or more specific term in the same place is one match).
   */
  interpretations?: string[];
  /** Index of the sentence (0-based) the finding was stated in. */
  sentence: number;
  /** Character span [start, end) of the finding's mention in the original text. */
  span: [number, number];
}
