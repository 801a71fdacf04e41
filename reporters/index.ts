/** The built-in reporters by name (`--reporter default|verbose|json|junit`). */
import type { ReporterFactory } from '../src/reporting/reporter.js';
import { createDefaultReporter } from './default.js';
import { createJsonReporter } from './json.js';
import { createJunitReporter } from './junit.js';
import { createVerboseReporter } from './verbose.js';

export const reporters: Record<string, ReporterFactory> = {
  default: createDefaultReporter,
  verbose: createVerboseReporter,
  json: createJsonReporter,
  junit: createJunitReporter,
};

/** The factory registered under `name`, or undefined (never an Object.prototype member). */
export function getReporter(name: string): ReporterFactory | undefined {
  return Object.hasOwn(reporters, name) ? reporters[name] : undefined;
}

export { createDefaultReporter, createJsonReporter, createJunitReporter, createVerboseReporter };
