/**
 * Runs a bench reference in bench/_python/ with a Python that has the modules it needs (the
 * PATH's python3 first, then Debian's /usr/bin/python3, where apt puts python3-nltk and
 * python3-scipy), on an input written to a temporary JSON file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const found = new Map<string, string | undefined>();

/** A python3 that imports every module in `modules`; undefined when none does. */
export function pythonWith(modules: string[]): string | undefined {
  const key = modules.join(',');
  if (found.has(key)) return found.get(key);
  let hit: string | undefined;
  for (const exe of ['python3', '/usr/bin/python3']) {
    const r = spawnSync(exe, ['-c', modules.map((m) => `import ${m}`).join(';') || 'pass'], { encoding: 'utf8' });
    if (r.status === 0) {
      hit = exe;
      break;
    }
  }
  found.set(key, hit);
  return hit;
}

export interface PythonRun<T> {
  cpuSeconds: number;
  wallSeconds: number;
  python: string;
  outputs: T[];
}

/** Runs bench/_python/<script> on `input`; throws with stderr when it fails. */
export function runPython<T>(script: string, input: unknown, modules: string[], repeats = 1): PythonRun<T> {
  // one interpreter for every row where it can: the one with nltk and scipy
  const exe = pythonWith(['nltk', 'scipy', ...modules]) ?? pythonWith(modules);
  if (!exe) throw new Error(`no python3 with ${modules.join(', ')} (apt install python3-nltk python3-scipy)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-bench-py-'));
  try {
    const file = path.join(dir, 'input.json');
    writeFileSync(file, JSON.stringify(input));
    const r = spawnSync(exe, [path.join(here, '..', '_python', script), file, String(repeats)], { encoding: 'utf8', maxBuffer: 1 << 30, cwd: path.join(here, '..', '_python') });
    if (r.status !== 0) throw new Error(`${script} failed: ${r.stderr}`);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { cpu_s: number; wall_s: number; python: string; outputs: T[] };
    return { cpuSeconds: out.cpu_s, wallSeconds: out.wall_s, python: out.python, outputs: out.outputs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
