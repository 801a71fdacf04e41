/**
 * bench/README.md is generated: the table of the last full run goes between the markers, and
 * everything outside them (sections other developers add) is kept as it is.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BenchRow } from './row.js';

export const START = '<!-- bench:generated:start (written by `npm run bench`; edit outside these markers) -->';
export const END = '<!-- bench:generated:end -->';

/** The table as markdown. */
export function markdownTable(rows: readonly BenchRow[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines = ['| what | project | reference | result | goal | met | measured (UTC), load |', '|---|---|---|---|---|---|---|'];
  for (const r of rows) {
    const when = r.measuredAt ? `${r.measuredAt.slice(0, 16).replace('T', ' ')}, ${r.load ?? '?'}` : '—';
    lines.push(`| ${esc(r.what)} | ${esc(r.project)} | ${esc(r.reference)} | ${esc(r.result)} | ${esc(r.goal)} | ${r.met ? 'yes' : '**no**'} | ${when} |`);
  }
  return lines.join('\n');
}

/** Rewrites the generated block of `file` (creating the file, or appending the block, as needed). */
export function writeReadme(file: string, block: string): void {
  const generated = `${START}\n${block.trim()}\n${END}`;
  if (!existsSync(file)) return writeFileSync(file, `# Benchmarks\n\n${generated}\n`);
  const text = readFileSync(file, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  const next = a >= 0 && b > a ? `${text.slice(0, a)}${generated}${text.slice(b + END.length)}` : `${text.trimEnd()}\n\n${generated}\n`;
  writeFileSync(file, next);
}
