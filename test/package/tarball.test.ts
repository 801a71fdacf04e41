/**
 * The packed package in a fresh project, installed with npm 10 (the npm of Node 20), as a user
 * would: nothing is downloaded at install time (onnxruntime-node is an optional peer and is not
 * pulled), the CLI runs from node_modules, `test` resolves the built-in cases from the package
 * (not by a glob through node_modules), and `init` + `test` work on the scaffolded metric.
 * Needs the npm registry (for npm@10 and the dependencies); takes about a minute. The packed
 * file list (`npm pack --dry-run`, no registry) must hold every file the shipped docs link to.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-tarball-'));
// Removing an installed node_modules (thousands of files) can take a while on a busy machine.
afterAll(() => rm(work, { recursive: true, force: true }), 120_000);

/** The environment of a user's shell: none of the npm_* variables `npm test` sets for its script. */
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD' && k !== 'ONNXRUNTIME_NODE_INSTALL'));
const npx = (cwd: string, args: string[], timeout = 120_000) => spawnSync('npx', args, { cwd, env: { ...env, NO_COLOR: '1' }, encoding: 'utf8', timeout });

describe('npm pack -> npx npm@10 install in a fresh project', () => {
  it('installs without onnxruntime-node and runs --version, test <built-in>, the shipped Python example, init and test <own metric>', { timeout: 300_000 }, () => {
    // `npm test` has built dist already: pack without running prepare again (other tests use dist).
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: repo, env, stdio: 'pipe' });
    const tarball = path.join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
    const project = path.join(work, 'project');
    execFileSync('mkdir', ['-p', project]);
    execFileSync('npm', ['init', '-y'], { cwd: project, env, stdio: 'pipe' });

    const install = npx(project, ['-y', 'npm@10', 'install', tarball, '--no-audit', '--no-fund']);
    expect(install.stderr + install.stdout).not.toMatch(/ERR!|npm error/);
    expect(install.status).toBe(0);
    expect(existsSync(path.join(project, 'node_modules/metric-suite/dist/src/cli/bin.js'))).toBe(true);
    expect(existsSync(path.join(project, 'node_modules/onnxruntime-node'))).toBe(false);

    const version = npx(project, ['metric-suite', '--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);

    const bleu = npx(project, ['metric-suite', 'test', 'bleu', '-t', 'effusion', '--reporter', 'json']);
    expect(bleu.status).toBe(0);
    const report = JSON.parse(bleu.stdout) as { results: { metric: string; suite: string }[] };
    expect(report.results.length).toBeGreaterThan(3);
    expect(report.results.every((r) => r.metric === 'bleu')).toBe(true);

    // the html reporter finds its templates in the package: the page and its plots
    const html = npx(project, ['metric-suite', 'test', 'bleu', '-t', 'effusion', '--reporter', 'html']);
    expect(html.status).toBe(0);
    expect(html.stdout.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.stdout).toContain('<figure class="plot" data-plot="distribution"');
    expect(html.stdout).toMatch(/<details class="case"/);

    const init = npx(project, ['metric-suite', 'init']);
    expect(init.status).toBe(0);
    expect(init.stdout).toContain('npx metric-suite test my-metric');
    const mine = npx(project, ['metric-suite', 'test', 'my-metric']);
    expect(mine.stderr).not.toMatch(/errored|cannot|invalid/);
    expect(mine.status).toBe(0);
    expect(mine.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, \d+ failed(, \d+ skipped)?$/);
    // An ONNX metric without the optional peer: a clear reason naming the install command.
    mkdirSync(path.join(project, 'rg-model'));
    writeFileSync(path.join(project, 'rg-model/config.json'), JSON.stringify({ format: 'radgraph-xl-onnx', version: 1, nerLabels: ['Anatomy'], relationLabels: ['modify'], spansPerWord: 0.5 }));
    for (const f of ['encoder', 'width', 'ner', 'mention', 'relation']) writeFileSync(path.join(project, `rg-model/${f}.onnx`), '');
    writeFileSync(path.join(project, 'onnx.config.yaml'), 'metrics:\n  radgraph-f1: { options: { onnx: { modelDir: rg-model } } }\n');
    const onnx = npx(project, ['metric-suite', 'test', 'radgraph-f1', '-c', 'onnx.config.yaml']);
    expect(onnx.stderr).toMatch(/onnxruntime-node is not installed \(it is an optional peer dependency of metric-suite.*\); install it in your project with `npm i onnxruntime-node`/);
    expect(onnx.stderr).toContain('CUDA 12 provider');
    expect(onnx.status).toBe(2);
    // The shipped example runs from the installed package: the Python metric scores the shipped cases.
    const example = path.join(project, 'node_modules/metric-suite/examples/python-metric');
    const py = spawnSync('node', [path.join(project, 'node_modules/metric-suite/dist/src/cli/bin.js'), 'run', '--cases', '../../cases/ranking/**/*.yaml', '--metric', 'token-f1', '--reporter', 'json'], { cwd: example, env: { ...env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 120_000 });
    expect(py.stderr).not.toMatch(/error|cannot|not found/i);
    const pyReport = JSON.parse(py.stdout) as { results: { metric: string; verdict: string }[] };
    expect(pyReport.results.length).toBeGreaterThan(50);
    expect(pyReport.results.every((r) => r.metric === 'token-f1' && (r.verdict === 'pass' || r.verdict === 'fail'))).toBe(true);
    // The scaffolded project's own suite passes as written.
    const own = npx(project, ['metric-suite']);
    expect(own.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed');
    expect(own.status).toBe(0);
  });
});

/** Relative link targets of a markdown text (inline links and images, outside fenced code), without anchors. */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^(```+|~~~+)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURIComponent(target.replace(/#.*$/, '')));
}

describe('npm pack --dry-run', () => {
  const packed = (): { size: number; unpackedSize: number; files: string[] } => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repo, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 120_000 });
    const j = (JSON.parse(out) as { size: number; unpackedSize: number; files: { path: string }[] }[])[0]!;
    return { size: j.size, unpackedSize: j.unpackedSize, files: j.files.map((f) => f.path) };
  };

  it('finds relative links in prose only', () => {
    expect(relativeLinks('[a](docs/x.md#part) [b](https://x.org/y) [c](#top) ![i](img/p.png "t")\n```\n[no](code.md)\n```\n')).toEqual(['docs/x.md', 'img/p.png']);
  });

  it('ships CONTRIBUTING.md, LICENSE, examples, the metric READMEs and every file a shipped doc links to; stays small', { timeout: 120_000 }, () => {
    const { size, unpackedSize, files } = packed();
    const shipped = new Set(files);
    for (const f of ['README.md', 'CONTRIBUTING.md', 'LICENSE', 'docs/json-report.md', 'examples/python-metric/README.md', 'examples/python-metric/token_f1.py']) expect(files).toContain(f);
    for (const m of ['crimson', 'cseval', 's-score', 'radgraph']) expect(files).toContain(`src/metrics/${m}/README.md`);
    const broken: string[] = [];
    const docs = files.filter((f) => f.endsWith('.md'));
    expect(docs.length).toBeGreaterThan(10);
    for (const doc of docs) {
      for (const target of relativeLinks(readFileSync(path.join(repo, doc), 'utf8'))) {
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target));
        // a link to a folder is fine when the package holds a file inside it
        const ok = shipped.has(resolved) || files.some((f) => f.startsWith(resolved.replace(/\/?$/, '/')));
        if (!ok) broken.push(`${doc}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
    // no tests, sources or benchmarks data: the tarball stays well under 1.5 MB
    expect(files.some((f) => f.startsWith('test/') && f !== 'test/fixtures/parity/README.md')).toBe(false);
    expect(files.some((f) => /^src\/.*\.ts$/.test(f))).toBe(false);
    expect(size).toBeLessThan(1_500_000);
    expect(unpackedSize).toBeLessThan(5_000_000);
    // every compiled file has its source: nothing an earlier build left in dist/ is packed
    const orphans = files.filter((f) => /^dist\/.*\.js$/.test(f) && !existsSync(path.join(repo, f.replace(/^dist\//, '').replace(/\.js$/, '.ts'))));
    expect(orphans).toEqual([]);
    // the README's stated sizes are bounds the package keeps
    const stated = /under ([\d.]+) MB packed, under ([\d.]+) MB unpacked/.exec(readFileSync(path.join(repo, 'README.md'), 'utf8'));
    expect(stated, 'README states the packed and unpacked sizes').not.toBeNull();
    expect(size).toBeLessThan(Number(stated![1]) * 1e6);
    expect(unpackedSize).toBeLessThan(Number(stated![2]) * 1e6);
  });
});
