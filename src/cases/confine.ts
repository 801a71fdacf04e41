import { realpathSync } from 'node:fs';
import path from 'node:path';

/** Whether `p` is `root` itself or below it (both absolute). */
export function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** The real path (links resolved), or undefined when it does not exist. */
export function realOrUndefined(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

/**
 * Where a path inside `root` really leads when a symlink (the file itself or a folder on the
 * way) takes it outside the root's real path; undefined when it stays inside, when the path
 * was never inside the root to begin with, or when it does not exist (reported where read).
 * A case file linked out of the cases root would be read and its text sent to metrics.
 */
export function linkOutside(p: string, root: string): string | undefined {
  const abs = path.resolve(p);
  const absRoot = path.resolve(root);
  if (!isInside(absRoot, abs)) return undefined;
  const real = realOrUndefined(abs);
  const realRoot = realOrUndefined(absRoot);
  if (real === undefined || realRoot === undefined) return undefined;
  return isInside(realRoot, real) ? undefined : real;
}
