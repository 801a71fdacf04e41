import type { Case } from '../cases/model.js';
import { didYouMean } from '../cases/lint/suggest.js';
import type { Problem } from './results.js';

/**
 * Metric ids a case names (`metrics.only` / `metrics.skip`, the keys of a score case's
 * `expect`) that no metric has: a typo would otherwise skip the case silently. With the known
 * `ids`, each message ends with a hint (the closest id).
 */
export function unknownMetricReferences(c: Case, isKnown: (id: string) => boolean, file: string, ids?: Iterable<string>): Problem[] {
  const named: [string, string][] = [
    ...(c.metrics?.only ?? []).map((id): [string, string] => [id, 'metrics.only']),
    ...(c.metrics?.skip ?? []).map((id): [string, string] => [id, 'metrics.skip']),
    ...(c.kind === 'score' ? Object.keys(c.expect).map((id): [string, string] => [id, 'expect']) : []),
  ];
  return named
    .filter(([id]) => !isKnown(id))
    .map(([id, field]) => ({ file, line: c.location.line, column: c.location.column, message: `case "${c.id}": unknown metric "${id}" in ${field}${ids ? ` (${unknownMetricHint(id, ids)})` : ''}` }));
}

/** `did you mean bleu?` when a known id is close, else where metrics are listed and defined. */
export function unknownMetricHint(id: string, ids: Iterable<string>): string {
  return didYouMean(id, ids) || '`metric-suite list` shows every metric; a new one goes under `metrics:` in the config';
}
