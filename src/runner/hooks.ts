import type { CaseResult, LawResult, Problem, RunReport } from './results.js';

/** Announced before any case runs. */
export interface RunStartInfo {
  suites: string[];
  metrics: string[];
  /** Planned case × metric pairs. */
  total: number;
  problems: Problem[];
}

/**
 * A reporter implements any of these hooks, like vitest's. Hooks may be async; the runner
 * awaits them in order, so output never interleaves. Results arrive as they are decided.
 */
export interface Reporter {
  onRunStart?(info: RunStartInfo): void | Promise<void>;
  onCaseResult?(result: CaseResult): void | Promise<void>;
  onLawResult?(result: LawResult): void | Promise<void>;
  onRunEnd?(report: RunReport): void | Promise<void>;
}

/** Where a reporter writes, and how. */
export interface ReporterOptions {
  write(text: string): void;
  /** Colour allowed: a TTY without NO_COLOR (or FORCE_COLOR set). */
  color: boolean;
}

export type ReporterFactory = (options: ReporterOptions) => Reporter;
