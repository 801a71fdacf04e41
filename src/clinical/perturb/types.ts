import type { Significance } from '../model.js';
import type { RenderableFinding } from '../render/types.js';

/** Operator names, as written in `edit.op`. */
export type PerturbationOp =
  | 'negate'
  | 'swapSide'
  | 'changeSeverity'
  | 'changeMeasurement'
  | 'dropFinding'
  | 'addFinding'
  | 'paraphrase'
  | 'reorderSentences'
  | 'whitespaceCaseNoise';

/** Input of every operator: the findings of a report and the seed it was rendered with. */
export interface PerturbInput {
  findings: readonly RenderableFinding[];
  /** The report's render seed; the perturbed text is rendered with it too, and it drives choices. */
  seed: number;
  /** Which applicable finding to edit (index, modulo their number); by default the seed chooses. */
  target?: number;
  /** addFinding only: add a finding of this default significance. */
  significance?: Significance;
}

/**
 * A machine-readable description of what changed. `clinical: false` means the meaning is the same
 * (paraphrase, reordering, noise) and the extracted findings must not change.
 */
export interface ClinicalEdit {
  op: PerturbationOp;
  /** Canonical name of the edited finding. */
  finding?: string;
  /** The attribute changed (`status`, `laterality`, `severity`, `measurementMm`). */
  attribute?: 'status' | 'laterality' | 'severity' | 'measurementMm';
  from?: string | number;
  to?: string | number;
  /** addFinding: the added finding's default significance. */
  significance?: Significance;
  clinical: boolean;
}

/** An operator's result: the edited findings, the edited report text, and the edit. */
export interface Perturbed {
  findings: RenderableFinding[];
  text: string;
  edit: ClinicalEdit;
}

/** An operator; undefined when it does not apply (swapSide on a report without a side). */
export type Perturbation = (input: PerturbInput) => Perturbed | undefined;
