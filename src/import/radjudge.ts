import path from 'node:path';
import { isObject } from '../cases/yaml-file.js';
import { dicomAge, flatContext, safeAge, slugify, type ImportedCase, type ImportResult } from './common.js';

/**
 * RadJudge (METRICS §1.3): categories of tests `{id, ground_truth, candidates {C1: {text,
 * context?}}, expected_ranking}` -> ranking cases. Upstream's `=` holds when two scores
 * differ by less than 0.01, so every case gets `tolerance: 0.01`.
 */

/** Upstream category names -> this project's capabilities (others are slugified). */
export const RADJUDGE_CAPABILITIES: Record<string, string> = {
  'false-finding-penalization': 'false-finding',
  'false-finding': 'false-finding',
  'patient-context-sensitivity': 'context',
  'patient-context': 'context',
  'normal-finding-handling': 'normal-handling',
  'paraphrase-robustness': 'paraphrase',
  'location-errors': 'location',
  'measurement-errors': 'measurement',
  'diagnostic-precision': 'certainty',
  'clinical-significance-weighting': 'significance',
  'partial-credit': 'missing-finding',
  'clinical-practicality': 'clinical-practicality',
};

export function radjudgeCapability(category: string): string {
  const s = slugify(category.replace(/_/g, ' '));
  return RADJUDGE_CAPABILITIES[s] ?? s;
}

interface Category {
  name: string;
  tests: unknown[];
}

/** Accepts `{categories: [{name|category, tests}]}`, `{categories: {name: tests|{tests}}}`, `[...]`, or `{name: tests}`. */
function categories(data: unknown): Category[] {
  const fromList = (list: unknown[]): Category[] =>
    list.filter(isObject).map((c, i) => ({ name: String(c.name ?? c.category ?? c.id ?? `category-${i + 1}`), tests: Array.isArray(c.tests) ? c.tests : [] }));
  const fromMap = (map: Record<string, unknown>): Category[] =>
    Object.entries(map).map(([name, v]) => ({ name, tests: Array.isArray(v) ? v : isObject(v) && Array.isArray(v.tests) ? v.tests : [] }));
  if (Array.isArray(data)) return fromList(data);
  if (!isObject(data)) return [];
  if (Array.isArray(data.categories)) return fromList(data.categories);
  if (isObject(data.categories)) return fromMap(data.categories);
  return fromMap(data);
}

function context(raw: unknown): Record<string, string | number | boolean> | undefined {
  if (!isObject(raw)) return undefined;
  const out: Record<string, unknown> = { ...raw };
  for (const key of Object.keys(out)) {
    if (/^(patient_?)?age$/i.test(key)) {
      const age = dicomAge(out[key]);
      if (age !== undefined) out[key] = safeAge(age);
    }
  }
  return flatContext(out);
}

export function importRadjudge(data: unknown, sourceName: string, license = 'see the source dataset'): ImportResult {
  const out: ImportResult = { cases: [], warnings: [] };
  for (const cat of categories(data)) {
    const capability = radjudgeCapability(cat.name);
    cat.tests.forEach((t, i) => {
      const where = `${cat.name} test ${i + 1}`;
      if (!isObject(t)) return void out.warnings.push(`${where}: not an object, skipped`);
      const testId = String(t.id ?? `${i + 1}`);
      const reference = t.ground_truth ?? t.reference;
      if (typeof reference !== 'string' || !isObject(t.candidates)) return void out.warnings.push(`${where} (${testId}): no ground_truth or candidates, skipped`);
      const candidates: Record<string, unknown> = {};
      for (const [label, c] of Object.entries(t.candidates)) {
        if (typeof c === 'string') candidates[label] = c;
        else if (isObject(c) && typeof c.text === 'string') {
          const ctx = context(c.context);
          candidates[label] = ctx ? { text: c.text, context: ctx } : c.text;
        }
      }
      const ranking = t.expected_ranking;
      const expect = typeof ranking === 'string' ? [ranking] : Array.isArray(ranking) ? ranking.filter((r): r is string => typeof r === 'string') : [];
      if (expect.length === 0 || Object.keys(candidates).length === 0) return void out.warnings.push(`${where} (${testId}): no expected_ranking or candidates, skipped`);
      const slug = slugify(testId);
      const ctx = context(t.context ?? t.patient_context);
      const description = typeof t.description === 'string' ? t.description : typeof t.rationale === 'string' ? t.rationale : undefined;
      out.cases.push({
        file: path.join(capability, `${slug}.yaml`),
        data: {
          id: `radjudge/${capability}/${slug}`,
          kind: 'ranking',
          title: `RadJudge ${cat.name}: ${testId}`,
          capability,
          tags: ['radjudge', slugify(cat.name)],
          ...(ctx ? { context: ctx } : {}),
          reference,
          candidates,
          expect,
          tolerance: 0.01,
          rationale: description ?? `Expected ranking as published in RadJudge (category "${cat.name}").`,
          provenance: { author: 'RadJudge (imported)', source: `imported from ${sourceName} by metric-suite import radjudge`, license },
        },
      });
    });
  }
  return out;
}
