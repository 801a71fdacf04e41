/**
 * Report data shared by the CI reporters (markdown, github-actions, html): failing results
 * grouped once per case × metric, and the capability × metric pass-rate grid as numbers.
 */
import type { CaseResult, GateResult, LawResult } from '../../src/runner/results.js';
import { isProblemVerdict } from './format.js';
import { isLawFailure } from './laws.js';

export type FailureGroup = 'gating' | 'informational' | 'known';

/** informational results never gate; known failures are expected to fail; the rest gate. */
export const failureGroupOf = (r: CaseResult): FailureGroup => (r.informational ? 'informational' : r.knownFailure ? 'known' : 'gating');

export interface GroupedFailure {
  result: CaseResult;
  /** Every suite that produced this case × metric × verdict. */
  suites: string[];
}

/** Non-passing results of a group, once per case × metric × verdict (a case shared by suites is listed once). */
export function groupedFailures(results: CaseResult[], group: FailureGroup): GroupedFailure[] {
  const byKey = new Map<string, GroupedFailure>();
  for (const r of results) {
    if (!isProblemVerdict(r.verdict) || failureGroupOf(r) !== group) continue;
    const key = `${r.caseId}\u0000${r.metric}\u0000${r.verdict}`;
    const seen = byKey.get(key);
    if (seen) {
      if (!seen.suites.includes(r.suite)) seen.suites.push(r.suite);
    } else byKey.set(key, { result: r, suites: [r.suite] });
  }
  return [...byKey.values()];
}

/** Failing laws that gate, informational laws not passing, and expected-fail laws that failed as documented. */
export function lawGroups(laws: LawResult[]): { failed: LawResult[]; informational: LawResult[]; known: LawResult[] } {
  return {
    failed: laws.filter(isLawFailure),
    informational: laws.filter((l) => l.informational && isProblemVerdict(l.verdict)),
    known: laws.filter((l) => !l.informational && l.expected === 'fail' && l.verdict === 'fail'),
  };
}

export interface GridCell {
  passed: number;
  /** Non-skipped results. */
  total: number;
  /** fail, error or inconclusive. */
  bad: number;
  skipped: number;
  /** passed / total, undefined when nothing ran. */
  passRate?: number;
  /** Gating misses (not informational, not known failures) whose gate failed. */
  gateFailures: number;
  /** Every non-skipped result is informational. */
  informational: boolean;
}

export type CellTone = 'pass' | 'fail' | 'informational' | 'empty';

/** A matrix cell's colour follows the gate outcome, not the raw misses. */
export function cellTone(cell: GridCell): CellTone {
  if (cell.total === 0) return 'empty';
  if (cell.gateFailures > 0) return 'fail';
  return cell.informational ? 'informational' : 'pass';
}

export interface Grid {
  /** Capabilities sorted, then `(all)`. */
  rows: string[];
  /** Metrics in order of appearance. */
  metrics: string[];
  cell(row: string, metric: string): GridCell;
}

export const NO_CAPABILITY = '(none)';
export const ALL_CAPABILITIES = '(all)';

/**
 * The capability × metric grid (same counting as the text matrix: every result counts). With
 * the gates, a cell knows whether its misses decide a failing gate (for colouring by outcome);
 * without them, every gating miss counts as a gate failure.
 */
export function capabilityGrid(results: CaseResult[], gates?: GateResult[]): Grid {
  const metrics = [...new Set(results.map((r) => r.metric))];
  // a miss counts against the cell unless a gate that did not fail is known for its suite × metric
  const holding = new Set((gates ?? []).filter((g) => g.state !== 'fail').map((g) => `${g.suite}\u0000${g.metric}`));
  const empty = (): GridCell => ({ passed: 0, total: 0, bad: 0, skipped: 0, gateFailures: 0, informational: true });
  const map = new Map<string, Map<string, GridCell>>();
  const add = (row: string, r: CaseResult): void => {
    let cells = map.get(row);
    if (!cells) map.set(row, (cells = new Map()));
    let cell = cells.get(r.metric);
    if (!cell) cells.set(r.metric, (cell = empty()));
    if (r.verdict === 'skip') {
      cell.skipped++;
      return;
    }
    cell.total++;
    if (!r.informational) cell.informational = false;
    if (r.verdict === 'pass') cell.passed++;
    if (isProblemVerdict(r.verdict)) {
      cell.bad++;
      if (failureGroupOf(r) === 'gating' && !holding.has(`${r.suite}\u0000${r.metric}`)) cell.gateFailures++;
    }
  };
  for (const r of results) {
    add(r.capability ?? NO_CAPABILITY, r);
    add(ALL_CAPABILITIES, r);
  }
  const rows = [...map.keys()].filter((k) => k !== ALL_CAPABILITIES).sort();
  if (results.length > 0) rows.push(ALL_CAPABILITIES);
  return {
    rows,
    metrics,
    cell(row, metric) {
      const c = map.get(row)?.get(metric) ?? empty();
      return c.total > 0 ? { ...c, passRate: c.passed / c.total } : { ...c };
    },
  };
}

/** `file:line:col` (or less) of a case, when known. */
export function caseLocation(r: Pick<CaseResult, 'file' | 'line' | 'column'>): string | undefined {
  if (!r.file) return undefined;
  if (r.line === undefined) return r.file;
  return r.column === undefined ? `${r.file}:${r.line}` : `${r.file}:${r.line}:${r.column}`;
}

export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
