import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaseLoader } from '../../src/cases/load.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';
import { cli } from '../cli/_run.js';

/**
 * Issue 14, finding 6, for case files themselves: a case file (or a folder of case files)
 * linked from inside the cases root to a file outside it is a located problem in `validate`
 * and `run`; its text is never read into a case.
 */
const inside = 'kind: score\nreference: Small left pleural effusion.\ncandidate: Small left pleural effusion.\nexpect: { overlap: { min: 0 } }\n';
const outside = 'kind: score\nid: secret\nreference: SECRET TEXT\ncandidate: SECRET TEXT\nexpect: { overlap: { min: 0 } }\n';

function tree(): string {
  const cwd = tmpTree({
    'cases/a.yaml': inside,
    'private/secret.yaml': outside,
    'private/dir/more.yaml': outside.replace('id: secret', 'id: secret-2'),
    'cases/common/real.yaml': inside.replace('kind: score', 'kind: score\nid: real'),
    'suites/main.yaml': 'name: main\ncases: [../cases/**/*.yaml]\nmetrics: [bleu]\n',
  });
  symlinkSync(path.join(cwd, 'private/secret.yaml'), path.join(cwd, 'cases/linked.yaml'));
  symlinkSync(path.join(cwd, 'private/dir'), path.join(cwd, 'cases/linked-dir'));
  mkdirSync(path.join(cwd, 'cases/ok'));
  symlinkSync(path.join(cwd, 'cases/common/real.yaml'), path.join(cwd, 'cases/ok/inside-link.yaml'));
  return cwd;
}

describe('case files linked out of the cases root', () => {
  it('the loader reports a linked file and a file in a linked folder at file:1:1, and loads neither', async () => {
    const cwd = tree();
    const loader = new CaseLoader(cwd);
    const files = ['cases/a.yaml', 'cases/linked.yaml', 'cases/linked-dir/more.yaml', 'cases/ok/inside-link.yaml'].map((f) => path.join(cwd, f));
    const r = await loader.load(files);
    expect(r.cases.map((c) => c.id).sort()).toEqual(['a', 'real']);
    expect(r.problems.map((p) => [p.file, p.line, p.column])).toEqual([['cases/linked.yaml', 1, 1], ['cases/linked-dir/more.yaml', 1, 1]]);
    expect(r.problems[0]!.message).toMatch(/case file is a link to .*private\/secret\.yaml, outside the cases root .*cases: case files must stay inside it/);
    expect(r.problems[1]!.message).toMatch(/link to .*private\/dir\/more\.yaml/);
  });

  it('validate names the link and exits 2', async () => {
    const cwd = tree();
    const r = await cli(['validate', '--no-lint', 'cases/linked.yaml', 'cases/a.yaml'], cwd);
    expect(r.code).toBe(2);
    expect(r.stdout + r.stderr).toMatch(/cases\/linked\.yaml:1:1: case file is a link to .*outside the cases root/);
  });

  it('run reports it as a problem (exit 2) and never scores its text', async () => {
    const cwd = tree();
    const r = await runSuites({ cwd, cache: false, cases: ['cases/*.yaml'], metrics: ['bleu'] });
    expect(r.exitCode).toBe(2);
    expect(r.problems.some((p) => p.file === 'cases/linked.yaml' && /outside the cases root/.test(p.message))).toBe(true);
    expect(JSON.stringify(r.results)).not.toContain('SECRET');
  });
});
