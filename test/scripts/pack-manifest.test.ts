/**
 * scripts/pack-manifest.mjs (prepack / postpack): the packed package.json has no `prepare`
 * (npm 11 asks to approve it as an install script), the clone's package.json comes back
 * byte for byte, and a pack that died before postpack does not lose the real manifest.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';

const real = readFileSync('package.json', 'utf8');
const run = (mode: string, dir: string) => execFileSync(process.execPath, ['scripts/pack-manifest.mjs', mode, dir], { encoding: 'utf8' });

describe('prepack / postpack manifest', () => {
  it('the package wires it: prepack builds then strips, postpack restores, prepare still builds a clone', () => {
    const { scripts } = JSON.parse(real) as { scripts: Record<string, string> };
    expect(scripts.prepare).toBe('npm run build');
    expect(scripts.prepack).toBe('npm run build && node scripts/pack-manifest.mjs strip');
    expect(scripts.postpack).toBe('node scripts/pack-manifest.mjs restore');
  });

  it('strips only scripts.prepare and restores the file exactly', () => {
    const dir = tmpTree({ 'package.json': real });
    run('strip', dir);
    const packed = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const { prepare: _prepare, ...rest } = JSON.parse(real).scripts;
    expect(packed.scripts).toEqual(rest);
    expect({ ...packed, scripts: undefined }).toEqual({ ...JSON.parse(real), scripts: undefined });
    run('restore', dir);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(real);
  });

  it('a second strip after a pack that never restored starts from the saved real manifest', () => {
    const dir = tmpTree({ 'package.json': real });
    run('strip', dir);
    run('strip', dir);
    run('restore', dir);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(real);
    writeFileSync(path.join(dir, 'package.json'), real);
    run('restore', dir); // nothing saved: unchanged
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(real);
  });
});
