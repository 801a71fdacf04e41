/**
 * The checks behind `metric-suite/vitest`'s matchers, as plain functions: each scores through
 * the runner's scheduler (batching, timeouts, retries; no disk cache) and returns vitest's
 * `{ pass, message }` with the scores side by side (or the law's shrunk counterexample).
 */
import { isErrorOutcome, type Metric, type Report, type ScoreRequest, type Context } from '../metrics/contract.js';
import { defineMetric } from '../metrics/define.js';
import type { RegisteredMetric } from '../metrics/registry.js';
import { defaultSeed, evaluateLaw, getLaw, lawIds } from '../laws/index.js';
import { scoreRequests } from '../runner/scheduler.js';
import { schedulerScorer } from '../runner/law-scorer.js';
import { didYouMean } from '../cases/lint/suggest.js';
import { metricById } from './resolve.js';

const scorer = schedulerScorer();

/**
 * What the matchers take: a metric object (the contract), one the registry made, or a metric id
 * (built in, or from the project's config: see ./resolve.ts).
 */
export type MetricLike = Metric | RegisteredMetric | string;

export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

export interface RankOptions {
  /** Scores closer than this are a tie, so not ranked (default: the metric's tieTolerance). */
  tolerance?: number;
  /** Patient context passed with every request. */
  context?: Context;
}

export interface LawOptions {
  /** fast-check runs (default: the law's own). */
  numRuns?: number;
  /** fast-check seed (default: the law's stable default seed, as in suites). */
  seed?: number;
  /** Replay a counterexample path a failure printed. */
  path?: string;
}

const isRegistered = (m: MetricLike): m is RegisteredMetric => typeof (m as RegisteredMetric).metric === 'object' && typeof (m as RegisteredMetric).configHash === 'string';

/** A metric object or id as a RegisteredMetric (an id through the project's registry). */
export async function resolveMetric(m: MetricLike): Promise<RegisteredMetric> {
  return typeof m === 'string' ? metricById(m) : registeredOf(m);
}

/** A RegisteredMetric with the registry's defaults (and no disk cache). */
export function registeredOf(m: Exclude<MetricLike, string>): RegisteredMetric {
  if (m === null || typeof m !== 'object') throw new TypeError(`expected a metric object or id, got ${m === null ? 'null' : typeof m}`);
  if (isRegistered(m)) return m;
  const metric = defineMetric(m);
  return {
    id: metric.id, metric, configHash: 'vitest',
    batchSize: metric.batchSize ?? 64, concurrency: metric.concurrency ?? 4,
    timeoutMs: metric.timeoutMs ?? 60_000, retries: metric.retries ?? 0, cache: false,
  };
}

const show = (r: Report): string => {
  const s = typeof r === 'string' ? r : JSON.stringify(r);
  return JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);
};
const num = (x: number): string => (Number.isInteger(x) ? String(x) : Number(x.toPrecision(6)).toString());

/** Scores candidates against one reference; an error outcome throws with the metric's reason. */
async function scores(reg: RegisteredMetric, reference: Report, candidates: Report[], context?: Context): Promise<number[]> {
  const requests: ScoreRequest[] = candidates.map((candidate) => ({ reference, candidate, ...(context ? { context } : {}) }));
  const { outcomes } = await scoreRequests(reg, requests);
  return outcomes.map((o, i) => {
    if (isErrorOutcome(o)) throw new Error(`metric "${reg.id}" returned an error for candidate #${i + 1} ${show(candidates[i]!)}: ${o.error}`);
    return o.value;
  });
}

/** `candidates` are ordered best first: each must score better than the next by more than the tolerance. */
export async function checkRank(metric: MetricLike, reference: Report, candidates: Report[], options: RankOptions = {}, isNot = false): Promise<MatcherResult> {
  const reg = await resolveMetric(metric);
  if (!Array.isArray(candidates) || candidates.length < 2) throw new TypeError('toRank needs at least two candidates, best first');
  const tolerance = options.tolerance ?? reg.metric.tieTolerance;
  const values = await scores(reg, reference, candidates, options.context);
  const higher = reg.metric.direction === 'higher';
  const ok = values.slice(1).map((v, i) => (higher ? values[i]! - v : v - values[i]!) > tolerance);
  const pass = ok.every(Boolean);
  const width = Math.max(...values.map((v) => num(v).length));
  const rows = values.map((v, i) => {
    const mark = i === 0 ? '' : ok[i - 1] ? '' : `   ✗ not ${higher ? 'below' : 'above'} #${i} by more than ${num(tolerance)}`;
    return `  #${i + 1}  ${num(v).padStart(width)}  ${show(candidates[i]!)}${mark}`;
  });
  const head = `expected metric "${reg.id}" ${isNot ? 'not ' : ''}to rank the candidates best first (${higher ? 'higher' : 'lower'} is better, tolerance ${num(tolerance)})`;
  return { pass, message: () => [head, `reference: ${show(reference)}`, ...rows].join('\n') };
}

