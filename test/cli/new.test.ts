import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

describe('metric-suite new case', () => {
  it('scaffolds a commented ranking case that loads', async () => {
    const cwd = tmpTree({});
    const r = await cli(['new', 'case', '--kind', 'ranking', '--capability', 'laterality', '--id', 'laterality/effusion-side'], cwd);
    expect(r.code).toBe(0);
    const file = path.join(cwd, 'cases/ranking/laterality/effusion-side.yaml');
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../../../schema/case.schema.json');
    expect(text).toContain('capability: laterality');
    expect(text).toContain('# reviewed_by');
    const v = await cli(['validate', 'cases'], cwd);
    expect(v.lastLine).toBe('1 case files, 1 valid cases, 0 problems');
    expect(v.code).toBe(0);
    const again = await cli(['new', 'case', '--capability', 'laterality', '--id', 'laterality/effusion-side'], cwd);
    expect(again.code).toBe(2);
  });

  it('writes a preference scaffold to --out and rejects a bad kind', async () => {
    const cwd = tmpTree({});
    expect((await cli(['new', 'case', '--kind', 'preference', '--capability', 'context', '--out', 'my/p.yaml'], cwd)).code).toBe(0);
    expect((await cli(['validate', 'my/p.yaml'], cwd)).code).toBe(0);
    expect((await cli(['new', 'case', '--kind', 'nope', '--capability', 'x'], cwd)).code).toBe(2);
  });
});
