import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = `${root}dist/src/cli/bin.js`;

/** The installed entry point as `npx metric-suite` runs it (needs `npm run build`, which `npm test` does). */
describe('bin (built)', () => {
  it('exists after the build', () => {
    expect(existsSync(bin), 'run `npm run build` first').toBe(true);
  });

  it('runs the built-in suites from the package root: matrix, summary line, exit 0', () => {
    const r = spawnSync(process.execPath, [bin, '--no-cache'], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Pass matrix (capability × metric)');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, \d+ failed(, \d+ skipped)?$/);
  });

  it('prints its version', () => {
    const r = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('bin file mode', () => {
  it('is executable, so `npx metric-suite` can run it directly', async () => {
    const { statSync } = await import('node:fs');
    expect(statSync(bin).mode & 0o111).not.toBe(0);
  });

  it('stops quietly when its output pipe closes early (`| head -1`), not with an EPIPE stack', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" list --json | head -1`], { cwd: root, encoding: 'utf8' });
    expect(r.stdout).toBe('{\n');
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled 'error' event/);
  });
});
