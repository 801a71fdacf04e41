import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { otherReasons, renderGates } from '../../../reporters/_internals/gates.js';
import { annotations } from '../../../reporters/github-actions.js';
import { renderMarkdown } from '../../../reporters/markdown.js';
import { evaluateGate } from '../../../src/runner/gates.js';
import type { CaseResult, RunReport } from '../../../src/runner/results.js';

const result = (caseId: string, verdict: 'pass' | 'fail'): CaseResult =>
  ({ suite: 'cases', caseId, kind: 'ranking', capability: 'laterality', metric: 'overlap', verdict, scores: {}, expectations: [] }) as unknown as CaseResult;
const plain = new Chalk({ level: 0 });

describe('gate lines', () => {
  const gate = evaluateGate('cases', 'overlap', { minPassRate: 1, required: ['b'] }, [result('a', 'pass'), result('b', 'fail')]);

  it('say the pass rate once (the reason repeated it after the rate column)', () => {
    expect(gate.reason).toBe('pass rate 50.0% < 100.0%; required cases did not pass: b');
    const [line] = renderGates([gate], plain);
    expect(line).toBe('✗ cases · overlap   50.0% <  100.0%  (1 passed, 1 failed)  required cases did not pass: b');
    expect(line!.match(/50\.0%/g)).toHaveLength(1);
    expect(otherReasons('pass rate 50.0% < 100.0%')).toBeUndefined();
  });

  it('a gate failing with its pass rate held shows the failing condition first, the rate after it', () => {
    const held = evaluateGate('cases', 'overlap', { minPassRate: 0.5, required: ['b'] }, [result('a', 'pass'), result('b', 'fail')]);
    expect(held.state).toBe('fail');
    const [line] = renderGates([held], plain);
    expect(line).toBe('✗ cases · overlap  required cases did not pass: b   50.0% >=  50.0%  (1 passed, 1 failed)');
  });

  it('github-actions: one line per reason, the rate once', () => {
    const report = { summary: { passed: 1, failed: 1, errors: 0, skipped: 0 }, results: [], laws: [], gates: [gate], problems: [], exitCode: 1 } as unknown as RunReport;
    const a = annotations(report, '/').find((x) => x.title === 'gate failed: cases · overlap')!;
    expect(a.message).toBe('pass rate 50.0% < 100.0%\nrequired cases did not pass: b');
  });

  it('markdown: the notes column does not repeat the pass rate or the required cases', () => {
    const report = { summary: { passed: 1, failed: 1, errors: 0, skipped: 0 }, results: [], laws: [], gates: [gate], problems: [], exitCode: 1 } as unknown as RunReport;
    const row = renderMarkdown(report).split('\n').find((l) => l.includes('| overlap |'))!;
    expect(row.match(/50\.0%/g)).toHaveLength(1);
    expect(row.match(/did not pass|required failed/g)).toHaveLength(1);
  });
});
