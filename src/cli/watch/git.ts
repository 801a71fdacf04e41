import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Files changed since a git ref, as absolute paths: what `git diff <ref>` lists (staged and
 * unstaged edits, deletions) plus untracked files git does not ignore, as vitest's `--changed`.
 * Throws with git's own reason when `dir` is not in a repository or the ref is unknown.
 */
export function changedSince(ref: string, dir: string): string[] {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    } catch (e) {
      const err = e as { stderr?: string; code?: string; message: string };
      if (err.code === 'ENOENT') throw new Error('--changed needs git, and git is not installed');
      const reason = (err.stderr ?? err.message).trim().split('\n')[0];
      throw new Error(`--changed ${ref}: ${reason}`);
    }
  };
  const top = git('rev-parse', '--show-toplevel').trim();
  const tracked = git('diff', '--name-only', '-z', ref, '--');
  const untracked = git('ls-files', '--others', '--exclude-standard', '-z', '--full-name', top);
  return [...new Set([...tracked.split('\0'), ...untracked.split('\0')].filter(Boolean).map((f) => path.resolve(top, f)))].sort();
}
