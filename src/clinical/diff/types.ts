import type { Laterality, Significance, Status } from '../model.js';

/** Attributes a `changed` difference can name, in the order they are compared. */
export type DiffAttribute =
  /** A vaguer or more specific name of the same abnormality (`lung opacity` -> `pneumonia`, METRICS §1.5). */
  | 'name'
  | 'status'
  | 'probability'
  | 'severity'
  | 'laterality'
  | 'location'
  | 'measurementMm'
  | 'temporal'
  | 'devicePosition'
  | 'devicePlacement';

/** A value before or after: strings, numbers (probability, millimetres) or location lists. */
export type DiffValue = string | number | readonly string[];

/** One finding-level difference between two reports. */
export interface FindingDiff {
  kind: 'added' | 'removed' | 'changed';
  /** Canonical finding name. */
  name: string;
  /** The finding's side, as context ("left pleural effusion"); absent when a laterality change is the diff. */
  laterality?: Laterality;
  /** added / removed: the status of the finding that is only on one side. */
  status?: Status;
  /** changed: which attribute, and its values (undefined = not stated). */
  attribute?: DiffAttribute;
  from?: DiffValue;
  to?: DiffValue;
  /**
   * Why it matters: the CRIMSON significance the finding got (in `a` for removed and changed, in
   * `b` for added), and `significanceTo` when the other report's finding weighs differently.
   */
  significance?: Significance;
  significanceTo?: Significance;
}
