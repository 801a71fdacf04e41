/** Corpus figures of the development-set evaluation (see evaluate.ts). */
import type { ReportScore } from './score.js';

const rate = (n: number, d: number) => (d === 0 ? null : n / d);
export const pct = (x: number | null) => (x === null ? 'n/a' : `${(100 * x).toFixed(1)}%`);

/** Corpus figures from per-report scores. */
export function summarize(scores: readonly ReportScore[]) {
  const pairs = scores.flatMap((s) => s.pairs);
  const misses = scores.reduce((n, s) => n + s.misses.length, 0);
  const falses = scores.reduce((n, s) => n + s.falses.length, 0);
  const acc = (k: 'status' | 'side' | 'severity' | 'significance' | 'position') => {
    const compared = pairs.filter((p) => p[k] !== undefined);
    return { accuracy: rate(compared.filter((p) => p[k]).length, compared.length), compared: compared.length };
  };
  return {
    reports: scores.length,
    labelled: pairs.length + misses,
    matched: pairs.length,
    recall: rate(pairs.length, pairs.length + misses),
    precision: rate(pairs.length, pairs.length + falses),
    falseFindings: falses,
    repeats: scores.reduce((n, s) => n + s.repeats, 0),
    status: acc('status'),
    side: acc('side'),
    severity: acc('severity'),
    significance: acc('significance'),
    position: acc('position'),
  };
}
