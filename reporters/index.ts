/** The built-in reporters by name (`--reporter default|verbose|json|junit|github-actions|markdown|html`). */
import type { ReporterFactory } from '../src/reporting/reporter.js';
import { createBlobReporter } from '../src/runner/shard/blob.js';
import { createDefaultReporter } from './default.js';
import { createGithubActionsReporter } from './github-actions.js';
import { createHtmlReporter } from './html.js';
import { createJsonReporter } from './json.js';
import { createJunitReporter } from './junit.js';
import { createMarkdownReporter } from './markdown.js';
import { createVerboseReporter } from './verbose.js';

export const reporters: Record<string, ReporterFactory> = {
  default: createDefaultReporter,
  verbose: createVerboseReporter,
  json: createJsonReporter,
  junit: createJunitReporter,
  'github-actions': createGithubActionsReporter,
  markdown: createMarkdownReporter,
  html: createHtmlReporter,
  // the whole RunReport for `merge-reports` (src/runner/shard/blob.ts)
  blob: createBlobReporter,
};

/** The factory registered under `name`, or undefined (never an Object.prototype member). */
export function getReporter(name: string): ReporterFactory | undefined {
  return Object.hasOwn(reporters, name) ? reporters[name] : undefined;
}

export { createDefaultReporter, createJsonReporter, createJunitReporter, createVerboseReporter };
export { createGithubActionsReporter, createHtmlReporter, createMarkdownReporter };
