import { spawnSync } from 'node:child_process';
import { RADEVAL_METRICS } from '../../metrics/radeval/index.js';

/** The built-in `radeval:*` metrics a project has not configured, as `list` shows them. */
export interface RadEvalListing {
  ids: string[];
  installed: boolean;
  /** One line for all of them (text output). */
  line: string;
  /** Per id, for `--json`. */
  json: Record<string, unknown>[];
}

/**
 * Built-in `radeval:*` ids are listed without creating them: creating one starts a Python
 * worker that loads RadEval (and its model), 15 times over. One `find_spec` probe (no import
 * of the package) tells whether RadEval is installed, and the declarations come from the table.
 */
export function radevalListing(ids: string[], python = 'python3'): RadEvalListing | undefined {
  if (ids.length === 0) return undefined;
  const probe = spawnSync(python, ['-c', 'import importlib.util, sys; sys.exit(0 if importlib.util.find_spec("RadEval") else 3)'], { stdio: 'ignore', timeout: 15_000 });
  const installed = probe.status === 0;
  const names = ids.map((id) => id.slice('radeval:'.length));
  const why = probe.error ? `${python} not found` : `the RadEval Python package is not installed in ${python}`;
  const hint = `pip install RadEval, then name one in the config (\`{ radeval: ${names[0]} }\`; README "RadEval's metrics")`;
  const line = installed
    ? `  radeval:*  ${ids.length} RadEval metrics (${names.join(', ')}): RadEval is installed in ${python}; each loads its model when a suite runs it`
    : `  radeval:*  ${ids.length} RadEval metrics (${names.join(', ')}): not installed (${why}; ${hint})`;
  const json = ids.map((id) => {
    const spec = RADEVAL_METRICS[id.slice('radeval:'.length)];
    const declared = spec ? { direction: spec.direction, range: spec.range, description: `RadEval ${spec.what}` } : {};
    return installed ? { id, ...declared, installed: true } : { id, ...declared, installed: false, unavailable: `${why} (${hint})` };
  });
  return { ids, installed, line, json };
}
