import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnBin } from './_bin.js';
import { tableConfig, tableProject } from './_table-metric.js';

/** Waits, event-driven, until `ok(stderr)` holds; a generous timeout only bounds a hang. */
function until(child: ChildProcess, ok: (stderr: string) => boolean, what: string, timeoutMs = 90_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!ok(state.get(child)!.stderr)) return;
      clearTimeout(timer);
      child.stderr!.off('data', check);
      resolve();
    };
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}; stderr so far:\n${state.get(child)!.stderr}`)), timeoutMs);
    child.stderr!.on('data', check);
    check();
  });
}

const state = new Map<ChildProcess, { stderr: string; stdout: string }>();
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

function start(cwd: string): ChildProcess {
  const child = spawnBin(['run', '--watch', '--reporter', 'default', '--reporter', 'json', '--output-file', 'json=r.json'], cwd);
  state.set(child, { stderr: '', stdout: '' });
  child.stderr!.on('data', (d) => (state.get(child)!.stderr += d));
  child.stdout!.on('data', (d) => (state.get(child)!.stdout += d));
  children.push(child);
  return child;
}

const WATCHING = /metric-suite: watching \d+ files for changes/;
const watching = (n: number) => (s: string) => (s.match(new RegExp(WATCHING.source, 'g')) ?? []).length >= n;
/** The re-run `marker` announces has ended (a "watching" line follows it): robust to an editor's save arriving as two events. */
const rerun = (marker: string) => (s: string) => {
  const at = s.lastIndexOf(marker);
  return at >= 0 && WATCHING.test(s.slice(at + marker.length));
};
const ran = (cwd: string) => [...new Set(JSON.parse(readFileSync(path.join(cwd, 'r.json'), 'utf8')).results.map((r: { caseId: string }) => r.caseId))].sort();
const kase = (id: string, expect = 'good > bad') => `id: ${id}\nkind: ranking\ncapability: laterality\nreference: reference ${id}\ncandidates: { good: ${id} good, bad: ${id} bad }\nexpect: ${expect}\n`;

describe('run --watch (built bin)', () => {
  it('re-runs the cases a change affects: a case file, a new case file, the module metric, the config; other files do nothing', async () => {
    const cwd = tableProject(1);
    const child = start(cwd);
    await until(child, watching(1), 'the first run');
    expect(ran(cwd)).toEqual(['a', 'b', 'c', 'd']);

    writeFileSync(path.join(cwd, 'cases/b.yaml'), kase('b', 'good >= bad'));
    await until(child, rerun('metric-suite: cases/b.yaml changed: re-running 1 case file\n'), 'the re-run of b');
    expect(ran(cwd)).toEqual(['b']);

    writeFileSync(path.join(cwd, 'notes.txt'), 'not a case'); // ignored: the next re-run names only e
    writeFileSync(path.join(cwd, 'cases/e.yaml'), kase('e'));
    await until(child, rerun('metric-suite: cases/e.yaml changed: re-running 1 case file\n'), 'the re-run of the new file e');
    expect(state.get(child)!.stderr).not.toContain('notes.txt');
    expect(ran(cwd)).toEqual(['e']);

    writeFileSync(path.join(cwd, 'metric.mjs'), `${readFileSync(path.join(cwd, 'metric.mjs'), 'utf8')}\n// edited\n`);
    await until(child, rerun('metric-suite: metric.mjs changed: re-running 5 case files\n'), 'the re-run after the metric changed');
    expect(ran(cwd)).toEqual(['a', 'b', 'c', 'd', 'e']);

    writeFileSync(path.join(cwd, 'metric-suite.config.json'), tableConfig(2));
    await until(child, rerun('metric-suite: metric-suite.config.json changed: re-running every case\n'), 'the re-run after the config changed');
    expect(ran(cwd)).toEqual(['a', 'b', 'c', 'd', 'e']);

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    // the last run (version 2) fails a and c: its exit code is the session's
    expect(await exited).toBe(1);
    expect(state.get(child)!.stderr).not.toMatch(/Error|at .*\.js:\d+/);
  }, 300_000);

  it('a suite file change re-runs that suite; a broken case file is reported and the watch goes on', async () => {
    const cwd = tableProject(1);
    const child = start(cwd);
    await until(child, watching(1), 'the first run');
    writeFileSync(path.join(cwd, 'cases/a.yaml'), 'kind: ranking\nreference: [\n');
    await until(child, rerun('metric-suite: cases/a.yaml changed: re-running 1 case file\n'), 'the re-run of the broken file');
    expect(state.get(child)!.stdout).toMatch(/cases\/a\.yaml:\d+:\d+: invalid YAML/);
    writeFileSync(path.join(cwd, 'suites/s.yaml'), 'name: s\ncases: [../cases/**/*.yaml]\nmetrics: [mine]\ngate: { mine: { minPassRate: 0.5 } }\n');
    await until(child, rerun('metric-suite: suites/s.yaml changed: re-running 4 case files\n'), 'the re-run of the suite');
    expect(ran(cwd)).toEqual(['b', 'c', 'd']); // a is broken, its problem is in the report
    // a new folder with a case file in it, under the suite's ** glob
    mkdirSync(path.join(cwd, 'cases/deep'));
    writeFileSync(path.join(cwd, 'cases/deep/f.yaml'), kase('f'));
    await until(child, rerun('metric-suite: cases/deep/f.yaml changed: re-running 1 case file\n'), 'the re-run of the file in a new folder');
    expect(ran(cwd)).toEqual(['f']);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(2);
  }, 300_000);
});
