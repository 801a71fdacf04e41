import type { Reporter } from '../hooks.js';
import { usageProblem, type Problem } from '../results.js';

/** Calls one hook on every reporter, in order. */
export type Emit = <K extends keyof Reporter>(hook: K, arg: Parameters<NonNullable<Reporter[K]>>[0]) => Promise<void>;

/** A reporter that throws is turned off with a problem: the run and the other reporters go on. */
export function emitter(list: Reporter[], problems: Problem[]): Emit {
  const reporters = [...list];
  return async (hook, arg) => {
    for (const r of [...reporters]) {
      try {
        await (r[hook] as ((a: typeof arg) => unknown) | undefined)?.call(r, arg);
      } catch (e) {
        reporters.splice(reporters.indexOf(r), 1);
        problems.push(usageProblem(`a reporter failed in ${hook} and was turned off: ${(e as Error)?.message ?? String(e)}`));
      }
    }
  };
}
