/**
 * Filters and shards of the built-in suites never fail a passing run (issue 13, problem 5): a
 * gate whose cases were all filtered out or fell into another shard is `not run`; the README's
 * commands exit 0. And the CI reporters of a passing run contain no failure.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

// a folder with no config and no suites/: the built-in suites run
const builtIn = () => tmpTree({ 'package.json': '{}' });

describe('filtered and sharded runs of the built-in suites', () => {
  for (const args of [['--capability', 'laterality', '-t', 'effusion'], ['-t', 'effusion'], ['--tag', 'hard'], ['--shard', '1/2'], ['--shard', '2/2']]) {
    it(`metric-suite ${args.join(' ')} exits 0, gates with nothing to score are not run`, async () => {
      const cwd = builtIn();
      const r = await cli([...args, '--reporter', 'json', '--output-file', 'json=r.json', '--reporter', 'default'], cwd);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const report = JSON.parse(readFileSync(path.join(cwd, 'r.json'), 'utf8'));
      expect(report.gates.every((g: { state: string }) => g.state !== 'fail')).toBe(true);
      const notRun = report.gates.filter((g: { state: string }) => g.state === 'not run');
      expect(notRun.length).toBeGreaterThan(0);
      for (const g of notRun) expect(g.reason).toMatch(/\S/);
      expect(r.stdout).toMatch(/○ \S+ · \S+ +not run: /);
    }, 60_000);
  }
});

describe('a passing run of the built-in suites', () => {
  it('JUnit and github-actions contain no failure; unavailable metrics are gates that did not run, with the reason', async () => {
    const cwd = builtIn();
    const r = await cli(['--reporter', 'default', '--reporter', 'junit', '--output-file', 'junit=junit.xml', '--reporter', 'github-actions', '--output-file', 'github-actions=gha.txt', '--reporter', 'json', '--output-file', 'json=r.json'], cwd);
    expect(r.code).toBe(0);
    const junit = readFileSync(path.join(cwd, 'junit.xml'), 'utf8');
    expect(junit).not.toContain('<failure');
    expect(junit).toMatch(/<testsuites [^>]*failures="0" errors="0"/);
    const gha = readFileSync(path.join(cwd, 'gha.txt'), 'utf8').trimEnd().split('\n');
    expect(gha.filter((l) => l.startsWith('::error'))).toEqual([]);
    // one notice per informational metric, not one per case
    expect(gha.filter((l) => l.startsWith('::notice title=informational')).length).toBe(3);
    const report = JSON.parse(readFileSync(path.join(cwd, 'r.json'), 'utf8'));
    const crimson = report.gates.find((g: { suite: string; metric: string }) => g.suite === 'crimson' && g.metric === 'crimson');
    expect(crimson).toMatchObject({ state: 'not run', passed: true });
    expect(crimson.reason).toContain('no judge endpoint configured');
    // the closing line counts gating results only, with the informational line above it
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^\d+ passed, \d+ failed(, \d+ skipped)?$/);
    expect(lines.at(-1)).toBe(`${report.gatingSummary.passed} passed, ${report.gatingSummary.failed + report.gatingSummary.errors} failed, ${report.gatingSummary.skipped} skipped`);
    expect(lines.find((l) => l.startsWith('informational: '))).toMatch(/^informational: \d+ cases not passing on bleu, rouge-l, s-score:text \(not gating\)$/);
    // the default run fits on two screens
    expect(lines.length).toBeLessThanOrEqual(100);
  }, 60_000);
});

describe('every reporter writing to a file', () => {
  it('a load error still reaches the terminal, once, without a misleading "no cases to run"', async () => {
    const cwd = tmpTree({ 'package.json': '{}', 'suites/mine.yaml': 'name: mine\ncases: [../cases/*.yaml]\nmetrics: [bleu]\n', 'cases/bad.yaml': 'kind: ranking\nreference: [unclosed\n' });
    const r = await cli(['--reporter', 'json', '--output-file', 'json=r.json'], cwd);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    // each problem on a line of its own; the YAML parser's detail indented under it
    expect(lines.every((l) => l.startsWith('metric-suite: ') || l.startsWith('    '))).toBe(true);
    expect(lines.filter((l) => l.startsWith('metric-suite: '))).toEqual([expect.stringContaining('cases/bad.yaml:'), 'metric-suite: 1 problem loading cases, suites or config (listed above): exit 2']);
    expect(r.stderr).toContain('cases/bad.yaml');
    expect(r.stderr).not.toContain('no cases to run');
  });
});

describe('a --capability no case can have', () => {
  it('is a usage problem at once with the near name, not "no cases to run"', async () => {
    const r = await cli(['--capability', 'lateralty', '--metric', 'bleu'], builtIn());
    expect(r.code).toBe(2);
    const out = r.stdout + r.stderr;
    expect(out).toContain('metric-suite: --capability lateralty: no case can have this capability (did you mean laterality?)');
    expect(out).not.toContain('no cases to run');
    // a capability the config declares is a filter like any other
    const declared = tmpTree({ 'metric-suite.config.json': '{ "capabilities": ["hemodynamics"] }', 'cases/a.yaml': 'kind: ranking\ncapability: hemodynamics\nreference: a\ncandidates: { a: a, b: b }\nexpect: a > b\n' });
    const ok = await cli(['--cases', 'cases/*.yaml', '--capability', 'hemodynamics', '--metric', 'bleu', '--no-cache'], declared);
    expect(ok.stdout + ok.stderr).not.toContain('no case can have');
    expect(ok.lastLine).toBe('1 passed, 0 failed');
  });
});
