import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/util/package-root.js';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

const fixtures = new URL('../fixtures/import/', import.meta.url).pathname;

describe('metric-suite import', () => {
  it('writes RadJudge and RadPref cases that validate cleanly (lint included)', async () => {
    const cwd = tmpTree({});
    cpSync(fixtures, path.join(cwd, 'in'), { recursive: true });
    const a = await cli(['import', 'radjudge', 'in/radjudge.json', '--out', 'cases/radjudge'], cwd);
    expect(a.code).toBe(0);
    expect(a.stdout).toContain('imported 2 radjudge cases');
    const b = await cli(['import', 'radpref', 'in/radpref', '--out', 'cases/radpref'], cwd);
    expect(b.code).toBe(0);
    expect(b.stderr).toContain('pair_3');
    const v = await cli(['validate', '--strict', 'cases'], cwd);
    expect(v.stdout).not.toContain('warning');
    expect(v.lastLine).toBe('4 case files, 4 valid cases, 0 problems');
    expect(v.code).toBe(0);
    const again = await cli(['import', 'radjudge', 'in/radjudge.json', '--out', 'cases/radjudge'], cwd);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('not overwritten');
  });

  it('points each written file\'s $schema line at the package\'s schema, which exists (a project has no schema/ of its own)', async () => {
    const cwd = tmpTree({ 'package.json': '{}' });
    cpSync(fixtures, path.join(cwd, 'in'), { recursive: true });
    expect((await cli(['import', 'ratings', 'in/ratings.csv', '--out', 'cases/imported/my-study'], cwd)).code).toBe(0);
    const dir = path.join(cwd, 'cases/imported/my-study');
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const ref = /^# yaml-language-server: \$schema=(\S+)$/m.exec(readFileSync(path.join(dir, f), 'utf8'))![1]!;
      expect(existsSync(path.resolve(dir, ref)), ref).toBe(true);
      expect(path.resolve(dir, ref)).toBe(path.join(packageRoot(), 'schema/case.schema.json'));
    }
  });

  it('rejects an unknown format', async () => {
    const r = await cli(['import', 'nope', '.', '--out', 'x'], tmpTree({}));
    expect(r.code).toBe(2);
  });
});
