import type { Case } from '../cases/model.js';
import type { Problem } from './results.js';

/**
 * Metric ids a case names (`metrics.only` / `metrics.skip`, the keys of a score case's
 * `expect`) that no metric has: a typo would otherwise skip the case silently.
 */
export function unknownMetricReferences(c: Case, isKnown: (id: string) => boolean, file: string): Problem[] {
  const named: [string, string][] = [
    ...(c.metrics?.only ?? []).map((id): [string, string] => [id, 'metrics.only']),
    ...(c.metrics?.skip ?? []).map((id): [string, string] => [id, 'metrics.skip']),
    ...(c.kind === 'score' ? Object.keys(c.expect).map((id): [string, string] => [id, 'expect']) : []),
  ];
  return named
    .filter(([id]) => !isKnown(id))
    .map(([id, field]) => ({ file, line: c.location.line, column: c.location.column, message: `case "${c.id}": unknown metric "${id}" in ${field}` }));
}
