/**
 * The per-finding summary of image (CSEval) results, like Table 2 of the CSEval paper: for each
 * metric and finding type, the mean ± sd of the per-image scores. The finding comes from a
 * `finding:<name>` tag of the case, else its capability. sd is the population standard
 * deviation (numpy's default, ddof 0). A case run by several suites counts once. Images whose
 * role is `corrupted` (deliberate corruptions, DESIGN §2) are left out.
 */
import type { ChalkInstance } from 'chalk';
import type { CaseResult } from '../../src/runner/results.js';

export interface FindingSummaryRow {
  metric: string;
  finding: string;
  /** Images scored. */
  n: number;
  mean: number;
  sd: number;
}

export function findingOf(r: CaseResult): string {
  const tag = r.tags?.find((t) => t.startsWith('finding:'));
  return tag ? tag.slice('finding:'.length) : (r.capability ?? '(none)');
}

export function findingSummary(results: CaseResult[]): FindingSummaryRow[] {
  const groups = new Map<string, { metric: string; finding: string; values: number[] }>();
  const seen = new Set<string>();
  for (const r of results) {
    if (r.kind !== 'image' || r.verdict === 'skip') continue;
    const once = `${r.caseId}\u0000${r.metric}`;
    if (seen.has(once)) continue;
    seen.add(once);
    const finding = findingOf(r);
    const key = `${r.metric}\u0000${finding}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { metric: r.metric, finding, values: [] }));
    // deliberate corruptions stay ranking expectations: Table 2 counts faithful images only
    g.values.push(...Object.entries(r.scores).filter(([label, v]) => Number.isFinite(v) && (r.roles?.[label] ?? 'faithful') === 'faithful').map(([, v]) => v));
  }
  const rows: FindingSummaryRow[] = [];
  for (const g of groups.values()) {
    if (g.values.length === 0) continue;
    const n = g.values.length;
    const mean = g.values.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(g.values.reduce((a, v) => a + (v - mean) ** 2, 0) / n);
    rows.push({ metric: g.metric, finding: g.finding, n, mean, sd });
  }
  return rows.sort((a, b) => a.metric.localeCompare(b.metric) || a.finding.localeCompare(b.finding));
}

/** `metric  finding  n  mean ± sd` lines (empty when no image results were scored). */
export function renderFindingSummary(results: CaseResult[], c: ChalkInstance): string[] {
  const rows = findingSummary(results);
  if (rows.length === 0) return [];
  const cells = rows.map((r) => [r.metric, r.finding, String(r.n), `${r.mean.toFixed(3)} ± ${r.sd.toFixed(3)}`]);
  const header = ['metric', 'finding', 'images', 'mean ± sd'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => row.map((v, i) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [c.dim(line(header)), ...cells.map(line)];
}
