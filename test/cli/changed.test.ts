import { execFileSync } from 'node:child_process';
import { unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from './_bin.js';
import { tableConfig, tableProject } from './_table-metric.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], { cwd, stdio: 'pipe' });
const ranCases = (stdout: string) => [...new Set(JSON.parse(stdout).results.map((r: { caseId: string }) => r.caseId))].sort();

describe('run --changed [ref] (built bin)', () => {
  it('runs only the cases in files changed since HEAD (edited and untracked); nothing changed is exit 0', async () => {
    const cwd = tableProject(1);
    git(cwd, 'init', '-q');
    git(cwd, 'add', '.');
    git(cwd, 'commit', '-qm', 'first');
    const none = await bin(['run', '--changed'], cwd);
    expect(none.code).toBe(0);
    expect(none.stderr).toBe('metric-suite: no case, suite, config or metric file changed since HEAD: nothing to run\n');
    expect(none.stdout).toBe('');
    // a deleted case file leaves nothing to run (not an empty selection, exit 2)
    unlinkSync(path.join(cwd, 'cases/b.yaml'));
    const deleted = await bin(['run', '--changed'], cwd);
    expect(deleted.code).toBe(0);
    expect(deleted.stderr).toContain('nothing to run');

    writeFileSync(path.join(cwd, 'cases/d.yaml'), 'id: d\nkind: ranking\ncapability: laterality\nreference: reference d\ncandidates: { good: d good, bad: d bad }\nexpect: good >= bad\n');
    writeFileSync(path.join(cwd, 'cases/e.yaml'), 'id: e\nkind: ranking\ncapability: laterality\nreference: reference e\ncandidates: { good: d good, bad: d bad }\nexpect: good > bad\n');
    writeFileSync(path.join(cwd, 'notes.txt'), 'not a case');
    const some = await bin(['run', '--changed', '--reporter', 'json'], cwd);
    expect(some.stderr).toBe('metric-suite: --changed HEAD: 2 case files (cases/d.yaml, cases/e.yaml changed)\n');
    expect(ranCases(some.stdout)).toEqual(['d', 'e']);
    expect(some.code).toBe(0);
  }, 90_000);

  it('a changed config runs everything; a changed suite file its cases; a ref names the base; a bad ref is exit 2', async () => {
    const cwd = tableProject(1);
    git(cwd, 'init', '-q');
    git(cwd, 'add', '.');
    git(cwd, 'commit', '-qm', 'first');
    writeFileSync(path.join(cwd, 'metric-suite.config.json'), tableConfig(2));
    const all = await bin(['run', '--changed', 'HEAD', '--reporter', 'json'], cwd);
    expect(all.stderr).toBe('metric-suite: --changed HEAD: metric-suite.config.json changed: running every case\n');
    expect(ranCases(all.stdout)).toEqual(['a', 'b', 'c', 'd']);
    git(cwd, 'commit', '-qam', 'v2');
    writeFileSync(path.join(cwd, 'suites/s.yaml'), 'name: s\ncases: [../cases/*.yaml]\nmetrics: [mine]\ngate: { mine: { minPassRate: 0.5 } }\n');
    const suite = await bin(['run', '--changed', '--reporter', 'json'], cwd);
    expect(ranCases(suite.stdout)).toEqual(['a', 'b', 'c', 'd']);
    expect(suite.stderr).toContain('(suites/s.yaml changed)');
    // against the first commit, the config change counts too
    expect((await bin(['run', '--changed', 'HEAD~1', '--reporter', 'json'], cwd)).stderr).toContain('metric-suite.config.json changed: running every case');
    const bad = await bin(['run', '--changed', 'no-such-ref'], cwd);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^metric-suite: --changed no-such-ref: fatal: bad revision 'no-such-ref'\n$/);
  }, 90_000);

  it('outside a git repository is a clear usage error', async () => {
    const cwd = tableProject(1);
    const r = await bin(['run', '--changed'], cwd, { GIT_CEILING_DIRECTORIES: path.dirname(cwd) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^metric-suite: --changed HEAD: fatal: not a git repository/);
  }, 60_000);
});
