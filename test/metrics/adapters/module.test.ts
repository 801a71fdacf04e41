import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importModule, loadModuleMetric } from '../../../src/metrics/adapters/module.js';
import { tempDir } from '../../runner/_helpers.js';

const defineUrl = pathToFileURL(path.resolve(import.meta.dirname, '../../../src/metrics/define.ts')).href;
const signal = new AbortController().signal;

const declaration = (id: string) =>
  `id: '${id}', version: '1', description: 'test module', direction: 'higher', range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text']`;

async function write(dir: string, name: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
  await writeFile(path.join(dir, name), text);
}

describe('loadModuleMetric', () => {
  it('loads a TypeScript default export made with defineMetric, with type annotations', async () => {
    const dir = await tempDir();
    await write(dir, 'metrics/typed.ts', `
import { defineMetric } from ${JSON.stringify(defineUrl)};
interface Req { candidate: unknown }
const half: number = 0.5;
export default defineMetric({ ${declaration('typed')}, score: (rs: Req[]) => rs.map(() => ({ value: half })) });
`);
    const m = await loadModuleMetric('metrics/typed.ts', dir, {});
    expect(m.id).toBe('typed');
    expect(await m.score([{ reference: 'a', candidate: 'b' }], { signal })).toEqual([{ value: 0.5 }]);
  });

  it('resolves an absolute module path regardless of root', async () => {
    const dir = await tempDir();
    await write(dir, 'abs.ts', `export default { ${declaration('abs')}, score: (rs: unknown[]) => rs.map(() => ({ value: 1 })) };`);
    const m = await loadModuleMetric(path.join(dir, 'abs.ts'), '/nonexistent-root', {});
    expect(m.id).toBe('abs');
  });

  it('loads an ES module .mjs file exporting `metric`', async () => {
    const dir = await tempDir();
    await write(dir, 'named.mjs', `export const metric = { ${declaration('named-js')}, score: (rs) => rs.map(() => ({ value: 0 })) };`);
    const m = await loadModuleMetric('named.mjs', dir, {});
    expect(m.id).toBe('named-js');
  });

  it('loads a .js default export in a "type": "module" package', async () => {
    const dir = await tempDir();
    await write(dir, 'package.json', '{"type":"module"}');
    await write(dir, 'plain.js', `export default { ${declaration('plain-js')}, score: (rs) => rs.map(() => ({ value: 1 })) };`);
    const m = await loadModuleMetric('plain.js', dir, {});
    expect(m.id).toBe('plain-js');
  });

  it('loads a CommonJS .cjs module via module.exports = { default }', async () => {
    const dir = await tempDir();
    await write(dir, 'old.cjs', `module.exports = { default: { ${declaration('old-cjs')}, score: (rs) => rs.map(() => ({ value: 1 })) } };`);
    const m = await loadModuleMetric('old.cjs', dir, {});
    expect(m.id).toBe('old-cjs');
  });

  it('calls a default-exported factory with the options (sync and async)', async () => {
    const dir = await tempDir();
    await write(dir, 'sync.ts', `export default (o: { id: string }) => ({ ${declaration('x')}, id: o.id, score: (rs: unknown[]) => rs.map(() => ({ value: 1 })) });`);
    await write(dir, 'async.mjs', `export default async (o) => ({ ${declaration('x')}, id: o.id + '-async', score: (rs) => rs.map(() => ({ value: 1 })) });`);
    expect((await loadModuleMetric('sync.ts', dir, { id: 'from-options' })).id).toBe('from-options');
    expect((await loadModuleMetric('async.mjs', dir, { id: 'from-options' })).id).toBe('from-options-async');
  });

  it('checks the exported metric with defineMetric', async () => {
    const dir = await tempDir();
    await write(dir, 'bad.mjs', `export default { ${declaration('bad')}, range: [1, 0], score: (rs) => rs };`);
    await expect(loadModuleMetric('bad.mjs', dir, {})).rejects.toThrow('invalid metric "bad": range: range must be [min, max]');
  });

  it('reports a missing file as "cannot import metric module" with the path as written', async () => {
    const dir = await tempDir();
    await expect(loadModuleMetric('./nope/missing.ts', dir, {})).rejects.toThrow(/^cannot import metric module \.\/nope\/missing\.ts: Cannot find module/);
    await expect(loadModuleMetric('missing.mjs', dir, {})).rejects.toThrow(/^cannot import metric module missing\.mjs: Cannot find module/);
  });

  it('reports a module that fails to load, first line of the error only', async () => {
    const dir = await tempDir();
    await write(dir, 'throws.mjs', `throw new Error('setup failed\\nsecond line');`);
    await expect(loadModuleMetric('throws.mjs', dir, {})).rejects.toThrow(/^cannot import metric module throws\.mjs: setup failed$/);
  });

  it('reports a syntax error with file:line:col and the compiler\'s message (.ts through esbuild, .mjs and .js through Node)', async () => {
    const dir = await tempDir();
    const broken = 'const x = ;\nexport default x;\n';
    await write(dir, 'metrics/syntax.ts', broken);
    await write(dir, 'metrics/syntax.mjs', broken);
    await write(dir, 'metrics/late.mjs', 'export const a = 1;\n\nfunction f() {\n  return [1, 2;\n}\n');
    const file = (name: string) => path.join(dir, 'metrics', name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(loadModuleMetric('./metrics/syntax.ts', dir, {})).rejects.toThrow(new RegExp(`^cannot import metric module \\./metrics/syntax\\.ts: ${file('syntax.ts')}:1:11: Unexpected ";"$`));
    await expect(loadModuleMetric('./metrics/syntax.mjs', dir, {})).rejects.toThrow(new RegExp(`^cannot import metric module \\./metrics/syntax\\.mjs: ${file('syntax.mjs')}:1:11: Unexpected token ';'$`));
    await expect(loadModuleMetric('./metrics/late.mjs', dir, {})).rejects.toThrow(new RegExp(`${file('late.mjs')}:4:15: Unexpected token ';'$`));
  });

  it('rejects a JS module exporting nothing useful with a clear message', async () => {
    const dir = await tempDir();
    await write(dir, 'nothing.mjs', 'export const unrelated = 1;');
    await expect(loadModuleMetric('nothing.mjs', dir, {})).rejects.toThrow(
      'metric module nothing.mjs must export a metric (default export or `metric`), or a factory returning one',
    );
  });

  it('rejects a factory that returns nothing', async () => {
    const dir = await tempDir();
    await write(dir, 'empty-factory.mjs', 'export default () => undefined;');
    await expect(loadModuleMetric('empty-factory.mjs', dir, {})).rejects.toThrow(
      'metric module empty-factory.mjs must export a metric (default export or `metric`), or a factory returning one',
    );
  });

  // Regression: a .ts file outside a "type": "module" package is loaded by tsx as CommonJS, so the
  // namespace's `default` is the whole exports object ({ unrelated }); the adapter passes it to
  // defineMetric and the user gets a list of zod errors ("id: Invalid input ...") instead of
  // "must export a metric".
  it('rejects a TS module exporting nothing useful with a clear message', async () => {
    const dir = await tempDir();
    await write(dir, 'nothing.ts', 'export const unrelated: number = 1;');
    await expect(loadModuleMetric('nothing.ts', dir, {})).rejects.toThrow(
      'metric module nothing.ts must export a metric (default export or `metric`), or a factory returning one',
    );
  });

  // Regression: same cause: in a .ts file loaded as CommonJS, `export const metric = ...` arrives as
  // `default: { metric }`; the adapter takes that object (it has no `default` key to unwrap) and
  // defineMetric rejects it, although `export const metric` is documented as supported.
  it('loads a TS module exporting `metric` (no package.json type)', async () => {
    const dir = await tempDir();
    await write(dir, 'named.ts', `export const metric = { ${declaration('named-ts')}, score: (rs: unknown[]) => rs.map(() => ({ value: 1 })) };`);
    const m = await loadModuleMetric('named.ts', dir, {});
    expect(m.id).toBe('named-ts');
  });
});

describe('importModule', () => {
  it('imports TS through tsx and JS natively', async () => {
    const dir = await tempDir();
    await write(dir, 'a.mts', 'export const answer: number = 42;');
    await write(dir, 'b.mjs', 'export const answer = 43;');
    expect((await importModule(path.join(dir, 'a.mts'))).answer).toBe(42);
    expect((await importModule(path.join(dir, 'b.mjs'))).answer).toBe(43);
  });
});
