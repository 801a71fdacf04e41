import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

describe('metric-suite new case', () => {
  it('scaffolds a commented ranking case that loads', async () => {
    const cwd = tmpTree({});
    const r = await cli(['new', 'case', '--kind', 'ranking', '--capability', 'laterality', '--id', 'laterality/effusion-side'], cwd);
    expect(r.code).toBe(0);
    const file = path.join(cwd, 'cases/ranking/laterality/effusion-side.yaml');
    const text = readFileSync(file, 'utf8');
    // the published schema (node_modules/metric-suite/schema in a project), a path that exists
    const schemaRef = /^# yaml-language-server: \$schema=(\S+)$/.exec(text.split('\n')[0]!)![1]!;
    expect(existsSync(path.resolve(path.dirname(file), schemaRef))).toBe(true);
    expect(schemaRef).toMatch(/schema\/case\.schema\.json$/);
    expect(text).toContain('capability: laterality');
    expect(text).toContain('# reviewed_by');
    const v = await cli(['validate', 'cases'], cwd);
    expect(v.lastLine).toBe('1 case file, 1 valid case, 0 problems');
    expect(v.code).toBe(0);
    const again = await cli(['new', 'case', '--capability', 'laterality', '--id', 'laterality/effusion-side'], cwd);
    expect(again.code).toBe(2);
  });

  it('writes a preference scaffold to --out and rejects a bad kind', async () => {
    const cwd = tmpTree({});
    expect((await cli(['new', 'case', '--kind', 'preference', '--capability', 'context', '--out', 'my/p.yaml'], cwd)).code).toBe(0);
    expect((await cli(['validate', 'my/p.yaml'], cwd)).code).toBe(0);
    expect((await cli(['new', 'case', '--kind', 'nope', '--capability', 'x'], cwd)).code).toBe(2);
  });

  it('in a project made by init, writes the case where its suite runs it and says so', async () => {
    const cwd = tmpTree({ 'package.json': '{ "name": "p", "private": true }' });
    expect((await cli(['init'], cwd)).code).toBe(0);
    const r = await cli(['new', 'case', '--kind', 'ranking', '--capability', 'laterality'], cwd);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('wrote cases/my-metric/ranking/laterality/new-case.yaml (suite my-metric runs it): fill in the TODOs, then run metric-suite validate on it\n');
    const list = await cli(['list', '--json'], cwd);
    expect(list.stdout).toContain('laterality/new-case');
    expect(list.stdout).toContain('my-metric/effusion-side');
  });

  it('says which glob to add when none of the project\'s suites can run the new case', async () => {
    const cwd = tmpTree({ 'package.json': '{}', 'suites/s.yaml': 'name: s\ncases: [../cases/one.yaml]\nmetrics: [bleu]\n' });
    const r = await cli(['new', 'case', '--capability', 'negation'], cwd);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote cases\/ranking\/negation\/new-case\.yaml: fill in/);
    expect(r.stderr).toContain("note: none of your suites runs cases/ranking/negation/new-case.yaml: add `../cases/ranking/negation/*.yaml` to a suite's `cases`");
    const out = await cli(['new', 'case', '--capability', 'negation', '--out', 'cases/one.yaml'], cwd);
    expect(out.stdout).toContain('wrote cases/one.yaml (suite s runs it)');
  });

  it('an unfilled scaffold is todo in a run (not scored, not gated), and scored once its reports are written', async () => {
    const cwd = tmpTree({ 'package.json': '{}', 'suites/s.yaml': 'name: s\ncases: [../cases/**/*.yaml]\nmetrics: [bleu]\n' });
    expect((await cli(['new', 'case', '--capability', 'laterality'], cwd)).code).toBe(0);
    const file = path.join(cwd, 'cases/ranking/laterality/new-case.yaml');
    expect(readFileSync(file, 'utf8')).toContain('runs report it as todo');
    const r = await cli([], cwd);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain('Todo (1 case, not scored)\n  □ laterality/new-case  cases/ranking/laterality/new-case.yaml:');
    expect(r.stdout).toContain('not run: nothing to score yet: its case is todo');
    expect(r.lastLine).toBe('0 passed, 0 failed, 1 todo');
    const json = JSON.parse((await cli(['--reporter', 'json'], cwd)).stdout);
    expect(json.results[0]).toMatchObject({ caseId: 'laterality/new-case', verdict: 'skip', todo: true });
    // filled in: scored as any case
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, readFileSync(file, 'utf8')
      .replace(/^reference: TODO.*$/m, 'reference: Moderate left pleural effusion.')
      .replace(/^  exact: TODO.*$/m, '  exact: Moderate left pleural effusion.')
      .replace(/^  reworded: TODO.*$/m, '  reworded: Moderate left pleural effusion.')
      .replace(/^  wrong: TODO.*$/m, '  wrong: Moderate right pleural effusion.'));
    const filled = await cli([], cwd);
    expect(filled.stdout).not.toContain('Todo');
    expect(filled.lastLine).toBe('1 passed, 0 failed');
  });
});
