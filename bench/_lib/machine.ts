/** The machine a bench run measured on, in one line for the table. */
import os from 'node:os';
import { pythonWith } from './python.js';
import { spawnSync } from 'node:child_process';

export function machine(): string {
  const cpus = os.cpus();
  const py = pythonWith(['nltk', 'scipy']);
  const pyVersion = py ? spawnSync(py, ['-c', 'import sys, nltk, scipy; print(sys.version.split()[0], nltk.__version__, scipy.__version__)'], { encoding: 'utf8' }).stdout.trim().split(' ') : [];
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.versions.node}` +
    (pyVersion.length === 3 ? `, Python ${pyVersion[0]} (nltk ${pyVersion[1]}, scipy ${pyVersion[2]})` : ', no Python with nltk and scipy');
}

/** `2.31 / 1.87 / 1.20` (1, 5, 15 minutes). */
export function load(): string {
  return os.loadavg().map((l) => l.toFixed(2)).join(' / ');
}
