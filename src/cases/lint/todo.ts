import type { ScalarVisit } from './walk.js';

const TODO = /\bTODO\b/;

/**
 * The fields of a file still holding a scaffold's `TODO` placeholder (comments do not count):
 * `metric-suite new case` writes them, and a case with one left is not finished.
 */
export function todoFields(values: ScalarVisit[]): ScalarVisit[] {
  return values.filter(({ node }) => typeof node.value === 'string' && TODO.test(node.value));
}
