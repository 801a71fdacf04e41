import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createCommandMetric } from '../../../../src/metrics/adapters/command/index.js';
import { CommandWorker } from '../../../../src/metrics/adapters/command/worker.js';
import { tmpTree } from '../../../_support/tmp.js';
import { DECL } from './_workers.js';

const signal = new AbortController().signal;
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Issue 14, finding 9: a worker whose child inherits stdout. The worker's crash is noticed at
 * once with its exit code (not after the batch timeout as "did not answer"), and the
 * grandchild does not outlive the worker: the worker is a process group, killed as a whole.
 */
const SPAWNS_GRANDCHILD = `
import os, subprocess, sys, time
from metric_suite import serve

DECL = ${DECL}
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])  # inherits stdout
open("grandchild.pid", "w").write(str(child.pid))

def score_batch(requests):
    if any(r["candidate"] == "crash" for r in requests):
        sys.stderr.write("crashing\\n"); sys.stderr.flush(); os._exit(1)
    return [0.5 for _ in requests]

serve(DECL, score_batch)
`;

describe('command workers as process groups', () => {
  it('notices a crash while a grandchild holds stdout, with the exit code, and kills the grandchild', async () => {
    const dir = tmpTree({ 'worker.py': SPAWNS_GRANDCHILD });
    const m = await createCommandMetric({ command: ['python3', 'worker.py'], timeoutMs: 30_000 }, dir);
    try {
      const grandchild = Number(readFileSync(path.join(dir, 'grandchild.pid'), 'utf8'));
      expect(alive(grandchild)).toBe(true);
      const started = performance.now();
      const [outcome] = await m.score([{ reference: 'r', candidate: 'crash' }], { signal });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(outcome).toMatchObject({ error: expect.stringMatching(/exited with code 1/) });
      for (let i = 0; i < 50 && alive(grandchild); i++) await sleep(50);
      expect(alive(grandchild)).toBe(false);
      // the next batch gets a fresh worker
      expect(await m.score([{ reference: 'r', candidate: 'fine' }], { signal })).toEqual([{ value: 0.5 }]);
    } finally {
      await m.close?.();
    }
  });

  it('close() ends the whole group', async () => {
    const dir = tmpTree({ 'worker.py': SPAWNS_GRANDCHILD });
    const m = await createCommandMetric({ command: ['python3', 'worker.py'] }, dir);
    const grandchild = Number(readFileSync(path.join(dir, 'grandchild.pid'), 'utf8'));
    await m.close?.();
    for (let i = 0; i < 50 && alive(grandchild); i++) await sleep(50);
    expect(alive(grandchild)).toBe(false);
  });

  it('reads a 64 MB line in well under a second (linear line reading)', async () => {
    const dir = tmpTree({
      'worker.py': `
import json, sys
from metric_suite import serve
DECL = ${DECL}
def score_batch(requests):
    return [(0.5, {"blob": "x" * (64 * 1024 * 1024)}) for _ in requests]
serve(DECL, score_batch)
`,
    });
    const { worker } = await CommandWorker.start({ argv: ['python3', 'worker.py'], cwd: dir, env: { ...process.env, PYTHONPATH: path.resolve(import.meta.dirname, '../../../../python') } }, {}, 30_000);
    try {
      // time only the host's side: the reply is read from the pipe as it arrives
      const started = performance.now();
      const reply = await worker.score([{ reference: 'r', candidate: 'c' }], 60_000);
      const ms = performance.now() - started;
      expect(reply.type).toBe('result');
      expect(ms).toBeLessThan(10_000); // generous for a loaded CI machine; quadratic reading took 32 s
    } finally {
      worker.kill();
    }
    expect(existsSync(dir)).toBe(true);
  }, 60_000);
});
