import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isObject } from '../cases/yaml-file.js';
import { dicomAge, flatContext, safeAge, slugify, type ImportResult } from './common.js';

/**
 * RadPref (METRICS §1.4): `preference_data.json` (items with a ground truth and two
 * candidates, patient age as a DICOM age string) and `radiologist_annotations/user_N.json`
 * (`{user_id, annotations: {pair_id: {C1: {rating}, C2: {rating}}}}`) -> preference cases.
 */

export interface Rater {
  rater: string;
  annotations: Record<string, unknown>;
}

/** Reads a RadPref folder: the items and every rater file (sorted by user number). */
export function readRadprefFolder(dir: string): { items: unknown; raters: Rater[] } {
  const items = JSON.parse(readFileSync(path.join(dir, 'preference_data.json'), 'utf8')) as unknown;
  const annDir = path.join(dir, 'radiologist_annotations');
  let names: string[] = [];
  try {
    names = readdirSync(annDir).filter((f) => /\.json$/i.test(f));
  } catch {
    /* no raters: every item is skipped with a warning */
  }
  const num = (f: string) => Number(/(\d+)/.exec(f)?.[1] ?? Infinity);
  names.sort((a, b) => num(a) - num(b) || a.localeCompare(b));
  const raters = names.map((f) => {
    const raw = JSON.parse(readFileSync(path.join(annDir, f), 'utf8')) as unknown;
    const o = isObject(raw) ? raw : {};
    const id = o.user_id ?? f.replace(/\.json$/i, '');
    return { rater: typeof id === 'number' ? `user_${id}` : String(id), annotations: isObject(o.annotations) ? o.annotations : {} };
  });
  return { items, raters };
}

function rating(x: unknown): number | undefined {
  if (typeof x === 'number') return x;
  if (isObject(x) && typeof x.rating === 'number') return x.rating;
  if (isObject(x) && typeof x.rating === 'string' && x.rating.trim() !== '' && Number.isFinite(Number(x.rating))) return Number(x.rating);
  return undefined;
}

export function importRadpref(items: unknown, raters: Rater[], sourceName: string, license = 'see the source dataset'): ImportResult {
  const out: ImportResult = { cases: [], warnings: [] };
  const list = Array.isArray(items) ? items : isObject(items) && Array.isArray(items.items) ? items.items : isObject(items) ? Object.values(items) : [];
  list.forEach((item, i) => {
    if (!isObject(item)) return void out.warnings.push(`item ${i + 1}: not an object, skipped`);
    const id = String(item.id ?? i + 1);
    const reference = item.ground_truth_report;
    const candidates: Record<string, string> = {};
    for (const label of ['C1', 'C2']) if (typeof item[`${label}_report`] === 'string') candidates[label] = item[`${label}_report`] as string;
    if (typeof reference !== 'string' || Object.keys(candidates).length < 2) return void out.warnings.push(`item ${id}: no ground_truth_report or C1/C2 report, skipped`);
    const ratings = raters.flatMap((r) => {
      const a = r.annotations[id];
      if (!isObject(a)) return [];
      const scores: Record<string, number> = {};
      for (const label of Object.keys(candidates)) {
        const v = rating(a[label]);
        if (v !== undefined) scores[label] = v;
      }
      return Object.keys(scores).length === Object.keys(candidates).length ? [{ rater: r.rater, scores }] : [];
    });
    if (ratings.length === 0) return void out.warnings.push(`item ${id}: no rater rated both candidates, skipped`);
    const age = dicomAge(item.PatientAge);
    const context = flatContext({
      ...(age !== undefined ? { age: safeAge(age) } : {}),
      sex: item.PatientSex,
      indication: item.Indication,
      comparison: item.Comparison,
      study: item.StudyDescription,
    });
    const sources = ['C1', 'C2'].map((l) => item[`${l}_source`]).filter((s): s is string => typeof s === 'string');
    const slug = slugify(id);
    out.cases.push({
      file: `${slug}.yaml`,
      data: {
        id: `radpref/${slug}`,
        kind: 'preference',
        title: `RadPref ${id}${sources.length === 2 ? `: ${sources[0]} vs ${sources[1]}` : ''}`,
        capability: 'preference',
        tags: ['radpref', ...sources.map((s) => `source:${slugify(s)}`)],
        ...(context ? { context } : {}),
        reference,
        candidates,
        ratings,
        rationale: `Radiologist ratings (1-5, higher is better) from ${ratings.length} rater${ratings.length === 1 ? '' : 's'} in RadPref.`,
        provenance: { author: 'RadPref radiologists (imported)', source: `imported from ${sourceName} by metric-suite import radpref`, license },
      },
    });
  });
  return out;
}
