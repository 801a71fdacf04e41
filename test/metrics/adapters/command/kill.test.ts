/**
 * Acceptance: a Python worker killed mid-batch during a real run. The run finishes; the lost
 * batch is scored again one request at a time in a fresh worker (the kill came from outside,
 * so each scores alone) and every case passes; nothing else is sent twice.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runSuites } from '../../../../src/runner/run.js';
import { tmpTree } from '../../../_support/tmp.js';

const WORKER = `
import json, os, sys, time
from metric_suite import serve

DECL = {"id": "overlap-py", "version": "1", "description": "word overlap", "direction": "higher",
        "range": [0, 1], "tieTolerance": 0, "deterministic": True, "inputs": ["text"]}

def score_batch(requests):
    with open("batches.jsonl", "a") as log:
        log.write(json.dumps([r["candidate"] for r in requests]) + "\\n")
    if any("STALL" in r["candidate"] for r in requests) and not os.path.exists("worker.pid"):
        open("worker.pid", "w").write(str(os.getpid()))
        sys.stderr.write("stalling on purpose\\n"); sys.stderr.flush()
        time.sleep(120)
    out = []
    for r in requests:
        ref = set(r["reference"].lower().split())
        words = r["candidate"].lower().split()
        out.append(sum(w in ref for w in words) / max(len(words), len(ref)))
    return out

serve(DECL, score_batch)
`;

const N = 8;
const caseFile = (i: number) => `kind: ranking
capability: laterality
reference: moderate left pleural effusion number ${i}
candidates:
  good: moderate left pleural effusion number ${i}
  bad: ${i === 4 ? 'STALL ' : ''}heart size normal ${i}
expect: good > bad
`;

describe('command metric killed mid-batch', () => {
  it('scores the lost batch again one request at a time and finishes the run', async () => {
    const files: Record<string, string> = {
      'worker.py': WORKER,
      'metric-suite.config.yaml': 'metrics:\n  overlap-py:\n    command: [python3, worker.py]\n    batchSize: 3\n    concurrency: 1\n',
      'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [overlap-py]\n',
    };
    for (let i = 0; i < N; i++) files[`cases/c${i}.yaml`] = caseFile(i);
    const cwd = tmpTree(files);
    const run = runSuites({ cwd, cache: false });
    const pidFile = path.join(cwd, 'worker.pid');
    for (let t = 0; t < 200 && !existsSync(pidFile); t++) await sleep(50);
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
    const report = await run;

    expect(report.problems).toEqual([]);
    const batches = readFileSync(path.join(cwd, 'batches.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as string[]);
    expect(batches.length).toBeGreaterThan(2);
    const lost = new Set(batches.find((b) => b.some((c) => c.includes('STALL')))!);
    expect(lost.size).toBe(3);
    // Every request was sent once, but those of the lost batch, each sent again alone.
    expect(batches.flat().length).toBe(2 * N + lost.size);
    const alone = batches.slice(batches.findIndex((b) => b.some((c) => c.includes('STALL'))) + 1).filter((b) => b.length === 1 && lost.has(b[0]!));
    expect(new Set(alone.flat())).toEqual(lost);

    const byCase = new Map(report.results.map((r) => [r.caseId, r]));
    expect(byCase.size).toBe(N);
    for (let i = 0; i < N; i++) expect(byCase.get(`c${i}`)!.verdict, `case c${i}`).toBe('pass');
    expect(report.summary.errors).toBe(0);
  }, 30_000);
});
