/**
 * The matcher types survive a folder install (`npm install ../metric-suite`, a symlink): the
 * project's vitest and the package folder's own vitest are two copies, and `expect(x).toRank`
 * must type-check against the project's. (A `declare module 'vitest'` augmentation bound to the
 * package folder's copy and lost the types.)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

describe('matcher types after a folder install', () => {
  it('type-check against a second copy of vitest in the project', () => {
    const dir = tmpTree({
      'package.json': '{ "name": "consumer", "private": true, "type": "module" }',
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', skipLibCheck: true, types: [] }, include: ['m.test.ts'] }),
      'm.test.ts': [
        "import { expect, test } from 'vitest';",
        "import { defineMetric } from 'metric-suite';",
        "import 'metric-suite/vitest';",
        "const m = defineMetric({ id: 'm', version: '1', description: 'd', direction: 'higher', range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'], score: (rs) => rs.map(() => ({ value: 1 })) });",
        "test('t', async () => {",
        "  await expect(m).toRank('a', ['a', 'b'], { tolerance: 0 });",
        "  await expect('bleu').not.toScoreBetween('a', 'b', 0, 1);",
        "  await expect('my-metric').toSatisfyLaw('bounded', { numRuns: 5 });",
        '  // @ts-expect-error: a wrong argument type is still caught',
        "  await expect(m).toScoreBetween('a', 'b', 'low', 1);",
        '});',
        '',
      ].join('\n'),
    });
    const nm = path.join(dir, 'node_modules');
    mkdirSync(nm);
    // The project's own vitest is a real copy (a different path from the package folder's);
    // everything else links to this repository's node_modules; metric-suite links to the folder.
    for (const name of readdirSync(path.join(repo, 'node_modules'))) {
      if (name === 'vitest' || name.startsWith('.')) continue;
      symlinkSync(path.join(repo, 'node_modules', name), path.join(nm, name), 'dir');
    }
    cpSync(path.join(repo, 'node_modules/vitest'), path.join(nm, 'vitest'), { recursive: true, dereference: false });
    symlinkSync(repo, path.join(nm, 'metric-suite'), 'dir');
    const tsc = spawnSync(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });
});
