import type { LawResult } from './results.js';

/**
 * The command line that replays a law result (its seed and counterexample path). `via` replaces
 * `--suite <name> ... --metric <id>` for a suite that only a command can address, e.g.
 * `['test', 'overlap']` for the laws suite `metric-suite test overlap` makes: a project with its
 * own suites/ has no suite called `laws`.
 */
export function lawRerun(l: Pick<LawResult, 'law' | 'metric' | 'seed' | 'path' | 'suite'>, via?: readonly string[]): string {
  const select = via ? [...via, '--law', l.law] : [...(l.suite ? ['--suite', l.suite] : []), '--law', l.law, '--metric', l.metric];
  const parts = ['npx metric-suite', ...select, '--seed', String(l.seed)];
  if (l.path) parts.push('--law-path', l.path);
  return parts.join(' ');
}
