/**
 * How a Python worker is started: which interpreter, which handler, which sys.path. The
 * worker host (python/metric_suite_worker.py) and metric-suite's own handlers
 * (python/metric_suite_workers/) ship in the package's `python/` folder.
 */
import path from 'node:path';
import { packageRoot } from '../util/package-root.js';

/** Where a Python worker runs and what it may import. */
export interface PythonLaunch {
  /** Interpreter: an option value (`.venv/bin/python`), `$METRIC_SUITE_PYTHON`, else `python3`. */
  python?: string;
  /** Handler: a module name (`metric_suite_workers.radgraph`) or a .py path. */
  handler: string;
  /** Extra sys.path folders, searched before site-packages (a clone of a package, test stand-ins). */
  pythonPath?: string[];
  /** Working directory of the worker (default: the config root). */
  cwd: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
}

/** The package's `python/` folder (worker host and built-in handlers). */
export function pythonDir(): string {
  return path.join(packageRoot(), 'python');
}

/** The interpreter to run: explicit, then `$METRIC_SUITE_PYTHON`, then `python3`. */
export function interpreterOf(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return explicit ?? (env.METRIC_SUITE_PYTHON || 'python3');
}

/** argv, cwd and env for spawning the worker. */
export function commandOf(l: PythonLaunch, base: NodeJS.ProcessEnv = process.env): { argv: string[]; cwd: string; env: NodeJS.ProcessEnv } {
  const own = pythonDir();
  const extra = (l.pythonPath ?? []).map((p) => path.resolve(l.cwd, p));
  const inherited = base.PYTHONPATH ? base.PYTHONPATH.split(path.delimiter).filter(Boolean) : [];
  return {
    argv: [interpreterOf(l.python, base), '-u', path.join(own, 'metric_suite_worker.py'), l.handler],
    cwd: l.cwd,
    env: {
      ...base,
      ...l.env,
      // The user's folders first (a stand-in or a clone wins over an installed copy), then ours.
      PYTHONPATH: [...extra, own, ...inherited].join(path.delimiter),
      PYTHONUNBUFFERED: '1',
      PYTHONIOENCODING: 'utf-8',
      PYTHONDONTWRITEBYTECODE: '1',
    },
  };
}
