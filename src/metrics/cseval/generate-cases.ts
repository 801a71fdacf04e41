/**
 * Writes the built-in CSEval cases and placeholder images into cases/image/ (run from the
 * repository root): `npx tsx src/metrics/cseval/generate-cases.ts [outDir]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { csevalCaseFiles } from './fixtures.js';

export function writeCsevalCases(outDir: string): number {
  const files = csevalCaseFiles();
  for (const [rel, content] of files) {
    const file = path.join(outDir, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return files.size;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const out = path.resolve(process.argv[2] ?? 'cases/image');
  console.log(`wrote ${writeCsevalCases(out)} files to ${out}`);
}
