import { describe, expect, it } from 'vitest';
import SummaryReporter, { countTests, formatCounts, type ModuleLike } from './summary-reporter.js';

const mod = (
  states: string[],
  options: { state?: string; errors?: unknown[]; suiteErrors?: unknown[][] } = {},
): ModuleLike => ({
  state: () => options.state ?? (states.includes('failed') ? 'failed' : 'passed'),
  errors: () => options.errors ?? [],
  children: {
    allTests: () => states.map((state) => ({ result: () => ({ state }) })),
    allSuites: () => (options.suiteErrors ?? []).map((errors) => ({ errors: () => errors })),
  },
});

describe('summary reporter counting', () => {
  it('counts tests by result state', () => {
    const counts = countTests([mod(['passed', 'passed', 'skipped']), mod(['failed', 'passed'])], []);
    expect(counts).toEqual({ passed: 3, failed: 1, skipped: 1 });
  });

  it('counts a module that failed to import as one failed test', () => {
    const broken = mod([], { state: 'failed', errors: [{ message: 'SyntaxError' }] });
    expect(countTests([broken, mod(['passed'])], [])).toEqual({ passed: 1, failed: 1, skipped: 0 });
    // failed with no tests and no recorded error still counts once
    expect(countTests([mod([], { state: 'failed' })], [])).toEqual({ passed: 0, failed: 1, skipped: 0 });
  });

  it('counts hook errors of suites and unhandled errors as failed', () => {
    const hooks = mod(['skipped'], { state: 'failed', suiteErrors: [[{ message: 'beforeAll' }], []] });
    expect(countTests([hooks], [{ message: 'a' }, { message: 'b' }])).toEqual({ passed: 0, failed: 3, skipped: 1 });
  });

  it('ignores pending tests and an empty passing module', () => {
    expect(countTests([mod(['pending']), mod([])], [])).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });

  it('formats the line with skipped only when any', () => {
    expect(formatCounts({ passed: 3, failed: 0, skipped: 0 })).toBe('3 passed, 0 failed');
    expect(formatCounts({ passed: 3, failed: 1, skipped: 2 })).toBe('3 passed, 1 failed, 2 skipped');
  });

  it('is a class vitest can construct', () => {
    expect(typeof new SummaryReporter().onTestRunEnd).toBe('function');
  });
});
