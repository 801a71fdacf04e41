/** The capability × metric pass matrix. */
import type { ChalkInstance } from 'chalk';
import type { CaseResult } from '../../src/runner/results.js';
import { isProblemVerdict } from './format.js';

interface Cell {
  passed: number;
  total: number;
  bad: number;
}

const NO_CAPABILITY = '(none)';
const ALL = '(all)';

function add(map: Map<string, Map<string, Cell>>, row: string, metric: string, r: CaseResult): void {
  let cells = map.get(row);
  if (!cells) map.set(row, (cells = new Map()));
  let cell = cells.get(metric);
  if (!cell) cells.set(metric, (cell = { passed: 0, total: 0, bad: 0 }));
  if (r.verdict === 'skip') return;
  cell.total++;
  if (r.verdict === 'pass') cell.passed++;
  if (isProblemVerdict(r.verdict)) cell.bad++;
}

/**
 * Rows are capabilities (sorted, then `(all)`), columns metrics in order of appearance;
 * a cell is `passed/total` over non-skipped results, red when any failed, `-` when empty.
 */
export function renderMatrix(results: CaseResult[], c: ChalkInstance): string[] {
  if (results.length === 0) return [];
  const metrics = [...new Set(results.map((r) => r.metric))];
  const map = new Map<string, Map<string, Cell>>();
  for (const r of results) {
    add(map, r.capability ?? NO_CAPABILITY, r.metric, r);
    add(map, ALL, r.metric, r);
  }
  const rows = [...map.keys()].filter((k) => k !== ALL).sort();
  rows.push(ALL);
  const text = (cell: Cell | undefined): string => (cell && cell.total > 0 ? `${cell.passed}/${cell.total}` : '-');
  const firstWidth = Math.max('capability'.length, ...rows.map((r) => r.length));
  const widths = metrics.map((m) => Math.max(m.length, ...rows.map((row) => text(map.get(row)?.get(m)).length)));
  const header = ['capability'.padEnd(firstWidth), ...metrics.map((m, i) => m.padEnd(widths[i]!))].join('  ');
  const lines = [c.dim(header.trimEnd())];
  for (const row of rows) {
    const cells = metrics.map((m, i) => {
      const cell = map.get(row)?.get(m);
      const padded = text(cell).padEnd(widths[i]!);
      if (cell && cell.bad > 0) return c.red(padded);
      return cell && cell.total > 0 ? c.green(padded) : c.dim(padded);
    });
    const name = row === ALL ? c.bold(row.padEnd(firstWidth)) : row.padEnd(firstWidth);
    lines.push([name, ...cells].join('  ').trimEnd());
  }
  return lines;
}
