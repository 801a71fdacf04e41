/** Packaging: an MIT LICENSE, and no source map in the tarball (dist ships without src/). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('package contents', () => {
  it('has an MIT LICENSE matching package.json, packed; no .map files', () => {
    expect(readFileSync('LICENSE', 'utf8')).toMatch(/^MIT License\n/);
    expect(JSON.parse(readFileSync('package.json', 'utf8')).license).toBe('MIT');
    const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))[0] as { files: { path: string }[] };
    const files = packed.files.map((f) => f.path);
    expect(files).toContain('LICENSE');
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
  }, 60_000);
});
