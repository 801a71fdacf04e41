import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DiskCache } from '../../../src/runner/cache.js';
import { tempDir } from '../_helpers.js';

const CHILD = path.join(import.meta.dirname, '_child.ts');
const NS = DiskCache.namespace('fake', '1', 'crash');

function child(mode: string, dir: string, count: number, tag: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, dir, NS, String(count), tag], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += String(d)));
    p.stderr.on('data', (d) => (stderr += String(d)));
    p.on('error', reject);
    p.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** Every entry the child set, read by a fresh cache, and the warnings reading gave. */
function readBack(dir: string, count: number, tag: string): { found: number; wrong: number; warnings: string[] } {
  const warnings: string[] = [];
  const cache = new DiskCache(dir, (m) => warnings.push(m));
  let found = 0;
  let wrong = 0;
  for (let i = 0; i < count; i++) {
    const e = cache.get(NS, DiskCache.key(`${tag}:${i}`));
    if (e) found++;
    if (e && (e.value !== i / count || (e.details as { i: number }).i !== i)) wrong++;
  }
  return { found, wrong, warnings };
}

describe('DiskCache entries outlive the process that set them, without a flush', () => {
  it('process.exit right after setting: every entry is on disk', async () => {
    const dir = await tempDir();
    const r = await child('exit', dir, 600, 'exit');
    expect(r.code).toBe(0);
    expect(readBack(dir, 600, 'exit')).toEqual({ found: 600, wrong: 0, warnings: [] });
  });

  it('an uncaught exception right after setting: every entry is on disk', async () => {
    const dir = await tempDir();
    const r = await child('throw', dir, 600, 'throw');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('crashed on purpose');
    expect(readBack(dir, 600, 'throw')).toEqual({ found: 600, wrong: 0, warnings: [] });
  });

  it('kill -9 once the writes are done: nothing was waiting for a flush or a close', async () => {
    const dir = await tempDir();
    const r = await child('kill', dir, 300, 'kill');
    expect(r.signal).toBe('SIGKILL');
    expect(readBack(dir, 300, 'kill')).toEqual({ found: 300, wrong: 0, warnings: [] });
  });

  it('concurrent writers on one cache lose nothing and tear no line, while a reader reads', async () => {
    const dir = await tempDir();
    const writers = ['a1', 'b2'].map((tag) => child('flush', dir, 800, tag));
    // a reader in this process while they write: never a wrong value (a line torn mid-write is a miss, with a warning)
    const seen: number[] = [];
    for (let k = 0; k < 5; k++) {
      const { wrong, found } = readBack(dir, 800, 'a1');
      expect(wrong).toBe(0);
      seen.push(found);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(seen).toEqual([...seen].sort((x, y) => x - y)); // what is on disk stays there
    const results = await Promise.all(writers);
    expect(results.map((r) => [r.code, r.stdout])).toEqual([[0, '[]'], [0, '[]']]);
    for (const tag of ['a1', 'b2']) expect(readBack(dir, 800, tag)).toEqual({ found: 800, wrong: 0, warnings: [] });
  });
});
