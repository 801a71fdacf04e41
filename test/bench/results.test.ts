import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { END, START, markdownTable, writeReadme } from '../../bench/_lib/readme.js';
import { mergeResults, readResults, tableHead, writeResults } from '../../bench/_lib/results.js';
import type { BenchRow } from '../../bench/_lib/row.js';

const row = (id: string, at: string, met = true): BenchRow => ({ id, what: `row ${id}`, project: '1 µs', reference: '2 µs', result: '2.0x', goal: '>= 1x', met, measuredAt: at, load: '3.00 / 2.00 / 1.00' });

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('bench results and README', () => {
  it('an update replaces the rows measured again, keeps the others, in the table order', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bench-results-'));
    const file = path.join(dir, 'results.json');
    writeResults(file, [row('a', '2026-12-01T10:00:00Z'), row('b', '2026-12-01T10:01:00Z'), row('c', '2026-12-01T10:02:00Z')]);
    const merged = mergeResults(file, [row('b', '2026-12-01T15:00:00Z', false)], ['a', 'b', 'c']);
    expect(merged.map((r) => [r.id, r.measuredAt, r.met])).toEqual([['a', '2026-12-01T10:00:00Z', true], ['b', '2026-12-01T15:00:00Z', false], ['c', '2026-12-01T10:02:00Z', true]]);
    writeResults(file, merged);
    expect(readResults(file)).toEqual(merged);
    expect(tableHead(merged, 'a test machine')).toMatch(/^Measured 2026-12-01 10:00 to 2026-12-01 15:00 UTC on a test machine\./);
  });

  it('the table gives each row its time and load; the README keeps what is outside the markers', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bench-readme-'));
    const table = markdownTable([row('a', '2026-12-01T10:00:00Z', false)]);
    expect(table).toContain('| row a | 1 µs | 2 µs | 2.0x | >= 1x | **no** | 2026-12-01 10:00, 3.00 / 2.00 / 1.00 |');
    const readme = path.join(dir, 'README.md');
    writeFileSync(readme, `# Bench\n\nbefore\n\n${START}\nold\n${END}\n\n## by hand\n`);
    writeReadme(readme, table);
    const text = readFileSync(readme, 'utf8');
    expect(text).toContain('before');
    expect(text).toContain('## by hand');
    expect(text).not.toContain('old');
    expect(text).toContain(table);
  });
});
