/**
 * Small inline metrics for the law tests: `clinical` satisfies every law (a significance-weighted
 * Jaccard over the stated findings the extractor reads), and each `violates.*` breaks one law.
 */
import { expect } from 'vitest';
import { extractFindings } from '../../src/clinical/extract/index.js';
import { significanceOf } from '../../src/clinical/significance.js';
import type { Finding } from '../../src/clinical/model.js';
import type { Metric, Report } from '../../src/metrics/contract.js';
import { evaluateLaw, getLaw, type LawEvaluation } from '../../src/laws/index.js';
import { registered } from '../runner/_helpers.js';
import { schedulerScorer } from '../../src/runner/law-scorer.js';

const scorer = schedulerScorer();

const WEIGHT = { urgent: 8, actionable_not_urgent: 4, not_actionable_not_urgent: 2, benign_expected: 1 } as const;
type Key = (f: Finding) => string;
const full: Key = (f) => `${f.name}|${f.status}|${f.laterality ?? ''}|${f.severity ?? ''}`;

/** Weighted Jaccard over finding keys; `absent` decides whether negatives count. */
function jaccard(reference: Report, candidate: Report, key: Key = full, opts: { absent?: boolean; weighted?: boolean } = {}): number {
  const bag = (t: Report) => {
    const m = new Map<string, number>();
    for (const f of extractFindings(String(t))) {
      if (f.status === 'absent' && !opts.absent) continue;
      m.set(key(f), opts.weighted === false ? 1 : WEIGHT[significanceOf(f.name).significance]);
    }
    return m;
  };
  const r = bag(reference);
  const c = bag(candidate);
  let inter = 0;
  let union = 0;
  for (const k of new Set([...r.keys(), ...c.keys()])) {
    const w = r.get(k) ?? c.get(k)!;
    union += w;
    if (r.has(k) && c.has(k)) inter += w;
  }
  return union === 0 ? 1 : inter / union;
}

type Score = (reference: Report, candidate: Report) => number;

/** A text metric from a pairwise score function. */
export function textMetric(id: string, score: Score, fields: Partial<Metric> = {}): Metric {
  return {
    id, version: '1', description: id, direction: 'higher', range: [0, 1], tieTolerance: 1e-9, deterministic: true, inputs: ['text'],
    score: (requests) => requests.map((q) => ({ value: score(q.reference, q.candidate) })),
    ...fields,
  };
}

/** Satisfies every law (declared symmetric: weighted Jaccard is). */
export const clinical = textMetric('clinical', (r, c) => jaccard(r, c), { symmetric: true });

const words = (t: Report, lower = true) => (lower ? String(t).toLowerCase() : String(t)).split(/[\s.,;:]+/).filter(Boolean);
const setJaccard = (a: string[], b: string[]) => {
  const A = new Set(a);
  const B = new Set(b);
  const inter = [...A].filter((x) => B.has(x)).length;
  const union = new Set([...A, ...B]).size;
  return union === 0 ? 1 : inter / union;
};

/** One broken metric per law. */
export const violates: Record<string, Metric> = {
  // returns 2 on a [0, 1] range: the runner turns it into an error outcome
  bounded: textMetric('out-of-range', (r, c) => (String(c).length % 2 === 0 ? 2 : jaccard(r, c))),
  deterministic: textMetric('noisy', (r, c) => jaccard(r, c) * (0.5 + Math.random() / 2)),
  'identity-max': textMetric('inverted', (r, c) => 1 - jaccard(r, c)),
  // precision only, but declared symmetric
  symmetric: textMetric('precision', (r, c) => {
    const ref = new Set(words(r));
    const cand = words(c);
    return cand.length === 0 ? 1 : cand.filter((w) => ref.has(w)).length / cand.length;
  }, { symmetric: true }),
  // case-sensitive tokens split on single spaces only
  'whitespace-invariant': textMetric('raw-tokens', (r, c) => setJaccard(String(r).split(' '), String(c).split(' '))),
  // rewards the candidate's first sentence matching the reference's
  'sentence-order-invariant': textMetric('first-sentence', (r, c) => jaccard(r, c) * (String(c).split('.')[0] === String(r).split('.')[0] ? 1 : 0.5)),
  'synonym-invariant': textMetric('lexical', (r, c) => setJaccard(words(r), words(c))),
  // recall only: an added finding costs nothing
  'false-finding-penalized': textMetric('recall', (r, c) => {
    const ref = extractFindings(String(r)).filter((f) => f.status !== 'absent').map(full);
    const cand = new Set(extractFindings(String(c)).map(full));
    return ref.length === 0 ? 1 : ref.filter((k) => cand.has(k)).length / ref.length;
  }),
  // precision only: an omission costs nothing
  'missing-finding-penalized': textMetric('precision-findings', (r, c) => {
    const cand = extractFindings(String(c)).filter((f) => f.status !== 'absent').map(full);
    const ref = new Set(extractFindings(String(r)).map(full));
    return cand.length === 0 ? 1 : cand.filter((k) => ref.has(k)).length / cand.length;
  }),
  // finding names only, negatives included: "no effusion" matches "effusion"
  'negation-sensitive': textMetric('names-only', (r, c) => jaccard(r, c, (f) => f.name, { absent: true })),
  'laterality-sensitive': textMetric('no-side', (r, c) => jaccard(r, c, (f) => `${f.name}|${f.status}|${f.severity ?? ''}`)),
  'severity-sensitive': textMetric('no-severity', (r, c) => jaccard(r, c, (f) => `${f.name}|${f.status}|${f.laterality ?? ''}`)),
  'significance-ordered': textMetric('unweighted', (r, c) => jaccard(r, c, full, { weighted: false })),
  // counts pertinent negatives: "no pneumothorax" and "no acute process" differ
  'normal-equivalence': textMetric('with-negatives', (r, c) => jaccard(r, c, full, { absent: true })),
};

/** Evaluates a law against an inline metric (no cache). */
export async function check(lawId: string, metric: Metric, numRuns = 60, seed = 7): Promise<LawEvaluation> {
  const law = getLaw(lawId)!;
  expect(law.appliesTo(metric)).toBeUndefined();
  return evaluateLaw(law, registered(metric), { score: scorer, numRuns, seed });
}
