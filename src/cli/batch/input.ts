/**
 * Report pairs for batch scoring from a CSV or JSONL file: `reference`, `candidate`, optional
 * `id` and context (CSV: `context.<key>` columns or the columns named in `contextColumns`;
 * JSONL: a `context` object, or those fields). A bad row is a problem with file:line:col and
 * is left out; every other row is scored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Report } from '../../metrics/contract.js';
import { parseCsvRecovering } from './csv.js';

export interface PairRow {
  id: string;
  reference: Report;
  candidate: Report;
  context?: Context;
  line: number;
}

export interface ColumnNames {
  id: string;
  reference: string;
  candidate: string;
  /** Extra columns (fields) read into the context. */
  context: string[];
}

export const DEFAULT_COLUMNS: ColumnNames = { id: 'id', reference: 'reference', candidate: 'candidate', context: [] };

export interface PairInput {
  rows: PairRow[];
  /** `file:line:col: message` for each row left out. */
  problems: string[];
}

/** `"72"` -> 72, `"true"` -> true, the rest as written (empty cells are left out). */
function contextValue(v: unknown): string | number | boolean | undefined {
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v !== 'string' || v === '') return undefined;
  if (v === 'true' || v === 'false') return v === 'true';
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
}

export function readPairs(file: string, columns: ColumnNames = DEFAULT_COLUMNS): PairInput {
  const text = readFileSync(file, 'utf8');
  const ext = path.extname(file).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return fromJsonl(file, text, columns);
  if (ext === '.csv') return fromCsv(file, text, columns);
  throw new Error(`${file}: --input takes a .csv or .jsonl file`);
}

function finish(rows: PairRow[], problems: string[], file: string): PairInput {
  const seen = new Map<string, number>();
  const kept: PairRow[] = [];
  for (const r of rows) {
    const first = seen.get(r.id);
    if (first !== undefined) {
      problems.push(`${file}:${r.line}:1: id "${r.id}" repeats the id of line ${first} (ids must be unique for resumption)`);
      continue;
    }
    seen.set(r.id, r.line);
    kept.push(r);
  }
  return { rows: kept, problems };
}

function fromJsonl(file: string, text: string, c: ColumnNames): PairInput {
  const rows: PairRow[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, k) => {
    const line = k + 1;
    if (!raw.trim()) return;
    let o: unknown;
    try {
      o = JSON.parse(raw);
    } catch (e) {
      const col = /position (\d+)/.exec((e as Error).message)?.[1];
      problems.push(`${file}:${line}:${col ? Number(col) + 1 : 1}: not JSON (${(e as Error).message})`);
      return;
    }
    if (!o || typeof o !== 'object' || Array.isArray(o)) return void problems.push(`${file}:${line}:1: a row must be a JSON object`);
    const r = o as Record<string, unknown>;
    const missing = [c.reference, c.candidate].filter((k2) => r[k2] === undefined || r[k2] === null);
    if (missing.length) return void problems.push(`${file}:${line}:1: missing ${missing.map((m) => `"${m}"`).join(' and ')}`);
    const context: Context = {};
    if (r.context && typeof r.context === 'object' && !Array.isArray(r.context)) {
      for (const [k2, v] of Object.entries(r.context)) {
        const cv = contextValue(v);
        if (cv !== undefined) context[k2] = cv;
      }
    }
    for (const k2 of c.context) {
      const cv = contextValue(r[k2]);
      if (cv !== undefined) context[k2] = cv;
    }
    const id = r[c.id];
    rows.push({
      id: id === undefined || id === null ? String(line) : String(id),
      reference: r[c.reference] as Report,
      candidate: r[c.candidate] as Report,
      ...(Object.keys(context).length ? { context } : {}),
      line,
    });
  });
  return finish(rows, problems, file);
}

function fromCsv(file: string, text: string, c: ColumnNames): PairInput {
  // a malformed row (an unclosed quote, say) is that row's problem; the rest are scored
  const { records, errors } = parseCsvRecovering(text);
  const headerError = errors.find((e) => e.line === 1 && (records[0]?.line ?? 2) > 1);
  if (headerError) throw new Error(`${file}:${headerError.line}:${headerError.column}: ${headerError.message}`);
  const [header, ...data] = records;
  if (!header) throw new Error(`${file}: empty CSV (a header row with ${c.reference} and ${c.candidate} is needed)`);
  const names = header.fields.map((h) => h.trim());
  const at = (n: string) => names.indexOf(n);
  for (const need of [c.reference, c.candidate]) {
    if (at(need) < 0) throw new Error(`${file}:${header.line}:1: no "${need}" column (columns: ${names.join(', ')}); name it with --${need === c.reference ? 'reference' : 'candidate'}-column`);
  }
  for (const k of c.context) if (at(k) < 0) throw new Error(`${file}:${header.line}:1: no context column "${k}"`);
  const ctxCols = [...names.flatMap((n, i) => (n.startsWith('context.') ? [[n.slice(8), i] as const] : [])), ...c.context.map((k) => [k, at(k)] as const)];
  const rows: PairRow[] = [];
  const problems: string[] = errors.map((e) => `${file}:${e.line}:${e.column}: ${e.message} (row skipped)`);
  data.forEach((rec, k) => {
    if (rec.fields.length !== names.length) {
      return void problems.push(`${file}:${rec.line}:1: ${rec.fields.length} fields where the header has ${names.length}`);
    }
    const ref = rec.fields[at(c.reference)]!;
    const cand = rec.fields[at(c.candidate)]!;
    const context: Context = {};
    for (const [key, i] of ctxCols) {
      const v = contextValue(rec.fields[i]);
      if (v !== undefined) context[key] = v;
    }
    const id = at(c.id) >= 0 ? rec.fields[at(c.id)]!.trim() : '';
    // a skipped row keeps its number: the default ids of the rows after it do not shift (resumption)
    const skippedBefore = errors.filter((e) => e.line < rec.line).length;
    rows.push({ id: id || String(k + 1 + skippedBefore), reference: ref, candidate: cand, ...(Object.keys(context).length ? { context } : {}), line: rec.line });
  });
  return finish(rows, problems, file);
}
