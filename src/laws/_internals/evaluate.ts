/**
 * Evaluates one law against one metric with fast-check, scoring through the runner's scheduler
 * (batching, dedupe, cache, timeouts, retries), so laws work for remote and slow metrics too.
 *
 * Two passes with the same seed (and path): fast-check generation is a pure function of them.
 * 1. Generate: a property that always holds records every sample fast-check draws.
 * 2. Score every probe of every sample in ONE `scoreRequests` call (plus one uncached call for the
 *    `repeat` probes of the `deterministic` law).
 * 3. Check: the real `fc.asyncProperty` over the same arbitrary; its samples are the recorded ones,
 *    so their scores are already known. Only when a sample fails does fast-check shrink it, and
 *    each shrink step scores its few new requests with one more scheduler call (cached too).
 * The result carries fast-check's seed and counterexample path: `--seed` and `--law-path` replay it.
 */
import fc from 'fast-check';
import { isErrorOutcome, type ScoreOutcome, type ScoreRequest } from '../../metrics/contract.js';
import type { RegisteredMetric } from '../../metrics/registry.js';
import { stableStringify } from '../../util/stable-json.js';
import type { Law, LawInstance, LawScorer, Probe, ProbeScores } from './types.js';

export interface EvaluateOptions {
  numRuns: number;
  seed: number;
  /** A counterexample path from an earlier failure: replays that sample (and its shrinks) only. */
  path?: string;
  /** Shrink a failing sample to the smallest one (default true). */
  shrink?: boolean;
  /** How requests are scored: the runner's scheduler (src/runner/law-scorer.ts). */
  score: LawScorer;
}

/** What a failing law shows: the shrunk texts, the clinical edit, every probe's score. */
export interface LawCounterexample {
  reference: string;
  candidates: Record<string, string>;
  edit?: LawInstance['edit'];
  scores: Record<string, number>;
  errors?: Record<string, string>;
  /** Probes whose reference is not `reference` (e.g. the swapped pair of `symmetric`). */
  probes?: Probe[];
}

export interface LawEvaluation {
  verdict: 'pass' | 'fail' | 'error';
  numRuns: number;
  seed: number;
  path?: string;
  shrinks?: number;
  counterexample?: LawCounterexample;
  reason?: string;
  /** Requests sent to the scheduler (before dedupe and cache). */
  requests: number;
}

const keyOf = (p: Probe): string => `${p.repeat ? 'R' : 'F'}${stableStringify({ reference: p.reference, candidate: p.candidate })}`;
const requestOf = (p: Probe): ScoreRequest => ({ reference: p.reference, candidate: p.candidate });

/** Scores probes through the scheduler, remembering every outcome for the checking pass. */
class ProbeScorer {
  readonly memo = new Map<string, ScoreOutcome>();
  requests = 0;
  constructor(private readonly reg: RegisteredMetric, private readonly options: EvaluateOptions) {}

  async score(probes: Probe[]): Promise<void> {
    const todo = new Map<string, Probe>();
    for (const p of probes) if (!this.memo.has(keyOf(p))) todo.set(keyOf(p), p);
    const fresh = [...todo.values()].filter((p) => !p.repeat);
    const repeats = [...todo.values()].filter((p) => p.repeat);
    if (fresh.length > 0) {
      this.requests += fresh.length;
      const outcomes = await this.options.score(this.reg, fresh.map(requestOf), true);
      fresh.forEach((p, i) => this.memo.set(keyOf(p), outcomes[i]!));
    }
    if (repeats.length > 0) {
      // A second, separate call without the cache: the metric computes these scores again.
      this.requests += repeats.length;
      const outcomes = await this.options.score(this.reg, repeats.map(requestOf), false);
      repeats.forEach((p, i) => this.memo.set(keyOf(p), outcomes[i]!));
    }
  }

  async of(instance: LawInstance): Promise<ProbeScores> {
    await this.score(instance.probes);
    const out: ProbeScores = { scores: {}, errors: {} };
    for (const p of instance.probes) {
      const o = this.memo.get(keyOf(p))!;
      if (isErrorOutcome(o)) out.errors[p.label] = o.error;
      else out.scores[p.label] = o.value;
    }
    return out;
  }
}

function counterexampleOf(x: LawInstance, s: ProbeScores): LawCounterexample {
  const odd = x.probes.filter((p) => p.reference !== x.reference);
  return {
    reference: x.reference,
    candidates: x.candidates,
    ...(x.edit ? { edit: x.edit } : {}),
    scores: s.scores,
    ...(Object.keys(s.errors).length ? { errors: s.errors } : {}),
    ...(odd.length ? { probes: x.probes } : {}),
  };
}

const firstError = (s: ProbeScores): string | undefined => {
  const [label, error] = Object.entries(s.errors)[0] ?? [];
  return label === undefined ? undefined : `${label}: ${error}`;
};

/** Runs `law` against `reg`; never throws (a generator or metric crash is an `error` verdict). */
export async function evaluateLaw(law: Law, reg: RegisteredMetric, options: EvaluateOptions): Promise<LawEvaluation> {
  const { numRuns, seed } = options;
  const params = { numRuns, seed, ...(options.path ? { path: options.path } : {}) };
  const scorer = new ProbeScorer(reg, options);
  try {
    const arb = law.arbitrary();
    // 1. Generate (the same samples the checking pass will draw).
    const drawn: LawInstance[] = [];
    fc.check(fc.property(arb, (x) => { drawn.push(x); return true; }), params);
    // 2. Score them all in one scheduler call.
    await scorer.score(drawn.flatMap((x) => x.probes));
    // 3. Check, shrinking failures (each shrink step scores its new probes).
    let errored: { x: LawInstance; s: ProbeScores } | undefined;
    let failing: { reason: string } | undefined;
    const property = fc.asyncProperty(arb, async (x) => {
      const s = await scorer.of(x);
      if (!law.errorsAreFailures && Object.keys(s.errors).length > 0) {
        errored ??= { x, s };
        return true; // an error is not a law violation; shrinking never lands on one
      }
      const reason = law.check(x, s, reg.metric);
      if (reason !== undefined) failing = { reason };
      return reason === undefined;
    });
    const details = await fc.check(property, { ...params, endOnFailure: options.shrink === false });
    const base = { numRuns, seed: details.seed, requests: scorer.requests };
    if (details.failed && details.counterexample) {
      const [x] = details.counterexample;
      const s = await scorer.of(x);
      const reason = law.check(x, s, reg.metric) ?? failing?.reason ?? 'the property failed';
      return { ...base, verdict: 'fail', path: details.counterexamplePath ?? undefined, shrinks: details.numShrinks, counterexample: counterexampleOf(x, s), reason } as LawEvaluation;
    }
    if (details.failed) return { ...base, verdict: 'error', reason: `fast-check: ${String(details.errorInstance)}` };
    if (errored) return { ...base, verdict: 'error', counterexample: counterexampleOf(errored.x, errored.s), reason: `the metric returned an error: ${firstError(errored.s)}` };
    return { ...base, verdict: 'pass' };
  } catch (e) {
    return { verdict: 'error', numRuns, seed, requests: scorer.requests, reason: `law ${law.id} crashed: ${(e as Error).message}` };
  }
}
