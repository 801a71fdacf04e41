import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

/** Case files as an outside user would write them from DESIGN §2. */
const outsider = {
  'theirs/effusion.yaml': `id: outsider/effusion
kind: ranking
capability: laterality
reference: Moderate left pleural effusion.
context: { age: 64, sex: F }
candidates:
  exact: Moderate left pleural effusion.
  paraphrase: { text: Moderate left pleural effusion is present., context: { age: 30 } }
  wrong_side: Moderate right pleural effusion.
tolerance: 0.6
expect:
  - exact = paraphrase
  - exact > wrong_side
  - exact >= 0.5
`,
  'theirs/pair.yaml': `cases:
  - id: outsider/normal
    kind: ranking
    reference: No acute cardiopulmonary process.
    candidates: { C1: No acute cardiopulmonary process., C2: Large right pneumothorax. }
    expect: [C1 > C2]
`,
};

describe('metric-suite run', () => {
  it('runs case files written by someone else with --metric and writes the JSON contract', async () => {
    const cwd = tmpTree(outsider);
    const r = await cli(['run', '--cases', 'theirs/*.yaml', '--metric', 'bleu', '--reporter', 'json', '--output-file', 'json=r.json', '--no-cache'], cwd);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(path.join(cwd, 'r.json'), 'utf8'));
    expect(Object.keys(report.summary)).toEqual(['passed', 'failed', 'errors', 'skipped']);
    expect(report.summary).toEqual({ passed: 2, failed: 0, errors: 0, skipped: 0 });
    const effusion = report.results.find((x: { caseId: string }) => x.caseId === 'outsider/effusion');
    expect(effusion).toMatchObject({ suite: 'cases', kind: 'ranking', capability: 'laterality', metric: 'bleu', verdict: 'pass' });
    expect(Object.keys(effusion.scores)).toEqual(['exact', 'paraphrase', 'wrong_side']);
    expect(effusion.expectations.map((e: { relation: string; holds: boolean }) => [e.relation, e.holds])).toEqual([
      ['exact = paraphrase', true], ['exact > wrong_side', true], ['exact >= 0.5', true],
    ]);
    expect(report.laws).toEqual([]);
  });

  it('ends with the plain summary line and exits 1 when a gate fails', async () => {
    const cwd = tmpTree({ ...outsider, 'theirs/effusion.yaml': outsider['theirs/effusion.yaml'].replace('tolerance: 0.6', 'tolerance: 0') });
    const r = await cli(['--cases', 'theirs/*.yaml', '--metric', 'bleu', '--no-cache'], cwd);
    expect(r.code).toBe(1);
    expect(r.lastLine).toMatch(/^1 passed, 1 failed$/);
    expect(r.stdout).toContain('FAIL outsider/effusion [bleu]');
    expect(r.stdout).not.toMatch(/\u001b\[/);
  });

  it('exits 2 for case-load errors and still reports the other cases', async () => {
    const cwd = tmpTree({ ...outsider, 'theirs/bad.yaml': 'kind: ranking\nreference: x\ncandidates: { a: x, b: y }\nexpect: [a > b, b > a]\n' });
    const r = await cli(['--cases', 'theirs/*.yaml', '--metric', 'bleu', '--no-cache'], cwd);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('theirs/bad.yaml:4:17: case "theirs/bad": contradictory relations');
    expect(r.lastLine).toBe('2 passed, 0 failed');
    // the reason for the exit closes the output (stderr: a JSON stdout stays one document)
    expect(r.stderr.trim().split('\n').at(-1)).toBe('metric-suite: 1 problem loading cases, suites or config (listed above): exit 2');
  });

  it('exits 2 for usage errors: unknown option, reporter, metric', async () => {
    const cwd = tmpTree(outsider);
    expect((await cli(['--no-such-flag'], cwd)).code).toBe(2);
    const rep = await cli(['--cases', 'theirs/*.yaml', '--metric', 'bleu', '--reporter', 'nope'], cwd);
    expect(rep.code).toBe(2);
    expect(rep.stderr).toContain('unknown reporter "nope"');
    const met = await cli(['--cases', 'theirs/*.yaml', '--metric', 'blue', '--no-cache'], cwd);
    expect(met.code).toBe(2);
    expect(met.stdout).toContain('unknown metric "blue"');
  });

  it('writes junit next to the default reporter', async () => {
    const cwd = tmpTree(outsider);
    const r = await cli(['--cases', 'theirs/*.yaml', '--metric', 'bleu', '--reporter', 'default', '--output-file', 'junit=out/junit.xml', '--no-cache'], cwd);
    expect(r.code).toBe(0);
    const xml = readFileSync(path.join(cwd, 'out/junit.xml'), 'utf8');
    expect(xml).toContain('<testcase classname="cases.bleu" name="outsider/effusion"');
    expect(r.lastLine).toBe('2 passed, 0 failed');
  });
});