/** The candidate's score lies in [min, max]. */
export async function checkScoreBetween(metric: MetricLike, reference: Report, candidate: Report, min: number, max: number, isNot = false): Promise<MatcherResult> {
  const reg = await resolveMetric(metric);
  if (!(min <= max)) throw new TypeError(`toScoreBetween needs min <= max, got ${min} and ${max}`);
  const [value] = await scores(reg, reference, [candidate]);
  const pass = value! >= min && value! <= max;
  return {
    pass,
    message: () => [
      `expected metric "${reg.id}" ${isNot ? 'not ' : ''}to score between ${num(min)} and ${num(max)}, got ${num(value!)}`,
      `reference: ${show(reference)}`,
      `candidate: ${show(candidate)}`,
    ].join('\n'),
  };
}

/** The law holds for the metric (fast-check, shrinking a failure); a law that does not apply, or errors, throws. */
export async function checkLaw(metric: MetricLike, lawId: string, options: LawOptions = {}, isNot = false): Promise<MatcherResult> {
  const reg = await resolveMetric(metric);
  const law = getLaw(lawId);
  if (!law) throw new Error(`unknown law "${lawId}" (${didYouMean(lawId, lawIds()) || `laws: ${lawIds().join(', ')}`})`);
  const notApplicable = law.appliesTo(reg.metric);
  if (notApplicable) throw new Error(`law ${law.id} does not apply to metric "${reg.id}": ${notApplicable}`);
  const seed = options.seed ?? defaultSeed(law.id);
  const numRuns = options.numRuns ?? law.defaultNumRuns;
  const r = await evaluateLaw(law, reg, { score: scorer, numRuns, seed, ...(options.path ? { path: options.path } : {}) });
  if (r.verdict === 'error') throw new Error(`law ${law.id} could not be checked against metric "${reg.id}": ${r.reason ?? 'error'}${r.counterexample ? `\n${counterexampleLines(r.counterexample).join('\n')}` : ''}`);
  const pass = r.verdict === 'pass';
  return {
    pass,
    message: () => {
      const head = `expected metric "${reg.id}" ${isNot ? 'not ' : ''}to satisfy law ${law.id}: ${law.description}`;
      if (pass) return `${head}\nit held for ${r.numRuns} runs (seed ${r.seed})`;
      return [
        head,
        `it failed: ${r.reason ?? 'the property failed'}`,
        `shrunk counterexample (seed ${r.seed}${r.path ? `, path "${r.path}"` : ''}${r.shrinks !== undefined ? `, ${r.shrinks} shrinks` : ''}):`,
        ...(r.counterexample ? counterexampleLines(r.counterexample) : []),
        `replay: toSatisfyLaw(${JSON.stringify(law.id)}, { seed: ${r.seed}${r.path ? `, path: ${JSON.stringify(r.path)}` : ''} })`,
      ].join('\n');
    },
  };
}

function counterexampleLines(x: NonNullable<Awaited<ReturnType<typeof evaluateLaw>>['counterexample']>): string[] {
  const out = [`  reference: ${show(x.reference)}`];
  const labels = [...new Set([...Object.keys(x.candidates), ...Object.keys(x.scores), ...Object.keys(x.errors ?? {})])];
  const width = Math.max(...labels.map((l) => l.length));
  for (const label of labels) {
    const value = x.scores[label] !== undefined ? num(x.scores[label]!) : x.errors?.[label] !== undefined ? `error: ${x.errors[label]}` : '';
    const text = x.candidates[label];
    out.push(`  ${label.padEnd(width)}  ${value.padStart(9)}${text !== undefined ? `  ${show(text)}` : ''}`);
  }
  if (x.edit) out.push(`  edit: ${JSON.stringify(x.edit)}`);
  return out;
}
