/**
 * A vitest reporter that prints, as the very last line of stdout, the same summary line the
 * metric-suite CLI ends with: `N passed, N failed` plus `, N skipped` when any.
 *
 * Counting: each test by `test.result().state` (todo counts as skipped); a test module that
 * failed to import or collect (state failed with no tests, or module-level errors) counts
 * as one failed test, so does a suite whose hooks threw (beforeAll/afterAll), and so does
 * each unhandled error.
 */
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The parts of vitest's TestModule the counting reads (a structural subset, for tests). */
export interface ModuleLike {
  state(): string;
  errors(): readonly unknown[];
  children: {
    allTests(): Iterable<{ result(): { state: string } }>;
    allSuites(): Iterable<{ errors(): readonly unknown[] }>;
  };
}

export function countTests(modules: readonly ModuleLike[], unhandledErrors: readonly unknown[]): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const module of modules) {
    let tests = 0;
    for (const test of module.children.allTests()) {
      tests++;
      const state = test.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') counts.failed++;
      else if (state === 'skipped') counts.skipped++;
    }
    if (module.errors().length > 0 || (module.state() === 'failed' && tests === 0)) counts.failed++;
    for (const suite of module.children.allSuites()) if (suite.errors().length > 0) counts.failed++;
  }
  counts.failed += unhandledErrors.length;
  return counts;
}

export function formatCounts(c: Counts): string {
  return `${c.passed} passed, ${c.failed} failed${c.skipped > 0 ? `, ${c.skipped} skipped` : ''}`;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    process.stdout.write(`${formatCounts(countTests(testModules, unhandledErrors))}\n`);
  }
}
