import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../_run.js';
import { tmpTree } from '../../_support/tmp.js';

describe('score --input (in process)', () => {
  it('without --output: one JSON line per row on stdout, the summary on stderr', async () => {
    const dir = tmpTree({ 'p.csv': 'id,reference,candidate\na,Small left effusion.,Small left effusion.\nb,Mild cardiomegaly.,No acute process.\n' });
    const r = await cli(['score', '--metric', 'rouge-l', '--input', 'p.csv', '--no-cache'], dir);
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; value: number });
    expect(rows.map((x) => x.id)).toEqual(['a', 'b']);
    expect(rows[0]!.value).toBe(1);
    expect(r.stderr).toMatch(/rouge-l: 2 of 2 rows scored/);
    // stderr is no TTY here: no progress lines, the summary alone
    expect(r.stderr).not.toContain('rows/s');
  });

  it('bad rows are reported with file:line and the rest is scored (exit 2); error rows are retried on resume', async () => {
    const dir = tmpTree({ 'p.jsonl': '{"id": "a", "reference": "x", "candidate": "x"}\n{"id": "b", "reference": "x"}\n{"id": "c", "reference": {"s": 1}, "candidate": "x"}\n' });
    const r = await cli(['score', '--metric', 'bleu', '--input', 'p.jsonl', '--output', 'out.jsonl', '--no-cache'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${path.join(dir, 'p.jsonl')}:2:1: missing "candidate"`);
    const out = readFileSync(path.join(dir, 'out.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; error?: string });
    expect(out.map((x) => x.id)).toEqual(['a', 'c']);
    expect(out[1]!.error).toBeTruthy();
    expect(r.stdout).toMatch(/bleu: 1 of 3 rows scored, 1 error, 1 input problem \(rows skipped, see above\)/);
    const again = await cli(['score', '--metric', 'bleu', '--input', 'p.jsonl', '--output', 'out.jsonl', '--no-cache'], dir);
    expect(again.stderr).toContain('1 row was already in out.jsonl and was skipped');
  });

  it('one-pair mode still needs both reports', async () => {
    const r = await cli(['score', '--metric', 'bleu', '--reference', 'x'], tmpTree());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs --reference and --candidate, or --input/);
  });
});
