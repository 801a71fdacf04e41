import type { Case } from '../cases/model.js';
import { didYouMean } from '../cases/lint/suggest.js';
import { metricReferenceAt, type MetricField } from '../cases/reference-position.js';
import type { Problem } from './results.js';

/**
 * Metric ids a case names (`metrics.only` / `metrics.skip`, the keys of a score case's
 * `expect`) that no metric has: a typo would otherwise skip the case silently. With the known
 * `ids`, each message ends with a hint (the closest id). Each problem points at the name as
 * written (the `expect` key, the `only`/`skip` item; its file is read again for that), else at the case.
 */
export function unknownMetricReferences(c: Case, isKnown: (id: string) => boolean, file: string, ids?: Iterable<string>): Problem[] {
  const named: [string, MetricField][] = [
    ...(c.metrics?.only ?? []).map((id): [string, MetricField] => [id, 'metrics.only']),
    ...(c.metrics?.skip ?? []).map((id): [string, MetricField] => [id, 'metrics.skip']),
    ...(c.kind === 'score' ? Object.keys(c.expect).map((id): [string, MetricField] => [id, 'expect']) : []),
  ];
  return named
    .filter(([id]) => !isKnown(id))
    .map(([id, field]) => {
      const { line, column } = metricReferenceAt(c.location, field, id) ?? c.location;
      return { file, line, column, message: `case "${c.id}": unknown metric "${id}" in ${field}${ids ? ` (${unknownMetricHint(id, ids)})` : ''}` };
    });
}

/** `did you mean bleu?` when a known id is close, else where metrics are listed and defined. */
export function unknownMetricHint(id: string, ids: Iterable<string>): string {
  return didYouMean(id, ids) || '`metric-suite list` shows every metric; a new one goes under `metrics:` in the config';
}

/** What the check needs of a registry. */
export interface KnownMetrics {
  has(id: string): boolean;
  ids(): string[];
}

/**
 * The one metric check `run` and `validate` share: each case naming an unknown metric gets a
 * problem per reference and is invalid (`run` does not score it, `validate` does not count it).
 */
export function checkMetricReferences(cases: Iterable<Case>, registry: KnownMetrics, display: (file: string) => string): { problems: Problem[]; invalid: Set<Case> } {
  const ids = registry.ids();
  const problems: Problem[] = [];
  const invalid = new Set<Case>();
  for (const c of cases) {
    const found = unknownMetricReferences(c, (id) => registry.has(id), display(c.location.file), ids);
    if (found.length === 0) continue;
    invalid.add(c);
    problems.push(...found);
  }
  return { problems, invalid };
}
