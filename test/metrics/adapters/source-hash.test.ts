import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandSourceHash, jsImports, moduleSourceHash, pythonImports, sourceFiles } from '../../../src/metrics/adapters/source-hash.js';
import { tmpTree } from '../../_support/tmp.js';

describe('jsImports / pythonImports', () => {
  it('finds relative static, type, re-export, side-effect, dynamic and require imports, not packages', () => {
    const src = `import { a } from './a.js';\nimport type { T } from "../t";\nexport * from './re';\nimport './side.mjs';\nconst m = await import('./lazy.ts');\nconst c = require('./cjs.cjs');\nimport z from 'zod';\nimport fs from 'node:fs';\n`;
    expect(jsImports(src).sort()).toEqual(['../t', './a.js', './cjs.cjs', './lazy.ts', './re', './side.mjs']);
  });

  it('lists Python module names, including `from . import x` and `from pkg import mod`', () => {
    const src = 'import re, json\nfrom collections import Counter\nfrom . import helper\nfrom lib.words import split\nimport lib.stop as stop\n';
    expect(pythonImports(src)).toEqual(expect.arrayContaining(['re', 'json', 'collections', 'collections.Counter', '.helper', 'lib.words', 'lib.words.split', 'lib.stop']));
  });
});

describe('sourceFiles', () => {
  it('follows local imports transitively (TS .js specifiers name .ts files), never node_modules', () => {
    const dir = tmpTree({
      'm.ts': "import { h } from './lib/h.js';\nimport x from 'pkg';\nexport default h;\n",
      'lib/h.ts': "export { w } from './w';\nexport const h = 1;\n",
      'lib/w/index.ts': "import data from '../../data.json';\nexport const w = data;\n",
      'data.json': '{}',
      'node_modules/pkg/index.js': 'export default 1;\n',
      'unrelated.ts': 'export {};\n',
    });
    expect(sourceFiles([path.join(dir, 'm.ts')]).map((f) => path.relative(dir, f))).toEqual(['data.json', 'lib/h.ts', path.join('lib/w/index.ts'), 'm.ts']);
  });

  it('follows a Python script to the local modules it imports', () => {
    const dir = tmpTree({ 'metric.py': 'from metric_suite import serve\nimport helper\nfrom pkg import words\n', 'helper.py': '', 'pkg/__init__.py': '', 'pkg/words.py': '' });
    expect(sourceFiles([path.join(dir, 'metric.py')]).map((f) => path.relative(dir, f))).toEqual(['helper.py', 'metric.py', 'pkg/__init__.py', 'pkg/words.py']);
  });
});

describe('moduleSourceHash', () => {
  it('changes when an imported file changes, and only then', () => {
    const dir = tmpTree({ 'm.ts': "import { k } from './k.js';\nexport default k;\n", 'k.ts': 'export const k = 1;\n', 'other.ts': '' });
    const before = moduleSourceHash(path.join(dir, 'm.ts'), dir);
    writeFileSync(path.join(dir, 'other.ts'), 'export const z = 2;\n');
    expect(moduleSourceHash(path.join(dir, 'm.ts'), dir)).toBe(before);
    writeFileSync(path.join(dir, 'k.ts'), 'export const k = 2;\n');
    expect(moduleSourceHash(path.join(dir, 'm.ts'), dir)).not.toBe(before);
  });

  it('adds cacheKeyFiles globs, and rejects a glob that matches nothing', () => {
    const dir = tmpTree({ 'm.ts': 'export default 1;\n', 'weights/a.bin': 'a' });
    const before = moduleSourceHash(path.join(dir, 'm.ts'), dir, ['weights/*.bin']);
    writeFileSync(path.join(dir, 'weights/a.bin'), 'b');
    expect(moduleSourceHash(path.join(dir, 'm.ts'), dir, ['weights/*.bin'])).not.toBe(before);
    expect(() => moduleSourceHash(path.join(dir, 'm.ts'), dir, ['weights/*.pt'])).toThrow(/cacheKeyFiles: "weights\/\*\.pt" matches no file/);
  });
});

describe('commandSourceHash', () => {
  it('hashes the scripts the argv names (and what they import), relative to the command folder; python -m too', () => {
    const dir = tmpTree({ 'w/metric.py': 'import helper\n', 'w/helper.py': 'A = 1\n', 'w/pkg/__main__.py': '', 'w/pkg/__init__.py': '' });
    const cwd = path.join(dir, 'w');
    const h1 = commandSourceHash(['python3', 'metric.py', '--flag'], cwd, dir);
    writeFileSync(path.join(cwd, 'helper.py'), 'A = 2\n');
    expect(commandSourceHash(['python3', 'metric.py', '--flag'], cwd, dir)).not.toBe(h1);
    const m1 = commandSourceHash(['python3', '-m', 'pkg'], cwd, dir);
    writeFileSync(path.join(cwd, 'pkg/__main__.py'), 'print(1)\n');
    expect(commandSourceHash(['python3', '-m', 'pkg'], cwd, dir)).not.toBe(m1);
  });
});
