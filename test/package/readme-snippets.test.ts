/**
 * Every snippet of the README's "Bring your metric" section is checked: the TypeScript files
 * type-check against the package's declarations (as an installed project sees them) and run,
 * the YAML configs validate, the Python worker runs, and the `npx metric-suite` commands run.
 * (The README's old example did not type-check: `r.reference` is a Report, not a string.)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/config/schema.js';
import { tmpTree } from '../_support/tmp.js';
import { cli } from '../cli/_run.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
const start = readme.indexOf('\n## Bring your metric\n');
const section = readme.slice(start, readme.indexOf('\n## ', start + 5));

interface Snippet { lang: string; body: string; file?: string }
const snippets: Snippet[] = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => {
  const body = m[2]!;
  const file = /^(?:\/\/|#) ([\w./-]+\.\w+)\s*$/m.exec(body.split('\n')[0] ?? '')?.[1];
  return { lang: m[1]!, body, ...(file ? { file } : {}) };
});
const of = (lang: string) => snippets.filter((s) => s.lang === lang);

/** A project where `metric-suite` (and vitest, for the matcher types) resolve as after an install. */
function project(files: Record<string, string> = {}): string {
  const dir = tmpTree({ 'package.json': '{ "name": "p", "private": true, "type": "module" }', ...files });
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(repo, path.join(dir, 'node_modules/metric-suite'), 'dir');
  symlinkSync(path.join(repo, 'node_modules/vitest'), path.join(dir, 'node_modules/vitest'), 'dir');
  return dir;
}

describe('README "Bring your metric"', () => {
  it('has the snippets this test checks', () => {
    expect(start).toBeGreaterThan(0);
    expect(of('ts').map((s) => s.file)).toEqual(['metrics/my-metric.ts', 'metric-suite.config.ts', 'metrics/my-metric.test.ts']);
    expect(of('yaml').length).toBe(2);
    expect(of('python').map((s) => s.file)).toEqual(['metrics/token_f1.py']);
    expect(of('sh').length).toBe(1);
  });

  it('the TypeScript snippets type-check in an installed project and the metric runs under `test`', async () => {
    const dir = project(Object.fromEntries(of('ts').map((s) => [s.file!, s.body])));
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', skipLibCheck: true, types: [] },
      include: ['**/*.ts'],
    }));
    const tsc = spawnSync(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    const r = await cli(['test', 'my-metric', '-t', 'effusion', '--reporter', 'json', '--no-cache'], dir);
    expect(r.code).toBe(0);
    const results = (JSON.parse(r.stdout) as { results: { metric: string; verdict: string }[] }).results;
    expect(results.length).toBeGreaterThan(3);
    expect(results.every((x) => x.metric === 'my-metric' && x.verdict !== 'error')).toBe(true);
    const bleu1 = await cli(['score', '--metric', 'bleu-1', '--reference', 'a b', '--candidate', 'a c'], dir);
    expect(bleu1.code).toBe(0);
  });

  it("the vitest example gives its test a timeout: a law's first run takes longer than vitest's 5 s default", () => {
    const example = of('ts').find((s) => s.body.includes("toSatisfyLaw("))!;
    const timeout = /\n\}, ([\d_]+)\);[^\n]*\n*$/.exec(example.body)?.[1];
    expect(Number(timeout?.replace(/_/g, ''))).toBeGreaterThanOrEqual(30_000);
  });

  it('the YAML configs validate, and the Python worker runs as its config says', async () => {
    for (const y of of('yaml')) {
      const parsed = ConfigSchema.safeParse(parseYaml(y.body));
      expect(parsed.success, parsed.error?.message).toBe(true);
    }
    const py = of('python')[0]!;
    const dir = project({ 'metric-suite.config.yaml': of('yaml')[0]!.body, [py.file!]: py.body });
    const r = await cli(['test', 'token-f1', '-t', 'effusion', '--reporter', 'json', '--no-cache'], dir);
    expect(r.stderr).not.toMatch(/cannot|errored/);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { results: { verdict: string }[] }).results.every((x) => x.verdict !== 'error')).toBe(true);
  });

  it('the shell commands run in a fresh project', async () => {
    const dir = project();
    const lines = of('sh')[0]!.body.split('\n').map((l) => l.replace(/#.*$/, '').trim()).filter((l) => l.startsWith('npx metric-suite'));
    expect(lines).toEqual(['npx metric-suite init', 'npx metric-suite test my-metric']);
    for (const line of lines) {
      const r = await cli([...line.split(/\s+/).slice(2), '--no-cache'].filter((a) => !(a === '--no-cache' && line.endsWith('init'))), dir);
      expect(r.code, `${line}\n${r.stderr}`).toBe(0);
    }
  });
});
