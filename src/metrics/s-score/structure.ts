import type { Finding } from '../../clinical/model.js';
import { extractFindings } from '../../clinical/extract/index.js';
import type { PositiveFinding, StructuredReport } from './report.js';

/**
 * Free text -> structured report, for `s-score:text`. An approximation built on the clinical
 * core's extractor (src/clinical/extract): S-Score is defined on reports generated as JSON, and
 * whatever the extractor misses or misreads is scored as if the report said it.
 *
 * - present and uncertain findings are positive, with `probability` (3 present; 2 or 1 from the
 *   hedge), `level` = the normalized severity (`small` -> `mild`), and `location` = laterality
 *   followed by the canonical locations and, for devices, the tip position (`left lower lobe`,
 *   `bilateral base`, `right svc`);
 * - absent findings are negative;
 * - a name mentioned several times is one finding: positive if any mention is (then its
 *   probability is the highest stated, and each attribute comes from the first mention that
 *   states it), else negative.
 */
export function structureFindings(findings: readonly Finding[]): StructuredReport {
  const positive = new Map<string, PositiveFinding>();
  const negative: string[] = [];
  for (const f of findings) {
    if (f.status === 'absent') continue;
    const probability = f.probability ?? (f.status === 'present' ? 3 : 1);
    const level = f.severity;
    const parts = [f.laterality, ...(f.location ?? []), f.devicePosition].filter((x): x is string => typeof x === 'string' && x !== '');
    const location = parts.length ? parts.join(' ') : undefined;
    const seen = positive.get(f.name);
    if (!seen) {
      positive.set(f.name, { name: f.name, probability, ...(level ? { level } : {}), ...(location ? { location } : {}) });
      continue;
    }
    if (probability > (seen.probability ?? 0)) seen.probability = probability;
    if (seen.level === undefined && level) seen.level = level;
    if (seen.location === undefined && location) seen.location = location;
  }
  for (const f of findings) {
    if (f.status === 'absent' && !positive.has(f.name) && !negative.includes(f.name)) negative.push(f.name);
  }
  return { positive: [...positive.values()], negative: negative.map((name) => ({ name })) };
}

/** The structured report of free-text report `text`, via the clinical extractor. */
export function structureReport(text: string): StructuredReport {
  return structureFindings(extractFindings(text));
}
