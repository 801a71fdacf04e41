/** One lint finding: a warning at a position in a case file (DESIGN §2 files, CONTRIBUTING.md). */
export interface LintFinding {
  line: number;
  column: number;
  /** `phi/date`, `phi/record-number`, `phi/name`, `phi/phone`, `phi/age`, `fields/rationale`, `fields/provenance`, `fields/todo`, `case/capability`. */
  rule: string;
  message: string;
  /** `error`: the case is wrong (fails `validate` like a load problem), not a lint warning. */
  severity?: 'error';
}

/** PHI findings fail `validate` by default; field findings only with `--strict`. */
export function isPhi(f: LintFinding): boolean {
  return f.rule.startsWith('phi/');
}

/** Errors (an unknown capability) fail `validate` as load problems do. */
export function isError(f: LintFinding): boolean {
  return f.severity === 'error';
}
