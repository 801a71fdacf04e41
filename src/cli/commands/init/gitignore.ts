import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What metric-suite writes in a project (score cache, transpiled TypeScript config): never committed. */
export const TOOL_DIR = '.metric-suite/';

/**
 * Adds `.metric-suite/` to the project's `.gitignore` (creating it) unless a line already
 * ignores it; returns what was done, for `init` to say, or undefined when nothing changed.
 */
export function ignoreToolDir(cwd: string): string | undefined {
  const file = path.join(cwd, '.gitignore');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  if (text !== undefined && text.split(/\r?\n/).some((l) => /^\/?\.metric-suite\/?(\*\*?)?\s*$/.test(l.trim()))) return undefined;
  const sep = text === undefined || text === '' || text.endsWith('\n') ? '' : '\n';
  writeFileSync(file, `${text ?? ''}${sep}# metric-suite: score cache and transpiled config\n${TOOL_DIR}\n`);
  return text === undefined ? `created .gitignore (${TOOL_DIR}: the score cache)` : `added ${TOOL_DIR} to .gitignore (the score cache)`;
}
