import type { ScoreOutcome } from '../metrics/contract.js';
import type { CaseResult } from './results.js';

const fmt = (x: number): string => Number(x.toPrecision(6)).toString();

/**
 * A non-deterministic metric scored more than once (`repeats` in its config): when a
 * candidate's scores differ by more than the metric's tie tolerance, the verdict is
 * `inconclusive` (DESIGN §5) whatever the first scores said; a repeat that errors is an error.
 */
export function applyRepeats(
  result: CaseResult,
  labelled: { label: string; outcome: ScoreOutcome; again: ScoreOutcome[] }[],
  tolerance: number,
): CaseResult {
  if (result.verdict === 'skip' || result.verdict === 'error') return result;
  const spread: string[] = [];
  for (const { label, outcome, again } of labelled) {
    const all = [outcome, ...again];
    const failed = all.findIndex((o) => 'error' in o);
    if (failed >= 0) return { ...result, verdict: 'error', reason: `repeat ${failed + 1} of ${label}: ${(all[failed] as { error: string }).error}` };
    const values = all.map((o) => (o as { value: number }).value);
    if (Math.max(...values) - Math.min(...values) > tolerance) spread.push(`${label}: ${values.map(fmt).join(', ')}`);
  }
  if (spread.length === 0) return result;
  return { ...result, verdict: 'inconclusive', reason: `repeats disagree beyond the tie tolerance ${tolerance}: ${spread.join('; ')}` };
}
