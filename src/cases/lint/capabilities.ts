import { isObject } from '../yaml-file.js';
import type { FieldIssue } from './fields.js';
import { didYouMean } from './suggest.js';

/**
 * The documented capabilities (DESIGN §2, README "Case validation"): the clinical abilities
 * the built-in corpus tests, `image-alignment` (CSEval image cases), `input-format`
 * (structured-report input), and what `metric-suite import` writes (`preference`, `rating`,
 * RadJudge's `clinical-practicality`). A project adds its own under `capabilities:` in the config.
 */
export const CAPABILITIES = [
  'laterality', 'location', 'severity', 'measurement', 'certainty', 'negation', 'temporal', 'devices',
  'significance', 'context', 'normal-handling', 'paraphrase', 'false-finding', 'missing-finding',
  'image-alignment', 'input-format', 'preference', 'rating', 'clinical-practicality',
] as const;

/**
 * A `capability` (on a case, or under `defaults`) that is neither documented nor declared in
 * the config: a typo would put the case in a matrix row of its own, so it is an error.
 */
export function capabilityIssues(data: unknown, known: ReadonlySet<string>): FieldIssue[] {
  if (!isObject(data)) return [];
  const out: FieldIssue[] = [];
  const check = (value: unknown, path: (string | number)[]) => {
    if (typeof value !== 'string' || known.has(value)) return;
    const hint = didYouMean(value, known);
    out.push({
      path,
      rule: 'case/capability',
      message: `unknown capability "${value}" (${hint || `one of ${[...known].join(', ')}`}; a new one is declared under \`capabilities:\` in the config)`,
    });
  };
  if (Array.isArray(data.cases)) {
    if (isObject(data.defaults)) check(data.defaults.capability, ['defaults', 'capability']);
    data.cases.forEach((c, i) => isObject(c) && check(c.capability, ['cases', i, 'capability']));
  } else check(data.capability, ['capability']);
  return out;
}
