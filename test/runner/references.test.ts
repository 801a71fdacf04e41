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
    expect(r.problems.map(formatProblem)).toContain('cases/s.yaml:1:1: case "s": unknown metric "bleux" in expect (did you mean bleu?)');
  });
});
