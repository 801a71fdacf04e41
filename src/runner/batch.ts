import { setTimeout as sleep } from 'node:timers/promises';
import type { ScoreOutcome, ScoreRequest } from '../metrics/contract.js';
import type { RegisteredMetric } from '../metrics/registry.js';

/**
 * One `score` call with the metric's timeout and retries. A throw, a timeout or a reply of
 * the wrong length fails the whole batch (every request gets the reason); a bad value
 * fails only its own request.
 */
export async function runBatch(reg: RegisteredMetric, requests: ScoreRequest[]): Promise<ScoreOutcome[]> {
  let lastError = '';
  for (let attempt = 0; attempt <= reg.retries; attempt++) {
    if (attempt > 0) await sleep(Math.min(100 * 2 ** (attempt - 1), 5_000));
    try {
      const raw = await withTimeout(reg, requests);
      if (!Array.isArray(raw) || raw.length !== requests.length) {
        lastError = `${reg.id} returned ${Array.isArray(raw) ? raw.length : typeof raw} outcomes for ${requests.length} requests`;
        continue;
      }
      return raw.map((o) => checkOutcome(reg, o));
    } catch (e) {
      lastError = (e as Error)?.message ?? String(e);
    }
  }
  const tries = reg.retries > 0 ? ` (after ${reg.retries + 1} attempts)` : '';
  return requests.map(() => ({ error: `${lastError}${tries}` }));
}

async function withTimeout(reg: RegisteredMetric, requests: ScoreRequest[]): Promise<unknown> {
  const controller = new AbortController();
  const timedOut = new Error(`${reg.id} timed out after ${reg.timeoutMs} ms`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(timedOut);
    }, reg.timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(() => reg.metric.score(requests, { signal: controller.signal })), timeout]);
  } catch (e) {
    if (e === timedOut) throw e;
    // Wrap rather than relabel: a DOMException's message is read-only, and a thrown string has none.
    throw new Error(`${reg.id} threw: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  } finally {
    clearTimeout(timer);
  }
}

/** A value must be a finite number inside the declared range; anything else is an error. */
export function checkOutcome(reg: RegisteredMetric, o: unknown): ScoreOutcome {
  if (o && typeof o === 'object') {
    const { error, value, details } = o as { error?: unknown; value?: unknown; details?: unknown };
    if (typeof error === 'string') return { error: error || `${reg.id} reported an error without a message` };
    if (typeof value === 'number') {
      const [lo, hi] = reg.metric.range;
      if (!Number.isFinite(value)) return { error: `${reg.id} returned a non-finite value (${value})` };
      if (value < lo || value > hi) return { error: `${reg.id} returned ${value}, outside its declared range [${lo}, ${hi}]` };
      return details && typeof details === 'object' ? { value, details: details as Record<string, unknown> } : { value };
    }
  }
  return { error: `${reg.id} returned an invalid outcome: ${JSON.stringify(o)?.slice(0, 120)}` };
}
