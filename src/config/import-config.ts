import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { importModule } from '../metrics/adapters/module.js';

/** Bumped when the transpile settings change, so old cached files are not reused. */
const FORMAT = 'esm-node20-1';

/**
 * Imports a config module. A TypeScript config is transpiled once with esbuild (loaded only
 * then) into `.metric-suite/config/<sha256 of its text>.mjs` next to it and imported as plain
 * JavaScript afterwards: loading it through tsx's loader hooks on every command cost ~1 s of
 * CPU (a loader thread, and a second copy of the package under tsx's namespace). A config that
 * imports a file of its own, or reads `import.meta` / `__dirname` / `require`, keeps the tsx
 * path (its relative paths and module kind must stay as written); so does any failure here, so
 * errors keep tsx's file:line:col.
 */
export async function importConfig(file: string): Promise<Record<string, unknown>> {
  if (!/\.(m|c)?ts$/.test(file)) return importModule(file);
  const cached = await cachedTranspile(file).catch(() => undefined);
  if (cached) {
    try {
      return (await import(pathToFileURL(cached).href)) as Record<string, unknown>;
    } catch {
      // an import the plain module cannot resolve: tsx reports it as usual
    }
  }
  return importModule(file);
}

/** The transpiled file for a self-contained TS config, made on the first use of this text. */
async function cachedTranspile(file: string): Promise<string | undefined> {
  const text = readFileSync(file, 'utf8');
  if (!selfContained(text)) return undefined;
  const key = createHash('sha256').update(FORMAT).update('\0').update(text).digest('hex').slice(0, 32);
  const dir = path.join(path.dirname(file), '.metric-suite', 'config');
  const out = path.join(dir, `${path.basename(file).replace(/\.[^.]+$/, '')}-${key}.mjs`);
  if (existsSync(out)) return out;
  const { transform } = await import('esbuild');
  const { code } = await transform(text, { loader: 'ts', format: 'esm', target: 'node20', sourcefile: file });
  mkdirSync(dir, { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, code);
  renameSync(tmp, out);
  return out;
}

/** Imports only packages (no relative or absolute paths) and no location-dependent globals. */
export function selfContained(text: string): boolean {
  if (/\bimport\.meta\b|\b__dirname\b|\b__filename\b|\brequire\s*\(|\bmodule\.exports\b/.test(text)) return false;
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)(['"])([^'"]+)\1/g)].map((m) => m[2]!);
  return specifiers.every((s) => !s.startsWith('.') && !s.startsWith('/') && !s.startsWith('file:'));
}
