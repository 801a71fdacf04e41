/**
 * bench/results.json: the rows of the last full table, each with when it was measured and the
 * load average then, so that rows measured again later (`--update`) replace theirs and the
 * README is regenerated from the whole table, never edited by hand.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchRow } from './row.js';

export const RESULTS = path.join(import.meta.dirname, '..', 'results.json');

export function readResults(file: string): BenchRow[] {
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { rows: BenchRow[] }).rows;
}

export function writeResults(file: string, rows: readonly BenchRow[]): void {
  writeFileSync(file, `${JSON.stringify({ rows }, null, 2)}\n`);
}

/** The stored table with `fresh` rows in place of theirs, in the table's order. */
export function mergeResults(file: string, fresh: readonly BenchRow[], order: readonly string[]): BenchRow[] {
  const byId = new Map(readResults(file).map((r) => [r.id, r]));
  for (const r of fresh) byId.set(r.id, r);
  const rank = (id: string): number => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...byId.values()].sort((a, b) => rank(a.id) - rank(b.id));
}

/** `2026-12-01 14:05` from an ISO time. */
export const minute = (iso: string | undefined): string => (iso ? iso.slice(0, 16).replace('T', ' ') : '?');

/** The line above the table: the machine, and when the rows were measured. */
export function tableHead(rows: readonly BenchRow[], machine: string): string {
  const times = rows.map((r) => r.measuredAt).filter((t): t is string => !!t).sort();
  const span = times.length ? `${minute(times[0])} to ${minute(times.at(-1))} UTC` : 'at an unknown time';
  return `Measured ${span} on ${machine}. Each row gives the load average (1/5/15 min) when it started: the machine is shared, and wall-time rows move with it.`;
}
