import { describe, expect, it } from 'vitest';
import { explainImportError, ModuleSyntaxError } from '../../../src/metrics/adapters/import-error.js';

describe('explainImportError', () => {
  it("reads esbuild's errors array (0-based columns) when the error carries one", () => {
    const e = Object.assign(new Error('Build failed with 1 error'), { errors: [{ text: 'Expected ")"', location: { file: '/p/m.ts', line: 3, column: 4 } }] });
    const out = explainImportError(e, '/p/m.ts');
    expect(out).toBeInstanceOf(ModuleSyntaxError);
    expect((out as ModuleSyntaxError).message).toBe('/p/m.ts:3:5: Expected ")"');
    expect((out as ModuleSyntaxError).location).toEqual({ file: '/p/m.ts', line: 3, column: 5 });
    expect((out as Error).cause).toBe(e);
  });

  it('parses the lines of "Transform failed with N errors:" and names paths inside the working folder relatively', () => {
    const f = `${process.cwd()}/metrics/m.ts`;
    const e = new Error(`Transform failed with 2 errors:\n${f}:1:10: ERROR: Unexpected ";"\n${f}:7:0: ERROR: Expected "}"`);
    expect((explainImportError(e, f) as Error).message).toBe('metrics/m.ts:1:11: Unexpected ";"; metrics/m.ts:7:1: Expected "}" (2 errors)');
  });

  it('leaves other failures alone (a module that throws, a missing file)', () => {
    const thrown = new Error('setup failed');
    expect(explainImportError(thrown, '/p/m.mjs')).toBe(thrown);
    expect(explainImportError('a string', '/p/m.mjs')).toBe('a string');
  });
});
