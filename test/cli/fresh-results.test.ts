/**
 * Editing a metric's code gives fresh scores: the cache key of a module or command metric holds
 * a hash of its files, not only the declared version (which nobody remembers to bump). Runs the
 * built CLI as a separate process per run, as a user would (an in-process re-import would be
 * served from Node's module cache).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';

const bin = fileURLToPath(new URL('../../dist/src/cli/bin.js', import.meta.url));
const run = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const kase = (id: string) => `id: ${id}\nkind: ranking\nreference: left effusion ${id}\ncandidates: { good: left effusion ${id}, bad: right effusion ${id} }\nexpect: good > bad\n`;
const cases = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => [`cases/${id}.yaml`, kase(id)]));
/** The scoring rule lives in an imported helper: the edit is one import away from the module. */
const helper = (good: number) => `export function score(candidate: string): number {\n  return candidate.startsWith('left') ? ${good} : 0.5;\n}\n`;

describe('fresh results after editing a metric', () => {
  it('module metric: an edit to an imported file gives new scores, and the baseline run reports the newly broken cases', () => {
    const cwd = tmpTree({
      'metric-suite.config.json': JSON.stringify({ metrics: { mine: { module: './metric.ts' } } }),
      'metric.ts': `import { score } from './lib/score.js';\nexport default {\n  id: 'mine', version: '1', description: 'test', direction: 'higher', range: [0, 1], tieTolerance: 0,\n  deterministic: true, inputs: ['text'],\n  score: (rs: { candidate: unknown }[]) => rs.map((r) => ({ value: score(String(r.candidate)) })),\n};\n`,
      'lib/score.ts': helper(0.9),
      'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [mine]\n',
      ...cases,
    });
    const first = run(cwd, 'baseline', 'update');
    expect(first.stderr).toMatch(/baseline written/);
    expect(first.status).toBe(0);
    // The same version, a broken rule: every case now fails. The cache must not hide it.
    writeFileSync(path.join(cwd, 'lib/score.ts'), helper(0.1));
    const second = run(cwd, 'run', '--baseline', '--reporter', 'default', '--reporter', 'json', '--output-file', 'json=r.json');
    expect(second.stdout).toMatch(/newly broken \(6\):/);
    expect(second.stdout).not.toMatch(/newly broken: none/);
    expect(second.status).toBe(1);
    // Restoring the file restores the cached scores (same content, same key).
    writeFileSync(path.join(cwd, 'lib/score.ts'), helper(0.9));
    expect(run(cwd, 'run', '--baseline').status).toBe(0);
  });

  it('command metric: an edit to the Python script (or a cacheKeyFiles file) gives new scores', () => {
    const py = (good: number) => `from metric_suite import serve\nfrom rule import bad\nDECL = {"id": "py", "version": "1", "description": "t", "direction": "higher", "range": [0, 1], "tieTolerance": 0, "deterministic": True, "inputs": ["text"]}\nserve(DECL, score_one=lambda r: ${good} if r["candidate"].startswith("left") else bad())\n`;
    const cwd = tmpTree({
      'metric-suite.config.json': JSON.stringify({ metrics: { py: { command: ['python3', 'metric.py'], cacheKeyFiles: ['table.txt'] } } }),
      'metric.py': py(0.9),
      'rule.py': 'def bad():\n    return 0.5\n',
      'table.txt': 'v1',
      'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [py]\n',
      ...cases,
    });
    const scores = () => {
      const r = run(cwd, 'run', '--reporter', 'json');
      return (JSON.parse(r.stdout) as { results: { scores: Record<string, number> }[] }).results.map((x) => x.scores);
    };
    expect(scores()[0]).toEqual({ good: 0.9, bad: 0.5 });
    writeFileSync(path.join(cwd, 'metric.py'), py(0.7));
    expect(scores()[0]).toEqual({ good: 0.7, bad: 0.5 });
    writeFileSync(path.join(cwd, 'rule.py'), 'def bad():\n    return 0.25\n');
    expect(scores()[0]).toEqual({ good: 0.7, bad: 0.25 });
    // Same content (a file merely rewritten): the same cache namespace; new content in a cacheKeyFiles file: a new one.
    const namespaces = () => readdirSync(path.join(cwd, '.metric-suite/cache')).length;
    const n = namespaces();
    writeFileSync(path.join(cwd, 'table.txt'), 'v1');
    expect(scores()[0]).toEqual({ good: 0.7, bad: 0.25 });
    expect(namespaces()).toBe(n);
    writeFileSync(path.join(cwd, 'table.txt'), 'v2');
    scores();
    expect(namespaces()).toBe(n + 1);
  });
});
