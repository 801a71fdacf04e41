/**
 * The default reporter: quiet while the run goes, then failures first (expected vs actual
 * order with scores, the clinical difference between candidates), a capability × metric
 * matrix, the gates, and the last line `N passed, N failed[, N skipped]`.
 */
import { Chalk } from 'chalk';
import type { ReporterFactory } from '../src/reporting/reporter.js';
import { neutralised } from '../src/reporting/neutralised.js';
import { renderEnd } from './_internals/summary.js';

export const createDefaultReporter: ReporterFactory = neutralised((options) => {
  // A private instance: colour depends on options.color only, never on the environment.
  const c = new Chalk({ level: options.color ? 1 : 0 });
  return {
    onRunEnd(report) {
      options.write(renderEnd(report, c));
    },
  };
});

export default createDefaultReporter;
