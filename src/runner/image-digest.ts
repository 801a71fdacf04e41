import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';

const memo = new Map<string, { stamp: string; sha: string }>();

/**
 * sha256 (hex) of an image file, or undefined when it cannot be read. CSEval requests carry it
 * so that a changed image never reuses a cached score keyed on the same path. Memoised per
 * path, size and mtime: a run reads each image once.
 */
export function imageDigest(file: string): string | undefined {
  try {
    const st = statSync(file);
    const stamp = `${st.size}:${st.mtimeMs}`;
    const hit = memo.get(file);
    if (hit?.stamp === stamp) return hit.sha;
    const sha = createHash('sha256').update(readFileSync(file)).digest('hex');
    memo.set(file, { stamp, sha });
    return sha;
  } catch {
    return undefined;
  }
}
