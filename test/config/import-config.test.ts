/**
 * A TypeScript config is transpiled once per content into .metric-suite/config/ and imported
 * as plain JavaScript afterwards (no tsx loader on every command); a config that imports its
 * own files keeps the tsx path.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { selfContained } from '../../src/config/import-config.js';
import { loadConfig } from '../../src/config/load.js';
import { tmpTree } from '../_support/tmp.js';

const ts = (suite: string) => `type Config = { suites: string[] };\nconst config: Config = { suites: ['${suite}'] };\nexport default config;\n`;
/** The config's suites as a new process loads it (this one keeps imported modules). */
const suitesInFreshProcess = (dir: string): unknown => {
  const load = pathToFileURL(path.resolve('dist/src/config/load.js')).href;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', `const { loadConfig } = await import(${JSON.stringify(load)}); console.log(JSON.stringify((await loadConfig(${JSON.stringify(dir)})).config.suites));`], { encoding: 'utf8' }));
};
const cached = (dir: string) => readdirSync(path.join(dir, '.metric-suite/config')).filter((f) => f.endsWith('.mjs'));

describe('TypeScript config: transpiled once, keyed by its text', () => {
  it('loads through the cached transpile, reuses it, and makes a new one when the text changes', async () => {
    const dir = tmpTree({ 'metric-suite.config.ts': ts('a/*.yaml') });
    const first = await loadConfig(dir);
    expect(first.problems).toEqual([]);
    expect(first.config.suites).toEqual(['a/*.yaml']);
    const [file] = cached(dir);
    expect(file).toMatch(/^metric-suite\.config-[0-9a-f]{32}\.mjs$/);
    // the cached file is what is imported while the text is unchanged
    writeFileSync(path.join(dir, '.metric-suite/config', file!), "export default { suites: ['from-cache'] };\n");
    expect(suitesInFreshProcess(dir)).toEqual(['from-cache']);
    writeFileSync(path.join(dir, 'metric-suite.config.ts'), ts('b/*.yaml'));
    expect((await loadConfig(dir)).config.suites).toEqual(['b/*.yaml']);
    expect(cached(dir)).toHaveLength(2);
  });

  it('a config importing its own file keeps the tsx path (no cached transpile), and loads', async () => {
    const dir = tmpTree({
      'suites.ts': "export const suites: string[] = ['x/*.yaml'];\n",
      'metric-suite.config.ts': "import { suites } from './suites.ts';\nexport default { suites };\n",
    });
    const r = await loadConfig(dir);
    expect(r.problems).toEqual([]);
    expect(r.config.suites).toEqual(['x/*.yaml']);
    expect(() => cached(dir)).toThrow(/ENOENT/);
  });

  it('a syntax error is still located in the config', async () => {
    const dir = tmpTree({ 'metric-suite.config.ts': 'export default {\n  suites: [,\n};\n' });
    const r = await loadConfig(dir);
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.message).toMatch(/^cannot load config: /);
    expect(r.problems[0]!.line).toBeGreaterThan(1);
  });

  it('self-contained: package imports only, nothing location-dependent', () => {
    expect(selfContained("import { defineConfig } from 'metric-suite';\nexport default defineConfig({});")).toBe(true);
    expect(selfContained("import x from './x.js';")).toBe(false);
    expect(selfContained("const m = await import('../m.ts');")).toBe(false);
    expect(selfContained('export default { root: import.meta.dirname };')).toBe(false);
    expect(selfContained('export default { root: __dirname };')).toBe(false);
  });
});
