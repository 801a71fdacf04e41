import { isObject } from '../yaml-file.js';

export interface FieldIssue {
  /** Path of the node to point at. */
  path: (string | number)[];
  key?: string;
  rule: string;
  message: string;
}

/** Kinds that record a clinical judgement: they need a rationale. Score cases pin numbers. */
const JUDGED = new Set(['ranking', 'image', 'preference']);

/**
 * Missing `rationale` / `provenance` (with `author` and `license`) on the cases of a file,
 * with `cases:` entries merged over `defaults` as the loader does.
 */
export function fieldIssues(data: unknown): FieldIssue[] {
  if (!isObject(data)) return [];
  const list = Array.isArray(data.cases);
  const defaults = list && isObject(data.defaults) ? data.defaults : {};
  const entries = list
    ? (data.cases as unknown[]).map((raw, i) => ({ raw, path: ['cases', i] as (string | number)[] }))
    : [{ raw: data as unknown, path: [] as (string | number)[] }];
  const out: FieldIssue[] = [];
  for (const { raw, path } of entries) {
    if (!isObject(raw)) continue;
    const c = { ...defaults, ...raw };
    const id = typeof c.id === 'string' ? `case "${c.id}"` : 'case';
    const at = typeof raw.id === 'string' ? { path, key: 'id' } : { path };
    if (JUDGED.has(String(c.kind)) && (typeof c.rationale !== 'string' || c.rationale.trim() === '')) {
      out.push({ ...at, rule: 'fields/rationale', message: `${id} has no rationale (why a clinician expects this)` });
    }
    const prov = c.provenance;
    if (prov === undefined) {
      out.push({ ...at, rule: 'fields/provenance', message: `${id} has no provenance (author, source, license)` });
      continue;
    }
    const provPath = isObject(raw.provenance) ? [...path, 'provenance'] : isObject(defaults.provenance) ? ['defaults', 'provenance'] : path;
    if (!isObject(prov)) continue; // a schema error, reported by the loader
    for (const field of ['author', 'license'] as const) {
      if (typeof prov[field] !== 'string' || prov[field].trim() === '') {
        out.push({ path: provPath, rule: 'fields/provenance', message: `${id}: provenance has no ${field}` });
      }
    }
  }
  return out;
}
