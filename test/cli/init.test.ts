/**
 * `metric-suite init` scaffolds a config, a metric stub, a suite and an example case that work
 * as written: the TypeScript stub type-checks against the package's API, and both stubs run
 * under `metric-suite test` and `metric-suite` (the project's own suite).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** A project folder where `metric-suite` resolves to this repository (as after an install). */
function installedProject(): string {
  const dir = tmpTree({ 'package.json': '{ "name": "p", "private": true, "type": "commonjs" }' });
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(repo, path.join(dir, 'node_modules/metric-suite'), 'dir');
  return dir;
}

describe('metric-suite init', () => {
  it('writes the TypeScript scaffold and prints the next command; a second init refuses to overwrite', async () => {
    const cwd = installedProject();
    const r = await cli(['init'], cwd);
    expect(r.code).toBe(0);
    for (const f of ['metric-suite.config.ts', 'metrics/my-metric.ts', 'suites/my-metric.yaml', 'cases/my-metric/effusion-side.yaml']) {
      expect(existsSync(path.join(cwd, f)), f).toBe(true);
      expect(r.stdout).toContain(`created ${f}`);
    }
    expect(r.stdout).toContain('npx metric-suite test my-metric');
    // the score cache (.metric-suite/) is never committed: init ignores it and says so
    expect(readFileSync(path.join(cwd, '.gitignore'), 'utf8')).toBe('# metric-suite: score cache and transpiled config\n.metric-suite/\n');
    expect(r.stdout).toContain('created .gitignore (.metric-suite/: the score cache)');
    const again = await cli(['init'], cwd);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('this folder has a config already (metric-suite.config.ts): `init --name <id>` adds another metric to it');
    const same = await cli(['init', '--name', 'my-metric'], cwd);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain('metric-suite.config.ts seems to have a metric "my-metric" already: pick another --name');
  });

  it('the TypeScript stub type-checks against the published declarations', async () => {
    const cwd = installedProject();
    expect((await cli(['init'], cwd)).code).toBe(0);
    writeFileSync(path.join(cwd, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', skipLibCheck: true, types: [] },
      include: ['metrics', 'metric-suite.config.ts'],
    }));
    const tsc = spawnSync(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', cwd], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('the TypeScript scaffold runs: test <id> over the built-in cases, and the own suite passes', async () => {
    const cwd = installedProject();
    expect((await cli(['init'], cwd)).code).toBe(0);
    const t = await cli(['test', 'my-metric', '-t', 'effusion', '--reporter', 'json', '--no-cache'], cwd);
    expect(t.code).toBe(0);
    const report = JSON.parse(t.stdout) as { results: { metric: string; verdict: string }[] };
    expect(report.results.length).toBeGreaterThan(3);
    expect(report.results.every((x) => x.metric === 'my-metric' && x.verdict !== 'error')).toBe(true);
    const own = await cli(['--no-cache'], cwd);
    expect(own.lastLine).toBe('1 passed, 0 failed');
    expect(own.code).toBe(0);
  });

  it('--python writes a YAML config and a stdlib worker that runs', async () => {
    const cwd = installedProject();
    const r = await cli(['init', '--python', '--name', 'token-f1'], cwd);
    expect(r.code).toBe(0);
    expect(readFileSync(path.join(cwd, 'metric-suite.config.yaml'), 'utf8')).toContain('command: [python3, metrics/token_f1.py]');
    // the Next: lines' comments start in one column, whatever the metric's name
    const next = r.stdout.slice(r.stdout.indexOf('Next:')).split('\n').filter((l) => l.includes('#'));
    expect(next).toHaveLength(2);
    expect(new Set(next.map((l) => l.indexOf('#'))).size).toBe(1);
    const own = await cli(['--no-cache'], cwd);
    expect(own.lastLine).toBe('1 passed, 0 failed');
    const t = await cli(['test', 'token-f1', '-t', 'effusion', '--reporter', 'json', '--no-cache'], cwd);
    expect(t.code).toBe(0);
    expect((JSON.parse(t.stdout) as { results: unknown[] }).results.length).toBeGreaterThan(3);
  });

  it('rejects a --name that is not a metric id', async () => {
    expect((await cli(['init', '--name', 'a b'], tmpTree())).code).toBe(2);
  });

  it('--name in a project with a config adds the metric to it, keeping the first; both suites run', async () => {
    const cwd = installedProject();
    expect((await cli(['init'], cwd)).code).toBe(0);
    const before = readFileSync(path.join(cwd, 'metric-suite.config.ts'), 'utf8');
    const r = await cli(['init', '--name', 'second'], cwd);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('created metrics/second.ts');
    expect(r.stdout).toContain('created cases/second/effusion-side.yaml');
    expect(r.stdout).toContain('added metric second to metric-suite.config.ts');
    const after = readFileSync(path.join(cwd, 'metric-suite.config.ts'), 'utf8');
    expect(after).toBe(before.replace("  metrics: {\n", "  metrics: {\n    'second': { module: './metrics/second.ts' },\n"));
    const own = await cli(['--no-cache'], cwd);
    expect(own.lastLine).toBe('2 passed, 0 failed');
    const dup = await cli(['init', '--name', 'second', '--python'], cwd);
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain('metric-suite.config.ts seems to have a metric "second" already');
  });

  it('--python --name in a YAML project adds a command entry and keeps the comments', async () => {
    const cwd = installedProject();
    expect((await cli(['init', '--python'], cwd)).code).toBe(0);
    expect((await cli(['init', '--python', '--name', 'other-py'], cwd)).code).toBe(0);
    const text = readFileSync(path.join(cwd, 'metric-suite.config.yaml'), 'utf8');
    expect(text).toContain('# metric-suite config: your metric');
    expect(text).toContain('  other-py:\n    command: [python3, metrics/other_py.py]');
    expect(text).toContain('command: [python3, metrics/my_metric.py]');
    const list = await cli(['list', '--json'], cwd);
    expect(list.stdout).toContain('"other-py"');
  });

  it('adds .metric-suite/ to an existing .gitignore once, and leaves one that ignores it', async () => {
    const cwd = installedProject();
    writeFileSync(path.join(cwd, '.gitignore'), 'node_modules');
    const r = await cli(['init'], cwd);
    expect(r.stdout).toContain('added .metric-suite/ to .gitignore');
    expect((await cli(['init', '--name', 'second'], cwd)).code).toBe(0);
    expect(readFileSync(path.join(cwd, '.gitignore'), 'utf8')).toBe('node_modules\n# metric-suite: score cache and transpiled config\n.metric-suite/\n');
    const other = installedProject();
    writeFileSync(path.join(other, '.gitignore'), '/.metric-suite\n');
    expect((await cli(['init'], other)).stdout).not.toContain('.gitignore');
    expect(readFileSync(path.join(other, '.gitignore'), 'utf8')).toBe('/.metric-suite\n');
  });
});
