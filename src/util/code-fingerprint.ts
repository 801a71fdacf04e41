import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from './package-root.js';

let fingerprint: string | undefined;

/**
 * A fingerprint of the code that decides a law's evaluation: every source file of this package
 * (path, size, modification time; the compiled tree or src/, whichever runs) and the clinical
 * lexicon. Editing a law, a generator, the extractor or a built-in metric changes it: it keys
 * the cached scores of the deterministic built-ins and the stored law evaluations. About 20 ms,
 * once per process.
 */
export function codeFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const codeRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const lexicon = path.join(packageRoot(), 'src', 'clinical', 'lexicon');
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    } catch {
      return;
    }
    for (const e of entries) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else if (/\.(js|mjs|ts|json|ya?ml|hbs)$/.test(e.name) && !e.name.endsWith('.d.ts')) {
        const st = statSync(file);
        hash.update(`${path.relative(codeRoot, file)}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
  };
  walk(codeRoot);
  if (!lexicon.startsWith(codeRoot + path.sep)) walk(lexicon);
  return (fingerprint = hash.digest('hex').slice(0, 24));
}
