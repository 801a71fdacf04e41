import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The metric-suite package folder (holds the built-in suites/ and cases/), from src/ or dist/. */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'metric-suite') return (cached = dir);
    const up = path.dirname(dir);
    if (up === dir) throw new Error('metric-suite: cannot find its own package.json');
    dir = up;
  }
}

/** The package version, for `--version` and reports. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
