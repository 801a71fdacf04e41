import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { bin } from './_bin.js';

/** A module metric that caches its scores (built-in CPU metrics bypass the cache). */
const metric = `export default () => ({ id: 'mine', version: '1', description: 'length ratio', direction: 'higher', range: [0, 1],
  tieTolerance: 0, deterministic: true, inputs: ['text'],
  score: (requests) => requests.map((r) => ({ value: Math.min(r.candidate.length, r.reference.length) / Math.max(r.candidate.length, r.reference.length) })) });
`;
const kase = (id: string) => `id: ${id}\nkind: ranking\nreference: reference ${id}\ncandidates: { same: reference ${id}, short: ${id} }\nexpect: same > short\n`;

describe('metric-suite cache info / clear (built bin)', () => {
  it('info prints the folder, entries per metric and the size; clear removes them and only them', async () => {
    const cwd = tmpTree({
      'package.json': '{}',
      'metric.mjs': metric,
      'metric-suite.config.json': JSON.stringify({ metrics: { mine: { module: './metric.mjs' } } }),
      'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [mine]\n',
      'cases/a.yaml': kase('a'),
      'cases/b.yaml': kase('b'),
    });
    const dir = path.join(cwd, '.metric-suite', 'cache');
    const empty = await bin(['cache', 'info'], cwd);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toBe(`path:    ${dir} (not created yet)\nentries: 0\nsize:    0 B\n`);
    expect((await bin([], cwd)).code).toBe(0);
    const info = await bin(['cache', 'info'], cwd);
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(new RegExp(`^path: {4}${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\nentries: 4 \\(mine 4\\)\nsize: {4}\\d+ B\n$`));
    const json = JSON.parse((await bin(['cache', 'info', '--json'], cwd)).stdout);
    expect(json).toMatchObject({ path: dir, exists: true, entries: 4, metrics: { mine: 4 } });
    expect(json.bytes).toBeGreaterThan(0);
    writeFileSync(path.join(dir, 'NOTES.txt'), 'not the cache\'s');
    const cleared = await bin(['cache', 'clear'], cwd);
    expect(cleared.code).toBe(0);
    expect(cleared.stdout).toMatch(/^cleared .*\.metric-suite\/cache: 4 entries, \d+ B \(other files in \.metric-suite\/cache were left alone\)\n$/);
    expect(existsSync(path.join(dir, 'NOTES.txt'))).toBe(true);
    expect((await bin(['cache', 'info'], cwd)).stdout).toContain('entries: 0\n');
    const again = await bin(['cache', 'clear', '--cache-dir', 'elsewhere'], cwd);
    expect(again.stdout).toBe(`no cache at ${path.join(cwd, 'elsewhere')}: nothing to clear\n`);
  }, 60_000);
});
