/**
 * scripts/build.mjs compiles into a fresh folder and swaps it in: a file an earlier build left
 * behind (a source renamed or deleted since) is gone afterwards, so a pack never ships it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';

describe('npm run build (scripts/build.mjs)', () => {
  it('leaves no file of an earlier build behind, and the bin executable', { timeout: 120_000 }, () => {
    const out = path.join(tmpTree({}), 'dist');
    mkdirSync(path.join(out, 'src/cases'), { recursive: true });
    writeFileSync(path.join(out, 'src/cases/fast-yaml.js'), "import 'js-yaml';\n");
    const r = spawnSync(process.execPath, ['scripts/build.mjs', '--out', out], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(path.join(out, 'src/cases/fast-yaml.js'))).toBe(false);
    expect(existsSync(path.join(out, 'src/cases/yaml-fast.js'))).toBe(true);
    expect(statSync(path.join(out, 'src/cli/bin.js')).mode & 0o111).not.toBe(0);
    expect(existsSync(`${out}.next`) || existsSync(`${out}.old`)).toBe(false);
  });
});
