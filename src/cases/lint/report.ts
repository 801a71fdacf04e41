import { lintCaseFile } from './index.js';
import { isError, isPhi } from './types.js';

export interface LintReport {
  /** `file:line:col: warning: message [rule]`, in file order. */
  warnings: string[];
  /** How many of them are PHI findings (these fail `validate` by default). */
  phi: number;
  /** `file:line:col: message`: findings that make a case wrong (they fail `validate` as problems do). */
  errors: string[];
}

/** Lints case files for `validate`. */
export function lintFiles(files: string[], display: (file: string) => string): LintReport {
  const report: LintReport = { warnings: [], phi: 0, errors: [] };
  for (const file of files) {
    for (const f of lintCaseFile(file)) {
      const at = `${display(file)}:${f.line}:${f.column}`;
      if (isError(f)) {
        report.errors.push(`${at}: ${f.message}`);
        continue;
      }
      if (isPhi(f)) report.phi++;
      report.warnings.push(`${at}: warning: ${f.message} [${f.rule}]`);
    }
  }
  return report;
}

/** The warning lines and, when there are any, a one-line count. */
export function lintSummary(r: LintReport): string[] {
  if (r.warnings.length === 0) return [];
  const n = r.warnings.length;
  return [...r.warnings, `${n} lint warning${n === 1 ? '' : 's'} (${r.phi} possible PHI; PHI fails validate, all warnings fail with --strict; --no-lint skips)`];
}
