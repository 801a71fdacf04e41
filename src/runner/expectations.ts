import type { IndexedRelation } from '../cases/consistency.js';
import type { ScoreExpectation } from '../cases/schema.js';
import type { ScoreOutcome } from '../metrics/contract.js';
import type { ExpectationResult } from './results.js';

const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : Number(x.toPrecision(6)).toString());

/**
 * The result of a relation that holds: one frozen object per relation (relations are shared
 * by the cases that write them), not one per case × metric; results are read, never changed.
 */
const holding = new WeakMap<IndexedRelation, ExpectationResult>();
function held(r: IndexedRelation): ExpectationResult {
  let e = holding.get(r);
  if (!e) holding.set(r, (e = Object.freeze({ relation: r.text, holds: true })));
  return e;
}

/**
 * Checks one relation against the scores. `better` is the difference in the metric's
 * direction; with tolerance t exactly one of `a > b`, `a = b`, `b > a` holds:
 * `>` needs better > t, `=` needs |a - b| <= t, `>=` needs better >= -t.
 * Numeric bounds compare raw values, without tolerance; a failed bound that no value in the
 * metric's declared `range` could meet says so (a typo such as `>= 1.5` for a [0, 1] metric).
 */
export function checkRelation(r: IndexedRelation, scores: Record<string, number>, direction: 'higher' | 'lower', tolerance: number, range?: readonly [number, number]): ExpectationResult {
  if (r.type === 'bound') {
    const v = scores[r.label]!;
    const holds = bound(r.op, v, r.value);
    if (holds) return held(r);
    const never = range && !bound(r.op, range[0], r.value) && !bound(r.op, range[1], r.value) && !(r.op === '=' && r.value >= range[0] && r.value <= range[1]);
    return { relation: r.text, holds, detail: `${r.label} = ${fmt(v)}${never ? `; this bound can never hold: the metric's declared range is [${range[0]}, ${range[1]}]` : ''}` };
  }
  const a = scores[r.left]!;
  const b = scores[r.right]!;
  const better = direction === 'higher' ? a - b : b - a;
  const holds = r.op === '>' ? better > tolerance : r.op === '=' ? Math.abs(a - b) <= tolerance : better >= -tolerance;
  if (holds) return held(r);
  const dir = direction === 'lower' ? ', lower is better' : '';
  return { relation: r.text, holds, detail: `${r.left} = ${fmt(a)}, ${r.right} = ${fmt(b)} (tolerance ${tolerance}${dir})` };
}

const bound = (op: string, v: number, x: number): boolean => (op === '>' ? v > x : op === '>=' ? v >= x : op === '<' ? v < x : op === '<=' ? v <= x : v === x);

/** Checks a `score` case's expectation for one metric; returns the failed checks' messages. */
export function checkScore(expect: ScoreExpectation, outcome: ScoreOutcome): ExpectationResult[] {
  const out: ExpectationResult[] = [];
  if (expect.error !== undefined && expect.error !== false) {
    const got = 'error' in outcome ? outcome.error : undefined;
    const want = typeof expect.error === 'string' ? expect.error : undefined;
    const holds = got !== undefined && (want === undefined || got.includes(want));
    out.push({ relation: want ? `error contains "${want}"` : 'error', holds, ...(holds ? {} : { detail: got ? `error was: ${got}` : 'the metric returned a value' }) });
    return out;
  }
  if (!('value' in outcome)) return out;
  const tol = expect.tolerance ?? 1e-9;
  const v = outcome.value;
  if (expect.value !== undefined) out.push(result(`value = ${fmt(expect.value)} ± ${tol}`, Math.abs(v - expect.value) <= tol, `value = ${v}`));
  if (expect.min !== undefined) out.push(result(`value >= ${fmt(expect.min)}`, v >= expect.min, `value = ${v}`));
  if (expect.max !== undefined) out.push(result(`value <= ${fmt(expect.max)}`, v <= expect.max, `value = ${v}`));
  for (const [key, want] of Object.entries(expect.details ?? {})) {
    const mismatch = firstMismatch(want, outcome.details?.[key], tol, key);
    out.push(result(`details.${key} = ${JSON.stringify(want)}`, mismatch === undefined, mismatch ?? ''));
  }
  return out;
}

function result(relation: string, holds: boolean, detail: string): ExpectationResult {
  return holds ? { relation, holds } : { relation, holds, detail };
}

/** Partial deep match: every expected key must match; numbers within tolerance. */
function firstMismatch(want: unknown, got: unknown, tol: number, at: string): string | undefined {
  if (typeof want === 'number') {
    return typeof got === 'number' && Math.abs(got - want) <= tol ? undefined : `${at} = ${JSON.stringify(got)}`;
  }
  if (want && typeof want === 'object') {
    if (!got || typeof got !== 'object') return `${at} = ${JSON.stringify(got)}`;
    for (const [k, w] of Object.entries(want)) {
      const m = firstMismatch(w, (got as Record<string, unknown>)[k], tol, Array.isArray(want) ? `${at}[${k}]` : `${at}.${k}`);
      if (m) return m;
    }
    return undefined;
  }
  return want === got ? undefined : `${at} = ${JSON.stringify(got)}`;
}
