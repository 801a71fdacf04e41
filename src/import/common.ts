import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';

/** A case to write: its file path relative to the output folder, and its fields. */
export interface ImportedCase {
  file: string;
  data: Record<string, unknown>;
}

export interface ImportResult {
  cases: ImportedCase[];
  /** Items skipped, with why. */
  warnings: string[];
}

/** Lower-case words joined by "-" (file names, ids, capabilities). */
export function slugify(s: string): string {
  return (
    s
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'unnamed'
  );
}

/** DICOM age string ("072Y", "006M", "010D", "003W") or a number, in years; undefined if unreadable. */
export function dicomAge(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*(\d{1,3})\s*([DWMY])?\s*$/i.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'Y').toUpperCase();
  return unit === 'Y' ? n : unit === 'M' ? Math.floor(n / 12) : unit === 'W' ? Math.floor(n / 52) : Math.floor(n / 365);
}

/** Ages over 89 are identifying (HIPAA safe harbour): written as "90 or older". */
export function safeAge(age: number): number | string {
  return age > 89 ? '90 or older' : age;
}

/** Keeps scalar context values (the case format's context is flat), dropping empty ones. */
export function flatContext(entries: Record<string, unknown>): Record<string, string | number | boolean> | undefined {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(entries)) {
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
    else out[k] = JSON.stringify(v);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Writes the cases under `outDir` (creating folders), each with the editor schema line. */
export function writeCases(cases: ImportedCase[], outDir: string, schemaFile: string, force: boolean): { written: string[]; skipped: string[] } {
  const written: string[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (const c of cases) {
    let file = path.resolve(outDir, c.file);
    for (let i = 2; seen.has(file); i++) file = path.resolve(outDir, c.file.replace(/\.yaml$/, `-${i}.yaml`));
    seen.add(file);
    mkdirSync(path.dirname(file), { recursive: true });
    const ref = path.relative(path.dirname(file), schemaFile).replace(/\\/g, '/');
    const text = `# yaml-language-server: $schema=${ref}\n${stringify(c.data, { lineWidth: 0 })}`;
    try {
      writeFileSync(file, text, { flag: force ? 'w' : 'wx' });
      written.push(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') skipped.push(file);
      else throw e;
    }
  }
  return { written, skipped };
}
