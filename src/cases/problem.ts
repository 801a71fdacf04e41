/**
 * A problem loading a case, suite or config: printed `file:line:col: message`. Problems with
 * the command line itself have no position (`line` 0) and print as `metric-suite: message`.
 */
export interface Problem {
  file: string;
  line: number;
  column: number;
  message: string;
  /** More lines to print under the message (e.g. the YAML parser's own text and code frame). */
  detail?: string;
}

/** A problem with the command line or the selection, not with a file. */
export function usageProblem(message: string): Problem {
  return { file: 'metric-suite', line: 0, column: 0, message };
}

/** Formats a problem the way editors and CI annotations expect. */
export function formatProblem(p: Problem): string {
  const head = p.line > 0 ? `${p.file}:${p.line}:${p.column}: ${p.message}` : `${p.file}: ${p.message}`;
  return p.detail ? [head, ...p.detail.split('\n').filter((l) => l.trim()).map((l) => `    ${l}`)].join('\n') : head;
}
