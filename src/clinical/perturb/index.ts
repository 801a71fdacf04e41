/**
 * Report perturbations: controlled edits of a rendered report, each with a machine-readable
 * description of what changed clinically. Clinical operators change exactly one thing a
 * radiologist would care about; the others (`clinical: false`) change only the wording.
 *
 * Every operator takes `{ findings, seed }` (the findings of a report rendered with
 * `renderReport(findings, { seed })`) and returns the edited findings, the edited text (rendered
 * with the same seed, so untouched sentences keep their words) and the edit, or undefined when
 * it does not apply. The fast-check `perturbationArb` lives in ./arbitrary.ts so that importing
 * the operators does not load fast-check.
 */
import { addFinding } from './add-finding.js';
import { changeMeasurement } from './change-measurement.js';
import { changeSeverity } from './change-severity.js';
import { dropFinding } from './drop-finding.js';
import { negate } from './negate.js';
import { paraphrase } from './paraphrase.js';
import { reorderSentences } from './reorder-sentences.js';
import { swapSide } from './swap-side.js';
import type { Perturbation, PerturbationOp, PerturbInput, Perturbed } from './types.js';
import { whitespaceCaseNoise } from './whitespace-case-noise.js';

export type { ClinicalEdit, Perturbation, PerturbationOp, PerturbInput, Perturbed } from './types.js';
export { addFinding, randomPresentFinding } from './add-finding.js';
export { changeMeasurement, changeSeverity, dropFinding, negate, paraphrase, reorderSentences, swapSide, whitespaceCaseNoise };
export { expectedDiff } from './expected.js';

/** Every operator by name. */
export const PERTURBATIONS: Readonly<Record<PerturbationOp, Perturbation>> = {
  negate,
  swapSide,
  changeSeverity,
  changeMeasurement,
  dropFinding,
  addFinding,
  paraphrase,
  reorderSentences,
  whitespaceCaseNoise,
};

/** Operators that change the clinical content. */
export const CLINICAL_OPS: readonly PerturbationOp[] = ['negate', 'swapSide', 'changeSeverity', 'changeMeasurement', 'dropFinding', 'addFinding'];
/** Operators that must not change the clinical content. */
export const NON_CLINICAL_OPS: readonly PerturbationOp[] = ['paraphrase', 'reorderSentences', 'whitespaceCaseNoise'];

/** Applies the operator named `op`. */
export function perturb(op: PerturbationOp, input: PerturbInput): Perturbed | undefined {
  return PERTURBATIONS[op](input);
}
