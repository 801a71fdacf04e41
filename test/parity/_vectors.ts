import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** test/fixtures/parity: the vectors live in the repository (see the README there for their origin). */
export const parityDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/parity');

/** The rows of a parity JSONL file. */
export function readJsonl<T>(name: string): T[] {
  return readFileSync(path.join(parityDir, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

/** A parity JSON file. */
export function readJson<T>(name: string): T {
  return JSON.parse(readFileSync(path.join(parityDir, name), 'utf8')) as T;
}
