import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { bin } from './_bin.js';

/** A root cause (config, suite selection, case files) is the one problem: never followed by "no cases to run". */
describe('root causes first (built bin)', () => {
  it.each([
    ['an unknown suite', ['--suite', 'nope'], {}, /unknown suite "nope"/],
    ['a case glob matching nothing', ['--cases', 'x/*.yaml', '--metric', 'bleu'], {}, /x\/\*\.yaml:1:1: no case files match "x\/\*\.yaml"/],
    ['a broken case file with a filter', ['-t', 'zzz'], { 'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [bleu]\n', 'cases/bad.yaml': 'kind: ranking\nreference: [\n' }, /cases\/bad\.yaml:\d+:\d+: invalid YAML/],
    ['a broken suite file', [], { 'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: bleu\n' }, /suites\/s\.yaml:3:10: metrics: /],
  ])('%s', async (_what, args, files, cause) => {
    const r = await bin(['run', ...args, '--no-cache'], tmpTree({ 'package.json': '{}', ...files }));
    expect(r.code).toBe(2);
    expect(`${r.stdout}${r.stderr}`).toMatch(cause);
    expect(`${r.stdout}${r.stderr}`).not.toContain('no cases to run');
  }, 60_000);

  it('a selection that really is empty says so (and how to allow it)', async () => {
    const r = await bin(['run', '-t', 'zzz', '--no-cache'], tmpTree({ 'package.json': '{}', 'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [bleu]\n', 'cases/a.yaml': 'id: a\nkind: ranking\nreference: a b\ncandidates: { a: a b }\nexpect: a >= a\n' }));
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('no cases to run with these suites and filters (pass --pass-with-no-cases to allow an empty run)');
  }, 60_000);
});
