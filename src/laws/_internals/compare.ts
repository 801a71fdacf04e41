/** Comparisons that follow the metric's declaration: direction and tie tolerance. */
import type { LawMetric } from './types.js';

/** `a - b` oriented so that positive means a is better. */
export function advantage(a: number, b: number, m: Pick<LawMetric, 'direction'>): number {
  return m.direction === 'lower' ? b - a : a - b;
}

/** a is better than b by more than the tie tolerance. */
export function strictlyBetter(a: number, b: number, m: Pick<LawMetric, 'direction' | 'tieTolerance'>): boolean {
  return advantage(a, b, m) > m.tieTolerance;
}

/** a and b are equal within the tie tolerance. */
export function tied(a: number, b: number, m: Pick<LawMetric, 'tieTolerance'>): boolean {
  return Math.abs(a - b) <= m.tieTolerance;
}

/** Scores as reports print them. */
export function fmt(x: number): string {
  return Number.isFinite(x) ? String(Number(x.toFixed(6))) : String(x);
}

/** `(tolerance 0, higher is better)`. */
export function rules(m: Pick<LawMetric, 'direction' | 'tieTolerance'>): string {
  return `(tolerance ${m.tieTolerance}, ${m.direction} is better)`;
}

/**
 * The verdict of "`better` must beat `worse`": undefined when it does, else the sentence
 * `negated 0.5 is not worse than unedited 0.5 (tolerance 0, higher is better)`.
 */
export function mustBeat(scores: Record<string, number>, better: string, worse: string, m: LawMetric): string | undefined {
  const a = scores[better]!;
  const b = scores[worse]!;
  return strictlyBetter(a, b, m) ? undefined : `${worse} ${fmt(b)} is not worse than ${better} ${fmt(a)} ${rules(m)}`;
}

/** The verdict of "`a` and `b` must tie". */
export function mustTie(scores: Record<string, number>, a: string, b: string, m: LawMetric): string | undefined {
  const x = scores[a]!;
  const y = scores[b]!;
  return tied(x, y, m) ? undefined : `${b} ${fmt(y)} differs from ${a} ${fmt(x)} by ${fmt(Math.abs(x - y))} ${rules(m)}`;
}

/** A law that needs text input: skipped for metrics that take none. */
export function textOnly(m: LawMetric): string | undefined {
  return m.inputs.includes('text') ? undefined : `${m.id} takes no text input (inputs: ${m.inputs.join(', ')})`;
}
