/**
 * The CSEval paper's Table 2 from run manifests: per finding, the number of images scored,
 * the mean and the standard deviation of their scores (population sd, numpy's default ddof 0,
 * as the reporters' per-finding summary); then all images. Images whose generation or scoring
 * failed are counted apart (`errors`), never as 0. Two generators: a paired comparison per
 * finding over the (prompt, seed) pairs both scored, with the project's paired randomization
 * test (src/stats/randomization.ts: 10,000 trials, seed 0).
 */
import { numpyMean } from '../../../stats/numpy.js';
import { pairedRandomization } from '../../../stats/randomization.js';
import type { ManifestEntry } from './manifest.js';

export interface Table2Row {
  finding: string;
  images: number;
  mean: number | null;
  sd: number | null;
  errors: number;
}

export interface PairedRow {
  finding: string;
  /** (prompt, seed) pairs scored for both generators. */
  pairs: number;
  meanA: number | null;
  meanB: number | null;
  /** mean(A) - mean(B). */
  difference: number | null;
  p: number | null;
  trials: number;
}

export const OVERALL = 'overall';

const sdOf = (xs: number[], m: number): number => Math.sqrt(xs.reduce((a, v) => a + (v - m) ** 2, 0) / xs.length);

function groups<T extends { finding: string }>(items: T[]): [string, T[]][] {
  const findings = [...new Set(items.map((x) => x.finding))];
  return [...findings.map((f) => [f, items.filter((x) => x.finding === f)] as [string, T[]]), [OVERALL, items]];
}

/** Table 2 rows, findings in prompt-set order, then `overall`. */
export function table2(entries: readonly ManifestEntry[]): Table2Row[] {
  return groups([...entries]).map(([finding, es]) => {
    const xs = es.filter((e) => typeof e.score === 'number').map((e) => e.score!);
    const mean = xs.length ? numpyMean(xs) : null;
    return { finding, images: xs.length, mean, sd: mean === null ? null : sdOf(xs, mean), errors: es.length - xs.length };
  });
}

/** Paired comparison of two generators' runs, per finding and overall. */
export function pairedComparison(a: readonly ManifestEntry[], b: readonly ManifestEntry[], trials = 10_000): PairedRow[] {
  const byKey = new Map(b.filter((e) => typeof e.score === 'number').map((e) => [`${e.promptId}\u0000${e.seed}`, e]));
  const pairs = a.flatMap((e) => {
    const other = byKey.get(`${e.promptId}\u0000${e.seed}`);
    return typeof e.score === 'number' && other ? [{ finding: e.finding, a: e.score, b: other.score! }] : [];
  });
  return groups(pairs).map(([finding, ps]) => {
    if (ps.length === 0) return { finding, pairs: 0, meanA: null, meanB: null, difference: null, p: null, trials };
    const xa = ps.map((p) => p.a);
    const xb = ps.map((p) => p.b);
    const t = pairedRandomization(xa, xb, { trials, seed: 0 });
    return { finding, pairs: ps.length, meanA: numpyMean(xa), meanB: numpyMean(xb), difference: t.observed, p: t.p, trials };
  });
}
