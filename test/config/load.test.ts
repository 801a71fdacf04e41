import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findConfig, loadConfig } from '../../src/config/load.js';
import { formatProblem } from '../../src/runner/results.js';
import { tmpTree } from '../_support/tmp.js';
import { bin } from '../cli/_bin.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('loadConfig', () => {
  it('finds no config and applies defaults', async () => {
    const cwd = tmpTree();
    expect(findConfig(cwd)).toBeUndefined();
    expect(await loadConfig(cwd)).toEqual({ config: {}, root: cwd, problems: [] });
  });

  it('prefers .ts over .yaml when both exist, and loads a TypeScript config with defineConfig', async () => {
    const cwd = tmpTree({
      'metric-suite.config.ts': `import { defineConfig } from '${path.join(root, 'src/index.ts')}';\nexport default defineConfig({ cacheDir: 'c', metrics: { b: { use: 'bleu', options: { smoothing: 0 } } } });\n`,
      'metric-suite.config.yaml': 'cacheDir: other\n',
    });
    const r = await loadConfig(cwd);
    expect(r.problems).toEqual([]);
    expect(r.file).toBe(path.join(cwd, 'metric-suite.config.ts'));
    expect(r.config).toEqual({ cacheDir: 'c', metrics: { b: { use: 'bleu', options: { smoothing: 0 } } } });
  });

  it('loads JSON and an explicit path; root is the config folder', async () => {
    const cwd = tmpTree({ 'conf/ms.json': '{ "suites": ["s/*.yaml"] }' });
    const r = await loadConfig(cwd, 'conf/ms.json');
    expect(r.config).toEqual({ suites: ['s/*.yaml'] });
    expect(r.root).toBe(path.join(cwd, 'conf'));
  });

  it('reports YAML config errors with line and column', async () => {
    const cwd = tmpTree({ 'metric-suite.config.yaml': 'metrics:\n  mine:\n    modul: ./x.ts\n' });
    const r = await loadConfig(cwd);
    expect(r.problems.map(formatProblem)).toEqual(['metric-suite.config.yaml:3:5: unknown field "modul" in metrics.mine (did you mean module?)']);
  });

  it('reports a JS config that throws or exports garbage, at 1:1', async () => {
    const throws = await loadConfig(tmpTree({ 'metric-suite.config.mjs': 'throw new Error("nope");\n' }));
    expect(throws.problems.map(formatProblem)).toEqual(['metric-suite.config.mjs:1:1: cannot load config: nope']);
    const garbage = await loadConfig(tmpTree({ 'metric-suite.config.mjs': 'export default { suites: 3 };\n' }));
    expect(formatProblem(garbage.problems[0]!)).toMatch(/^metric-suite\.config\.mjs:1:1: invalid config: suites: /);
  });

  it('locates a syntax error in a TypeScript or JS config at its line and column', async () => {
    const ts = await loadConfig(tmpTree({ 'metric-suite.config.ts': 'export default {\n  metrics: { a: },\n};\n' }));
    expect(ts.problems.map(formatProblem)).toEqual(['metric-suite.config.ts:2:17: cannot load config: Unexpected "}"']);
    // a .mjs config is imported by Node itself (vitest would compile it in-process): through the built bin
    const js = await bin(['list'], tmpTree({ 'metric-suite.config.mjs': 'export default {\n  metrics: { a: },\n};\n' }));
    expect(js.stderr).toContain("metric-suite.config.mjs:2:17: cannot load config: Unexpected token '}'");
  });

  it('rejects a metric spec with both use and module', async () => {
    const r = await loadConfig(tmpTree({ 'metric-suite.config.yaml': 'metrics:\n  m: { use: bleu, module: ./m.ts }\n' }));
    expect(r.problems[0]!.message).toContain('give either `use` or `module`, not both');
  });
});
