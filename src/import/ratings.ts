/**
 * A CSV of human ratings of candidate reports -> `kind: rating` cases (S-RRG-Bench / ReXVal
 * style studies with a user's own data). Header row required; columns by name, any order,
 * case-insensitive: `reference`, `candidate`, `rating` (a number, higher = better), and
 * optionally `rater` (default `rater`) and `id` (groups rows into one case; default: rows with
 * the same reference and candidate are one case). One row per (report, rater). Rows without a
 * numeric rating, and a second rating by the same rater of the same report, are skipped with a
 * warning naming the line.
 */
import { parseCsv } from '../util/csv.js';
import { slugify, type ImportResult } from './common.js';

const REQUIRED = ['reference', 'candidate', 'rating'] as const;

interface Group {
  id?: string;
  reference: string;
  candidate: string;
  ratings: Record<string, number>;
}

/** Reads the CSV text; `sourceName` names the file in provenance and ids. Throws on a missing column or malformed CSV. */
export function importRatings(text: string, sourceName: string, license = 'see the source dataset'): ImportResult {
  const rows = parseCsv(text);
  const header = rows.shift();
  if (!header) throw new Error('the CSV is empty');
  const col = new Map(header.fields.map((h, i) => [h.trim().toLowerCase(), i]));
  const missing = REQUIRED.filter((c) => !col.has(c));
  if (missing.length) throw new Error(`the CSV header lacks ${missing.join(', ')} (found: ${header.fields.join(', ')})`);
  const get = (fields: string[], name: string): string | undefined => {
    const i = col.get(name);
    return i === undefined ? undefined : fields[i];
  };
  const out: ImportResult = { cases: [], warnings: [] };
  const groups = new Map<string, Group>();
  for (const { line, fields } of rows) {
    const reference = get(fields, 'reference')?.trim() ?? '';
    const candidate = get(fields, 'candidate')?.trim() ?? '';
    const raw = get(fields, 'rating')?.trim() ?? '';
    const rater = get(fields, 'rater')?.trim() || 'rater';
    const id = get(fields, 'id')?.trim() || undefined;
    const rating = raw === '' ? Number.NaN : Number(raw);
    if (reference === '' || candidate === '') {
      out.warnings.push(`line ${line}: empty reference or candidate, skipped`);
      continue;
    }
    if (!Number.isFinite(rating)) {
      out.warnings.push(`line ${line}: rating "${raw}" is not a number, skipped`);
      continue;
    }
    const key = id ?? `${reference}\u0000${candidate}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { ...(id ? { id } : {}), reference, candidate, ratings: {} }));
    else if (g.reference !== reference || g.candidate !== candidate) {
      out.warnings.push(`line ${line}: id ${id} has another reference or candidate than its first row, skipped`);
      continue;
    }
    if (Object.hasOwn(g.ratings, rater)) {
      out.warnings.push(`line ${line}: ${rater} already rated this report, skipped`);
      continue;
    }
    g.ratings[rater] = rating;
  }
  const source = slugify(sourceName.replace(/\.csv$/i, ''));
  const cases = [...groups.values()].map((g, i) => ({
    id: `${source}/${g.id ? slugify(g.id) : String(i + 1).padStart(4, '0')}`,
    kind: 'rating',
    capability: 'rating',
    tags: ['imported', `source:${source}`],
    reference: g.reference,
    candidate: g.candidate,
    ratings: g.ratings,
  }));
  if (cases.length > 0) {
    const raters = new Set(cases.flatMap((c) => Object.keys(c.ratings)));
    out.cases.push({
      file: `${source}.yaml`,
      data: {
        defaults: {
          rationale: `Human ratings (higher is better) of candidate reports by ${raters.size} rater${raters.size === 1 ? '' : 's'}.`,
          provenance: { author: 'the raters of the source study (imported)', source: `imported from ${sourceName} by metric-suite import ratings`, license },
        },
        cases,
      },
    });
  }
  return out;
}
