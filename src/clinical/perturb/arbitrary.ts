import fc from 'fast-check';
import type { Significance } from '../model.js';
import { CLINICAL_OPS, NON_CLINICAL_OPS, perturb } from './index.js';
import type { PerturbationOp, PerturbInput, Perturbed } from './types.js';

/** A perturbation to apply: which operator, which finding (position) and, for additions, which significance. */
export interface PerturbationSpec {
  op: PerturbationOp;
  /** Index among the findings the operator applies to (modulo their number). */
  target: number;
  significance?: Significance;
}

const SIGNIFICANCES: readonly Significance[] = ['urgent', 'actionable_not_urgent', 'not_actionable_not_urgent', 'benign_expected'];

/**
 * Chooses an operator (by default any), a position and, for addFinding, maybe a significance.
 * Apply it with `applyPerturbation(spec, { findings, seed })`.
 */
export function perturbationArb(options: { ops?: readonly PerturbationOp[] } = {}): fc.Arbitrary<PerturbationSpec> {
  const ops = options.ops ?? [...CLINICAL_OPS, ...NON_CLINICAL_OPS];
  return fc
    .record({
      op: fc.constantFrom(...ops),
      target: fc.nat({ max: 31 }),
      significance: fc.option(fc.constantFrom(...SIGNIFICANCES), { nil: undefined }),
    })
    .map(({ op, target, significance }) => (op === 'addFinding' && significance ? { op, target, significance } : { op, target }));
}

/** Applies a spec to a report's findings and seed; undefined when the operator does not apply. */
export function applyPerturbation(spec: PerturbationSpec, report: Pick<PerturbInput, 'findings' | 'seed'>): Perturbed | undefined {
  return perturb(spec.op, { ...report, target: spec.target, significance: spec.significance });
}
