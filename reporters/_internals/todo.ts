/**
 * The todo cases of the text reporters (vitest's `it.todo`): one line per case, whatever the
 * number of metrics it was planned for, with where it is written and why it is todo.
 */
import type { ChalkInstance } from 'chalk';
import type { CaseResult } from '../../src/runner/results.js';

/** Lines shown by `default`; `verbose` lists every todo case. */
const SHOWN = 10;

/** The todo cases, each once, in order of appearance. */
export function todoCases(results: Iterable<CaseResult>): CaseResult[] {
  const seen = new Map<string, CaseResult>();
  for (const r of results) if (r.todo && !seen.has(`${r.file}\u0000${r.caseId}`)) seen.set(`${r.file}\u0000${r.caseId}`, r);
  return [...seen.values()];
}

export function renderTodo(results: CaseResult[], c: ChalkInstance, mode: 'default' | 'verbose'): string[] {
  const cases = todoCases(results);
  const shown = mode === 'verbose' ? cases : cases.slice(0, SHOWN);
  const lines = shown.map((r) => {
    const where = r.file ? `${r.file}${r.line ? `:${r.line}` : ''}` : '';
    return `  ${c.cyan('□')} ${r.caseId}${where ? `  ${c.dim(where)}` : ''}\n    ${c.dim((r.reason ?? '').replace(/^todo: /, ''))}`;
  });
  if (cases.length > shown.length) lines.push(c.dim(`  ... and ${cases.length - shown.length} more (--reporter verbose lists every one)`));
  return lines;
}
