import type { MetricDeclaration, ScoreOutcome } from '../../contract.js';

/**
 * Checks a worker's outcomes for one batch: one per request, each `{ value, details? }` with a
 * finite value inside the declared range, or `{ error }`. A wrong count fails every request;
 * a bad value fails only its own. `suffix` (the stderr tail) is appended to every reason.
 */
export function checkOutcomes(decl: Pick<MetricDeclaration, 'id' | 'range'>, raw: unknown, count: number, suffix: (reason: string) => string): ScoreOutcome[] {
  if (!Array.isArray(raw)) return Array.from({ length: count }, () => ({ error: suffix(`${decl.id}: the worker's result has no outcomes array (got ${typeof raw})`) }));
  if (raw.length !== count) return Array.from({ length: count }, () => ({ error: suffix(`${decl.id}: the worker returned ${raw.length} outcome${raw.length === 1 ? '' : 's'} for ${count} request${count === 1 ? '' : 's'}`) }));
  return raw.map((o) => checkOne(decl, o, suffix));
}

function checkOne(decl: Pick<MetricDeclaration, 'id' | 'range'>, o: unknown, suffix: (reason: string) => string): ScoreOutcome {
  if (o && typeof o === 'object' && !Array.isArray(o)) {
    const { error, value, details } = o as { error?: unknown; value?: unknown; details?: unknown };
    if (typeof error === 'string') return { error: error || `${decl.id} reported an error without a message` };
    if (typeof value === 'number') {
      const [lo, hi] = decl.range;
      if (!Number.isFinite(value)) return { error: suffix(`${decl.id} returned a non-finite value (${value})`) };
      if (value < lo || value > hi) return { error: suffix(`${decl.id} returned ${value}, outside its declared range [${lo}, ${hi}]`) };
      return details && typeof details === 'object' && !Array.isArray(details) ? { value, details: details as Record<string, unknown> } : { value };
    }
  }
  return { error: suffix(`${decl.id} returned an invalid outcome: ${JSON.stringify(o)?.slice(0, 120)}`) };
}
