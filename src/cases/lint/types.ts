/** One lint finding: a warning at a position in a case file (DESIGN §2 files, CONTRIBUTING.md). */
export interface LintFinding {
  line: number;
  column: number;
  /** `phi/date`, `phi/record-number`, `phi/name`, `phi/phone`, `phi/age`, `fields/rationale`, `fields/provenance`. */
  rule: string;
  message: string;
}

/** PHI findings fail `validate` by default; field findings only with `--strict`. */
export function isPhi(f: LintFinding): boolean {
  return f.rule.startsWith('phi/');
}
