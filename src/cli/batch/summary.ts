/**
 * The corpus summary of a batch run: the mean over scored rows with a percentile bootstrap CI
 * (rows resampled; 1000 resamples, seed 0), and for the S-Score family the corpus S-Score as
 * `sScoreCorpus` computes it (means of s, p, pPos, pNeg, d over reports, nulls left out).
 */
import { bootstrapCI, type BootstrapInterval } from '../../stats/bootstrap.js';
import type { ScoredRow } from './output.js';

export interface CorpusSummary {
  metric: string;
  rows: number;
  scored: number;
  errors: number;
  mean: number | null;
  ci: BootstrapInterval | null;
  min: number | null;
  max: number | null;
  /** S-Score family: the corpus S-Score and its parts. */
  sScoreCorpus?: { s: number; p: number | null; pPos: number | null; pNeg: number | null; d: number | null; n: number };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export function summarize(metric: string, rows: ScoredRow[], o: { resamples?: number; seed?: number } = {}): CorpusSummary {
  const values = rows.flatMap((r) => (typeof r.value === 'number' ? [r.value] : []));
  const s: CorpusSummary = {
    metric,
    rows: rows.length,
    scored: values.length,
    errors: rows.length - values.length,
    mean: values.length ? mean(values) : null,
    ci: values.length > 1 ? bootstrapCI(values, mean, { resamples: o.resamples ?? 1000, seed: o.seed ?? 0 }) : null,
    min: values.length ? Math.min(...values) : null,
    max: values.length ? Math.max(...values) : null,
  };
  if (metric.startsWith('s-score') && values.length) {
    const scored = rows.filter((r) => typeof r.value === 'number');
    const part = (k: string): number | null => {
      const xs = scored.flatMap((r) => (typeof r.details?.[k] === 'number' ? [r.details[k]] : []));
      return xs.length ? mean(xs) : null;
    };
    s.sScoreCorpus = { s: mean(values), p: part('p'), pPos: part('pPos'), pNeg: part('pNeg'), d: part('d'), n: scored.length };
  }
  return s;
}

/** `inputProblems`: rows of the input that could not be read and were skipped (counted in the line). */
export function formatSummary(s: CorpusSummary, inputProblems = 0): string {
  const f = (x: number | null | undefined) => (x === null || x === undefined || Number.isNaN(x) ? '-' : x.toFixed(4));
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const skipped = inputProblems ? `, ${plural(inputProblems, 'input problem')} (rows skipped, see above)` : '';
  const lines = [`${s.metric}: ${s.scored} of ${plural(s.rows + inputProblems, 'row')} scored${s.errors ? `, ${plural(s.errors, 'error')}` : ''}${skipped}`];
  if (s.mean !== null) {
    lines.push(`  mean ${f(s.mean)}${s.ci ? ` (95% CI ${f(s.ci.low)} to ${f(s.ci.high)}, bootstrap over rows)` : ''}, min ${f(s.min)}, max ${f(s.max)}`);
  }
  if (s.sScoreCorpus) {
    const c = s.sScoreCorpus;
    lines.push(`  corpus S-Score ${f(c.s)} (P ${f(c.p)}, P_pos ${f(c.pPos)}, P_neg ${f(c.pNeg)}, D ${f(c.d)}, ${c.n} reports)`);
  }
  return `${lines.join('\n')}\n`;
}
