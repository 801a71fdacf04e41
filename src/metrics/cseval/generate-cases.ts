/**
 * Writes the built-in CSEval cases and placeholder images into cases/image/ (run from the
 * repository root): `npx tsx src/metrics/cseval/generate-cases.ts [outDir]`; and the prompt set
 * src/metrics/cseval/prompts.yaml.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { csevalCaseFiles, promptsYaml } from './fixtures.js';

/** The built-in prompt set, beside this file. */
export const PROMPTS_FILE = fileURLToPath(new URL('./prompts.yaml', import.meta.url));

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
  writeFileSync(PROMPTS_FILE, promptsYaml());
  console.log(`wrote ${PROMPTS_FILE}`);
}
