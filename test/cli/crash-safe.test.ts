import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';

/**
 * Issue 14, findings 4 and 5: SIGINT, SIGTERM and kill -9 keep what completed; two runs on one
 * cache lose nothing. Each test drives the built CLI in a child process.
 */
const bin = path.resolve(import.meta.dirname, '../../dist/src/cli/bin.js');

/** A project of `n` score cases and a slow module metric that logs every candidate it scores. */
function project(n: number, opts: { delayMs?: number; cacheDir?: string; prefix?: string } = {}): string {
  const cases = Array.from({ length: n }, (_, i) => `  - { id: c${i}, reference: r, candidate: ${opts.prefix ?? 'x'}${i}, expect: { slow: { min: 0 } } }\n`).join('');
  return tmpTree({
    'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [slow]\n',
    'cases/c.yaml': `defaults: { kind: score }\ncases:\n${cases}`,
    'metric-suite.config.yaml': `${opts.cacheDir ? `cacheDir: ${opts.cacheDir}\n` : ''}metrics:\n  slow: { module: ./slow.mjs, batchSize: 1, concurrency: 1 }\n`,
    'slow.mjs': `import { appendFileSync } from 'node:fs';
export default { id: 'slow', version: '1', description: 'slow', direction: 'higher', range: [0, 1], tieTolerance: 0,
  deterministic: true, inputs: ['text'],
  async score(rs) {
    appendFileSync('started.log', 'x');
    await new Promise((ok) => setTimeout(ok, ${opts.delayMs ?? 150}));
    for (const r of rs) appendFileSync(${JSON.stringify('scored.log')}, r.candidate + '\\n');
    return rs.map(() => ({ value: 1 }));
  } };\n`,
  });
}

function start(cwd: string, args: string[] = []): { child: ChildProcess; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> } {
  const child = spawn(process.execPath, [bin, 'run', '--reporter', 'default', '--output-file', 'json=out/report.json', ...args], { cwd, env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout!.resume();
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, stderr })));
  return { child, done };
}

const scored = (cwd: string): string[] => (existsSync(path.join(cwd, 'scored.log')) ? readFileSync(path.join(cwd, 'scored.log'), 'utf8').split('\n').filter(Boolean) : []);

async function waitFor(cond: () => boolean, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(25);
  }
}

function cacheEntries(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .reduce((n, e) => n + readFileSync(path.join(e.parentPath, e.name), 'utf8').split('\n').filter((l) => {
      try {
        return typeof JSON.parse(l).k === 'string'; // a line torn by kill -9 is no entry
      } catch {
        return false;
      }
    }).length, 0);
}

describe('interrupted runs keep what completed', () => {
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    it(`${sig}: stops scheduling, writes every reporter's output for what completed, marked interrupted, exit 130`, async () => {
      const cwd = project(40);
      const { child, done } = start(cwd);
      await waitFor(() => scored(cwd).length >= 3);
      child.kill(sig);
      const { code, stderr } = await done;
      expect(code).toBe(130);
      expect(stderr).toContain(`${sig}: finishing the requests in flight`);
      const report = JSON.parse(readFileSync(path.join(cwd, 'out/report.json'), 'utf8'));
      expect(report.interrupted).toBe(true);
      expect(report.exitCode).toBe(130);
      expect(report.results.length).toBeGreaterThanOrEqual(3);
      expect(report.results.length).toBeLessThan(40);
      expect(report.results.every((r: { verdict: string }) => r.verdict === 'pass')).toBe(true);
      // every reported result was scored, and is in the cache
      expect(cacheEntries(path.join(cwd, '.metric-suite/cache'))).toBeGreaterThanOrEqual(report.results.length);
    });
  }

  it('a second SIGINT exits at once, without waiting for the grace period', async () => {
    const cwd = project(5, { delayMs: 20_000 });
    const { child, done } = start(cwd);
    await waitFor(() => existsSync(path.join(cwd, 'started.log'))); // the first batch is in flight
    const t0 = Date.now();
    child.kill('SIGINT');
    await sleep(100);
    child.kill('SIGINT');
    const { code, stderr } = await done;
    expect(code).toBe(130);
    expect(stderr).toContain('SIGINT again: exiting now');
    expect(Date.now() - t0).toBeLessThan(2_500);
  });

  it('after kill -9, a re-run scores only what was missing', async () => {
    const cwd = project(30);
    const { child, done } = start(cwd);
    // wait on the cache, not on the metric's log: a score is appended only after it reaches the runner
    await waitFor(() => cacheEntries(path.join(cwd, '.metric-suite/cache')) >= 4);
    child.kill('SIGKILL');
    await done;
    const before = new Set(scored(cwd));
    const cached = cacheEntries(path.join(cwd, '.metric-suite/cache'));
    expect(cached).toBeGreaterThanOrEqual(4);
    const again = spawnSync(process.execPath, [bin, 'run'], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(again.status, again.stderr).toBe(0);
    const rescored = scored(cwd).slice(before.size);
    expect(rescored.length, JSON.stringify({ cached, before: before.size, rescored })).toBe(30 - cached);
    for (const c of rescored) expect(before.has(c) && rescored.filter((x) => x === c).length > 1).toBe(false);
  });
});

describe('runs sharing a cache', () => {
  it('two concurrent runs lose no entry', async () => {
    const shared = tmpTree({});
    const cacheDir = path.join(shared, 'cache');
    const a = project(60, { delayMs: 5, cacheDir, prefix: 'a' });
    const b = project(60, { delayMs: 5, cacheDir, prefix: 'b' });
    const runs = [start(a, ['--reporter', 'default']), start(b, ['--reporter', 'default'])];
    const results = await Promise.all(runs.map((r) => r.done));
    expect(results.map((r) => r.code)).toEqual([0, 0]);
    expect(cacheEntries(cacheDir)).toBe(120);
    // a third run of each scores nothing: every entry is there and intact
    for (const cwd of [a, b]) {
      const n = scored(cwd).length;
      expect(spawnSync(process.execPath, [bin, 'run'], { cwd, encoding: 'utf8' }).status).toBe(0);
      expect(scored(cwd).length).toBe(n);
    }
  });
});
