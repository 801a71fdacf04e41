/**
 * Clinical diff: what changed between two reports, finding by finding ("laterality: left ->
 * right (pleural effusion)"), for reporters to show next to the scores. Text goes through the
 * extractor, so two wordings of the same findings show no difference.
 */
import { extractFindings } from '../extract/index.js';
import { diffFindings } from './match.js';
import type { FindingDiff } from './types.js';

export type { DiffAttribute, DiffValue, FindingDiff } from './types.js';
export { diffFindings, mergeMentions } from './match.js';
export { formatDiff } from './format.js';

/**
 * Finding-level differences from report `a` to report `b` (e.g. reference to candidate):
 * `removed` = only in `a`, `added` = only in `b`, `changed` = one attribute differs.
 */
export function clinicalDiff(a: string, b: string): FindingDiff[] {
  return diffFindings(extractFindings(a), extractFindings(b));
}
