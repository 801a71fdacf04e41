import { describe, expect, it } from 'vitest';
import { runSuites } from '../../src/runner/run.js';
import { reportJson } from '../../reporters/json.js';
import { renderEnd } from '../../reporters/_internals/summary.js';
import { Chalk } from 'chalk';
import { tmpTree } from '../_support/tmp.js';

const finished = 'id: done\nkind: ranking\ncapability: laterality\nreference: Left effusion.\ncandidates:\n  a: Left effusion.\n  b: Right effusion.\nexpect: a > b\n';
const scaffold = 'id: draft\nkind: ranking\ncapability: laterality\nreference: TODO the reference report.\ncandidates:\n  a: TODO the reference text again.\n  b: TODO the reference with one clinical error.\nexpect: a > b\n';

describe('todo cases in a run', () => {
  it('are never scored, reported as skip + todo, left out of the gate and of the closing line\'s skipped', async () => {
    const cwd = tmpTree({
      'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [bleu]\n',
      'cases/done.yaml': finished,
      'cases/draft.yaml': scaffold,
      'cases/later.yaml': finished.replace('id: done', 'id: later\ntodo: waiting for review'),
    });
    const r = await runSuites({ cwd, cache: false });
    const byId = Object.fromEntries(r.results.map((x) => [x.caseId, x]));
    expect(byId.done!.verdict).toBe('pass');
    for (const id of ['draft', 'later']) {
      expect(byId[id]).toMatchObject({ verdict: 'skip', todo: true, scores: {} });
    }
    expect(byId.later!.reason).toBe('todo: waiting for review');
    expect(byId.draft!.reason).toMatch(/^todo: scaffold placeholders left: TODO in reference, candidates\.a, candidates\.b/);
    expect(r.summary).toEqual({ passed: 1, failed: 0, errors: 0, skipped: 2, todo: 2 });
    // the gate counts the finished case only: 1/1, not 1/1 with 2 skipped
    expect(r.gates[0]).toMatchObject({ state: 'pass', passRate: 1, counts: { passed: 1, failed: 0, errors: 0, skipped: 0 }, todo: 2 });
    expect(r.exitCode).toBe(0);

    const json = reportJson(r) as Record<string, any>;
    // the contract's keys and verdict enum are kept; todo is an added field
    expect(json.summary).toEqual({ passed: 1, failed: 0, errors: 0, skipped: 2, todo: 2 });
    expect(json.gatingSummary).toEqual({ passed: 1, failed: 0, errors: 0, skipped: 0, todo: 2 });
    expect(json.results.find((x: any) => x.caseId === 'draft')).toMatchObject({ verdict: 'skip', todo: true });
    expect(json.results.find((x: any) => x.caseId === 'done').todo).toBeUndefined();
    expect(json.gates[0].todo).toBe(2);

    const text = renderEnd(r, new Chalk({ level: 0 }));
    expect(text).toContain('Todo (2 cases, not scored)\n  □ draft  cases/draft.yaml:1\n    scaffold placeholders left');
    expect(text).toContain('  □ later  cases/later.yaml:1\n    waiting for review');
    expect(text).toMatch(/main · bleu +100\.0% >= 100\.0% {2}\(1 passed, 0 failed, 2 todo\)/);
    expect(text.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed, 2 todo');
  });

  it('a suite of todo cases only is not run (exit 0), as vitest passes a file of it.todo', async () => {
    const cwd = tmpTree({ 'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [bleu]\n', 'cases/draft.yaml': scaffold });
    const r = await runSuites({ cwd, cache: false });
    expect(r.gates[0]).toMatchObject({ state: 'not run', reason: 'nothing to score yet: its case is todo', todo: 1 });
    expect(r.exitCode).toBe(0);
  });

  it('a required pattern matching only todo cases fails the gate and says so', async () => {
    const cwd = tmpTree({
      'suites/main.yaml': "name: main\ncases: [../cases/*.yaml]\nmetrics: [bleu]\ngate:\n  bleu: { required: ['draft'] }\n",
      'cases/done.yaml': finished,
      'cases/draft.yaml': scaffold,
    });
    const r = await runSuites({ cwd, cache: false });
    expect(r.gates[0]!.failedRequired).toEqual(['draft (only todo cases match)']);
    expect(r.exitCode).toBe(1);
  });
});
