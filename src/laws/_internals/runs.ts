/** How many runs a law gets for a metric, and its default seed. */

/** Options that size a law's run; the suite's law options and the CLI map onto these. */
export interface RunSizing {
  /** The law's (or suite's) numRuns before scaling. */
  numRuns: number;
  /** Metric cost (default 1): an LLM judge declares ~1000. */
  cost?: number;
  /** Scale numRuns down by cost (default true). */
  scaleByCost?: boolean;
  /** The fewest runs scaling leaves (default 10, never above numRuns). */
  minRuns?: number;
}

/**
 * numRuns scaled by cost: `numRuns / cost`, but never under `minRuns` (default 10) and never
 * above numRuns. Cost 1 (the CPU metrics) keeps numRuns; an LLM judge (cost 1000) gets minRuns.
 */
export function scaledNumRuns({ numRuns, cost = 1, scaleByCost = true, minRuns = 10 }: RunSizing): number {
  if (!scaleByCost || cost <= 1) return numRuns;
  return Math.max(Math.min(minRuns, numRuns), Math.min(numRuns, Math.floor(numRuns / cost)));
}

/**
 * The default seed of a law: a stable hash of its id, so a suite gives the same verdicts on
 * every run (a gate must not flip by chance); `--seed` or the suite's `seed` override it.
 */
export function defaultSeed(lawId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < lawId.length; i++) h = Math.imul(h ^ lawId.charCodeAt(i), 0x01000193);
  return (h >>> 0) & 0x7fffffff;
}
