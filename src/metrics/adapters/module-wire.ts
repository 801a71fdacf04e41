import type { ScoreOutcome, ScoreRequest } from '../contract.js';

/**
 * Compact forms for the host <-> worker messages of the common case: a batch of plain text
 * pairs travels as one array of strings, and a batch of bare values as one Float64Array.
 * Structured clone of a thousand small objects cost a tenth of a 50,000-case run; flat
 * arrays cost a fraction of it. Anything else travels as it is.
 */
export type WireRequests = { texts: string[] } | { requests: unknown[] };
export type WireOutcomes = { values: Float64Array } | { outcomes: ScoreOutcome[] };

/** `{ texts: [reference0, candidate0, reference1, ...] }` when every request is exactly `{ reference, candidate }` strings. */
export function packRequests(requests: ScoreRequest[]): WireRequests {
  const texts = new Array<string>(requests.length * 2);
  for (let i = 0; i < requests.length; i++) {
    const r = requests[i]!;
    if (typeof r.reference !== 'string' || typeof r.candidate !== 'string' || !onlyPair(r)) return { requests };
    texts[2 * i] = r.reference;
    texts[2 * i + 1] = r.candidate;
  }
  return { texts };
}

function onlyPair(r: ScoreRequest): boolean {
  let n = 0;
  for (const _ in r) n++;
  return n === 2;
}

export function unpackRequests(w: WireRequests): unknown[] {
  if ('requests' in w) return w.requests;
  const out = new Array<ScoreRequest>(w.texts.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = { reference: w.texts[2 * i]!, candidate: w.texts[2 * i + 1]! };
  return out;
}

/** `{ values }` when every outcome is exactly `{ value: number }`; else the outcomes as they are (errors, details, bad values the runner reports). */
export function packOutcomes(outcomes: unknown): WireOutcomes {
  if (!Array.isArray(outcomes)) return { outcomes: outcomes as ScoreOutcome[] };
  const values = new Float64Array(outcomes.length);
  for (let i = 0; i < outcomes.length; i++) {
    const o = outcomes[i] as { value?: unknown } | null;
    if (!o || typeof o !== 'object' || Object.getPrototypeOf(o) !== Object.prototype || typeof o.value !== 'number' || !onlyValue(o)) return { outcomes: outcomes as ScoreOutcome[] };
    values[i] = o.value;
  }
  return { values };
}

function onlyValue(o: object): boolean {
  let n = 0;
  for (const _ in o) n++;
  return n === 1;
}

export function unpackOutcomes(w: WireOutcomes): ScoreOutcome[] {
  if ('outcomes' in w) return w.outcomes;
  const out = new Array<ScoreOutcome>(w.values.length);
  for (let i = 0; i < out.length; i++) out[i] = { value: w.values[i]! };
  return out;
}
