import { usageProblem, type Problem } from '../problem.js';
import { didYouMean } from './suggest.js';

/**
 * The documented capabilities (DESIGN §2, README "Case validation"): the clinical abilities
 * the built-in corpus tests, `image-alignment` (CSEval image cases), `input-format`
 * (structured-report input), and what `metric-suite import` writes (`preference`, `rating`,
 * RadJudge's `clinical-practicality`). A project adds its own under `capabilities:` in the config.
 */
export const CAPABILITIES = [
  'laterality', 'location', 'severity', 'measurement', 'certainty', 'negation', 'temporal', 'devices',
  'significance', 'context', 'normal-handling', 'paraphrase', 'false-finding', 'missing-finding',
  'image-alignment', 'input-format', 'preference', 'rating', 'clinical-practicality',
] as const;

/** The documented capabilities as a set (what a case may name without a config). */
export const DOCUMENTED_CAPABILITIES: ReadonlySet<string> = new Set(CAPABILITIES);

/** The capabilities a project's cases may name: the documented ones and those its config declares. */
export function knownCapabilities(declared: readonly string[] = []): ReadonlySet<string> {
  return declared.length === 0 ? DOCUMENTED_CAPABILITIES : new Set([...CAPABILITIES, ...declared]);
}

/**
 * Why a `capability` value is wrong, or undefined when it is documented or declared: a typo
 * would put the case in a matrix row of its own, so the loader reports it and drops the case
 * (for `run`, `list` and `validate` alike).
 */
export function capabilityProblem(value: unknown, known: ReadonlySet<string>): string | undefined {
  if (typeof value !== 'string' || known.has(value)) return undefined;
  const hint = didYouMean(value, known);
  return `unknown capability "${value}" (${hint || `one of ${[...known].join(', ')}`}; a new one is declared under \`capabilities:\` in the config)`;
}

/** `--capability` values no case can have, as usage problems with the near name. */
export function capabilityFilterProblems(filters: readonly string[] | undefined, known: ReadonlySet<string>): Problem[] {
  return (filters ?? []).filter((c) => !known.has(c)).map((c) => usageProblem(`--capability ${c}: no case can have this capability (${didYouMean(c, known) || `known: ${[...known].join(', ')}`})`));
}
