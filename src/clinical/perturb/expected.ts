import type { FindingDiff } from '../diff/index.js';
import type { ClinicalEdit } from './types.js';

/**
 * The finding-level difference a clinical edit should show in `clinicalDiff(before, after)`,
 * without the laterality context (match on kind, name, attribute, from, to). Undefined for
 * non-clinical edits, which should show no difference at all.
 */
export function expectedDiff(edit: ClinicalEdit): Omit<FindingDiff, 'laterality' | 'status'> | undefined {
  if (!edit.clinical || edit.finding === undefined) return undefined;
  if (edit.op === 'addFinding') return { kind: 'added', name: edit.finding };
  if (edit.op === 'dropFinding') return { kind: 'removed', name: edit.finding };
  return { kind: 'changed', name: edit.finding, attribute: edit.attribute, from: edit.from, to: edit.to };
}
