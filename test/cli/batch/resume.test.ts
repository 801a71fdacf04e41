/**
 * `score --input` end to end with the built CLI: 10,000 rows, SIGINT mid-run (exit 130, the
 * rows done so far are on disk), then the same command again finishes the rest without
 * scoring any row twice.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../../_support/tmp.js';

const BIN = path.resolve('dist/src/cli/bin.js');
const N = 10_000;

// A metric that takes 15 ms per batch of 50 and counts the requests it scores (in a side file).
const SLOW = `import { appendFileSync } from 'node:fs';
export default {
  id: 'slow-len', version: '1', description: 'length ratio, slowly', direction: 'higher', range: [0, 1],
  tieTolerance: 0, deterministic: true, inputs: ['text'], batchSize: 50, concurrency: 2,
  async score(requests) {
    await new Promise((r) => setTimeout(r, 15));
    appendFileSync(new URL('./scored.log', import.meta.url), requests.length + '\\n');
    return requests.map((r) => ({ value: Math.min(r.candidate.length, r.reference.length) / Math.max(r.candidate.length, r.reference.length, 1) }));
  },
};
`;

function run(cwd: string, onStart?: (child: ReturnType<typeof spawn>) => void): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'score', '--metric', 'slow-len', '--input', 'pairs.jsonl', '--output', 'scores.jsonl', '--no-cache'], { cwd, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    onStart?.(child);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('score --input: 10,000 rows, SIGINT, resume', () => {
  it('stops cleanly on SIGINT and the same command resumes where it stopped', async () => {
    const lines = Array.from({ length: N }, (_, i) => JSON.stringify({ id: `r${i}`, reference: 'Small left pleural effusion.', candidate: `${'x'.repeat(1 + (i % 40))} ${i}` }));
    const dir = tmpTree({ 'pairs.jsonl': `${lines.join('\n')}\n`, 'slow.mjs': SLOW, 'metric-suite.config.json': JSON.stringify({ metrics: { 'slow-len': { module: './slow.mjs' } } }) });
    // stderr is no TTY here, so no progress line: interrupt once the first rows are written
    const first = await run(dir, (child) => {
      const poll = setInterval(() => {
        const out = path.join(dir, 'scores.jsonl');
        if (existsSync(out) && statSync(out).size > 0) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 20);
      child.on('close', () => clearInterval(poll));
    });
    expect(first.code).toBe(130);
    expect(first.stderr).toMatch(/interrupted: \d+ of 10000 rows have a score; run the same command again to resume/);
    const partial = readFileSync(path.join(dir, 'scores.jsonl'), 'utf8').trim().split('\n');
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(N);

    const second = await run(dir);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(`${partial.length} rows were already in scores.jsonl and were skipped`);
    expect(second.stdout).toMatch(/slow-len: 10000 of 10000 rows scored\n {2}mean 0\.\d{4} \(95% CI/);
    const all = readFileSync(path.join(dir, 'scores.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; value: number });
    expect(all).toHaveLength(N);
    expect(new Set(all.map((r) => r.id)).size).toBe(N);
    // every request was scored exactly once over both runs
    const scored = readFileSync(path.join(dir, 'scored.log'), 'utf8').trim().split('\n').map(Number).reduce((a, b) => a + b, 0);
    expect(scored).toBe(N);
  }, 60_000);
});
