/** The capability × metric pass matrix of the text reporters. */
import type { ChalkInstance } from 'chalk';
import type { CaseResult, GateResult } from '../../src/runner/results.js';
import { ALL_CAPABILITIES, capabilityGrid, cellTone, type CellTone } from './report-model.js';

/**
 * Rows are capabilities (sorted, then `(all)`), columns metrics that scored something (metrics
 * that could not run show in the gates); a cell is `passed/total` over non-skipped results,
 * coloured by gate outcome: red where a failing gate has gating misses, dim where only
 * informational results are, green otherwise (a miss the gate tolerates is not red).
 */
export function renderMatrix(results: CaseResult[], c: ChalkInstance, gates: GateResult[] = []): string[] {
  const grid = capabilityGrid(results, gates);
  const metrics = grid.metrics.filter((m) => grid.cell(ALL_CAPABILITIES, m).total > 0);
  if (grid.rows.length === 0 || metrics.length === 0) return [];
  const text = (row: string, m: string): string => {
    const cell = grid.cell(row, m);
    return cell.total > 0 ? `${cell.passed}/${cell.total}` : '-';
  };
  const firstWidth = Math.max('capability'.length, ...grid.rows.map((r) => r.length));
  const widths = metrics.map((m) => Math.max(m.length, ...grid.rows.map((row) => text(row, m).length)));
  const paint: Record<CellTone, (s: string) => string> = { fail: c.red, informational: c.yellow, pass: c.green, empty: c.dim };
  const lines = [c.dim(['capability'.padEnd(firstWidth), ...metrics.map((m, i) => m.padEnd(widths[i]!))].join('  ').trimEnd())];
  for (const row of grid.rows) {
    const cells = metrics.map((m, i) => paint[cellTone(grid.cell(row, m))](text(row, m).padEnd(widths[i]!)));
    const name = row === ALL_CAPABILITIES ? c.bold(row.padEnd(firstWidth)) : row.padEnd(firstWidth);
    lines.push([name, ...cells].join('  ').trimEnd());
  }
  return lines;
}
