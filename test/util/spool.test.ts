import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJsonReporter } from '../../reporters/json.js';
import { Spool } from '../../src/util/spool.js';
import { sampleReport } from '../reporters/_fixtures/sample-report.js';

/**
 * Issue 14, finding 11: results stream to disk. The json reporter's results go to a spool file
 * as they arrive (not a list in memory, nor one string at the end); the file is gone after.
 */
let tmp: string;
let saved: string | undefined;
beforeEach(() => {
  saved = process.env.TMPDIR;
  tmp = mkdtempSync(path.join(os.tmpdir(), 'spool-test-'));
  process.env.TMPDIR = tmp; // os.tmpdir() reads it on every call
});
afterEach(() => {
  if (saved === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = saved;
});

const spoolFiles = (): { file: string; size: number }[] => readdirSync(tmp, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile()).map((e) => ({ file: path.join(e.parentPath, e.name), size: statSync(path.join(e.parentPath, e.name)).size }));

describe('spool', () => {
  it('keeps appended text on disk past a megabyte and gives it back in order, cut only between characters', () => {
    const s = new Spool();
    const pieces = Array.from({ length: 9_000 }, (_, i) => `${i}:é✓😀${'ß'.repeat(i % 500)}\n`);
    for (const p of pieces) s.append(p);
    expect(spoolFiles().reduce((n, f) => n + f.size, 0)).toBeGreaterThan(1 << 20);
    const chunks: string[] = [];
    s.drain((t) => void chunks.push(t));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(pieces.join(''));
    expect(spoolFiles()).toEqual([]);
  });

  it('the json reporter spools its results while the run goes, and removes the file at the end', () => {
    const out: string[] = [];
    const reporter = createJsonReporter({ write: (t) => void out.push(t), color: false });
    const base = sampleReport.results[0]!;
    const results = Array.from({ length: 5_000 }, (_, i) => ({ ...base, caseId: `c${i}` }));
    for (const r of results) reporter.onCaseResult!(r);
    // before the end: nothing written yet, the results are on disk
    expect(out).toEqual([]);
    expect(spoolFiles().reduce((n, f) => n + f.size, 0)).toBeGreaterThan(1 << 20);
    reporter.onRunEnd!({ ...sampleReport, results });
    expect(spoolFiles()).toEqual([]);
    expect((JSON.parse(out.join('')) as { results: unknown[] }).results).toHaveLength(5_000);
  });
});
