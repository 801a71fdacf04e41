import { describe, expect, it } from 'vitest';
import type { Case } from '../../src/cases/model.js';
import { unknownMetricReferences } from '../../src/runner/references.js';
import { runSuites } from '../../src/runner/run.js';
import { formatProblem } from '../../src/runner/results.js';
import { tmpTree } from '../_support/tmp.js';

const location = { file: '/x/c.yaml', line: 4, column: 3 };

describe('unknownMetricReferences', () => {
  it('reports ids in metrics.only/skip and score expectations that no metric has', () => {
    const c = { id: 'c', kind: 'score', tags: [], location, reference: 'a', candidate: 'b', metrics: { only: ['bleu', 'bleuu'], skip: ['rogue-l'] }, expect: { bleux: { min: 0 } } } as unknown as Case;
    const known = (id: string) => ['bleu', 'rouge-l'].includes(id);
    expect(unknownMetricReferences(c, known, 'c.yaml').map(formatProblem)).toEqual([
      'c.yaml:4:3: case "c": unknown metric "bleuu" in metrics.only',
      'c.yaml:4:3: case "c": unknown metric "rogue-l" in metrics.skip',
      'c.yaml:4:3: case "c": unknown metric "bleux" in expect',
    ]);
    expect(unknownMetricReferences(c, known, 'c.yaml', ['bleu', 'rouge-l']).map((p) => p.message)).toEqual([
      'case "c": unknown metric "bleuu" in metrics.only (did you mean bleu?)',
      'case "c": unknown metric "rogue-l" in metrics.skip (did you mean rouge-l?)',
      'case "c": unknown metric "bleux" in expect (did you mean bleu?)',
    ]);
  });

  it('makes a typo in a case a load problem (exit 2) instead of a silent skip', async () => {
    const cwd = tmpTree({ 'cases/s.yaml': 'id: s\nkind: score\nreference: a b\ncandidate: a b\nexpect:\n  bleux: { min: 0 }\n' });
    const r = await runSuites({ cwd, cases: ['cases/*.yaml'], metrics: ['bleu'], cache: false });
    expect(r.exitCode).toBe(2);
    // with the hint validate gives too
    // at the key as written, not at the case (1:1)
    expect(r.problems.map(formatProblem)).toContain('cases/s.yaml:6:3: case "s": unknown metric "bleux" in expect (did you mean bleu?)');
  });

  it('points at the name as written: an expect key, a metrics.only/skip item, a name taken from defaults, JSON too', async () => {
    const cwd = tmpTree({
      'cases/one.yaml': 'id: one\nkind: score\nreference: a\ncandidate: a\nexpect:\n  bleu: { min: 0 }\n  bleuu: { min: 0 }\n',
      'cases/list.yaml': [
        'defaults:',
        '  kind: score',
        '  expect:',
        '    rouge-ll: { min: 0 }',
        'cases:',
        '  - id: list/a',
        '    reference: a',
        '    candidate: a',
        '  - id: list/b',
        '    reference: b',
        '    candidate: b',
        '    metrics: { only: [bleu, blue], skip: [rogue] }',
        '    expect:',
        '      bleu: { min: 0 }',
        '',
      ].join('\n'),
      'cases/j.json': '{\n  "id": "j", "kind": "score", "reference": "a", "candidate": "a",\n  "expect": { "bleu": { "min": 0 }, "nope": { "min": 0 } }\n}\n',
    });
    const r = await runSuites({ cwd, cases: ['cases/*'], metrics: ['bleu'], cache: false });
    expect(r.exitCode).toBe(2);
    expect(r.problems.map(formatProblem).map((p) => p.replace(/ \(.*$/, '')).sort()).toEqual([
      'cases/j.json:3:37: case "j": unknown metric "nope" in expect',
      'cases/list.yaml:12:29: case "list/b": unknown metric "blue" in metrics.only',
      'cases/list.yaml:12:43: case "list/b": unknown metric "rogue" in metrics.skip',
      'cases/list.yaml:4:5: case "list/a": unknown metric "rouge-ll" in expect',
      'cases/one.yaml:7:3: case "one": unknown metric "bleuu" in expect',
    ]);
  });
});
