import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import type { Problem } from './problem.js';
import { nodeFor, positionOf, type Path } from './positions.js';

/** Builds a problem at a path inside the document (optionally at a key of a mapping). */
export type At = (path: Path, message: string, key?: string) => Problem;

export interface YamlFile {
  data?: unknown;
  at: At;
  problems: Problem[];
}

/**
 * Reads and parses a YAML or JSON file (JSON is YAML 1.2), keeping node positions so any
 * later problem can be reported as `file:line:col`. Duplicate keys are errors.
 */
export async function readYamlFile(file: string, display: string, what: string): Promise<YamlFile> {
  const read = await readText(file, display, what);
  return typeof read === 'string' ? parseYamlText(read, display) : { at: () => read, problems: [read] };
}

/**
 * A file's text, or the problem reading it (at 1:1). Synchronous on purpose: for thousands
 * of small case files, fs/promises' per-call overhead (open, fstat, read, close as separate
 * async steps) costs several times the read itself, and nothing else runs while loading.
 */
export async function readText(file: string, display: string, what: string): Promise<string | Problem> {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    return { file: display, line: 1, column: 1, message: `cannot read ${what}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
}

/** Parses YAML text with positions (the thorough path: every problem gets file:line:col). */
export function parseYamlText(text: string, display: string): YamlFile {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  const at: At = (p, message, key) => ({ file: display, ...positionOf(counter, nodeFor(doc, p, key)), message });
  if (doc.errors.length > 0) {
    const problems = doc.errors.map((e) => ({ file: display, ...positionOf(counter, e.pos[0]), message: `invalid YAML: ${e.message.split('\n')[0]}` }));
    return { at, problems };
  }
  return { data: doc.toJS(), at, problems: [] };
}

/** zod issues as positioned problems (unknown keys point at the key itself). */
export function zodProblems(error: z.ZodError, at: At, prefix: Path = []): Problem[] {
  return error.issues.slice(0, 8).map((issue) => {
    const p = [...prefix, ...issue.path.filter((x): x is string | number => typeof x !== 'symbol')];
    const rel = issue.path.filter((x): x is string | number => typeof x !== 'symbol');
    const field = rel.length > 0 ? rel.join('.') : '(root)';
    if (issue.code === 'unrecognized_keys') {
      const keys = (issue as { keys: string[] }).keys;
      const more = keys.length > 1 ? ` (also ${keys.slice(1).join(', ')})` : '';
      return at(p, `unknown field "${keys[0]}"${rel.length ? ` in ${field}` : ''}${more}`, keys[0]);
    }
    return at(p, `${field}: ${issue.message}`);
  });
}

export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
