import { z } from 'zod';
import type { Metric, ScoreOutcome, ScoreRequest } from '../contract.js';
import { defineMetric } from '../define.js';
import type { MetricProvider } from '../provider.js';
import { TextMemo } from './_internals/memo.js';
import { parseOptions } from './_internals/options.js';
import { sentenceBleu, type SmoothingMethod } from './sentence-bleu.js';
import { tokenizeReport } from './tokenize.js';

export { sentenceBleu, type SentenceBleuOptions, type SmoothingMethod } from './sentence-bleu.js';
export { tokenizeReport, type TokenizeOptions } from './tokenize.js';

/** Options of the `bleu` metric; unknown keys are an error. */
export const BleuOptionsSchema = z.strictObject({
  /** One weight per n-gram order (default BLEU-4). At most 100 orders, none negative. */
  weights: z
    .array(z.number().nonnegative())
    .min(1)
    .max(100)
    .refine((w) => w.some((x) => x > 0), 'at least one weight must be positive')
    .optional(),
  /**
   * nltk smoothing method (0 = none). Default 1 (add epsilon 0.1 to zero counts): unsmoothed
   * BLEU-4 replaces a zero precision by 2.2e-308, so any report under 4 tokens, even an exact
   * match, scores ~1e-77, and most short findings score near 0 whatever their overlap. Method 1
   * keeps such scores informative and is the usual choice in report-generation papers.
   */
  smoothing: z.number().int().min(0).max(7).default(1),
  /** nltk's auto_reweigh: only when `weights` is not given, for hypotheses under 4 tokens. */
  autoReweigh: z.boolean().default(false),
  /** Lowercase before tokenizing (default true). */
  lowercase: z.boolean().default(true),
});
export type BleuOptions = z.infer<typeof BleuOptionsSchema>;

/**
 * Upper bound of the score. Without smoothing and with methods 1-4 it is 1. Methods 5 and 7
 * average neighbouring precisions starting from `p_1 + 1`, so a smoothed precision can reach
 * 4/3 (nltk's scores in the parity vectors go up to 1.33; the 100-order cap on weights keeps
 * method 4's inputs to method 7 below 1); method 6 extrapolates p_n from p_{n-1}^2 / p_{n-2}
 * and has no fixed bound.
 */
function upperBound(o: BleuOptions): number {
  if (o.smoothing === 6) return Number.MAX_VALUE;
  if (o.smoothing === 5 || o.smoothing === 7) {
    const total = (o.weights ?? [1]).reduce((a, b) => a + b, 0);
    return (4 / 3) ** Math.max(1, total) * (1 + 1e-9);
  }
  return 1;
}

function scoreOne(r: ScoreRequest, o: BleuOptions, tokens: TextMemo<string[]>): ScoreOutcome {
  if (typeof r.reference !== 'string' || typeof r.candidate !== 'string') {
    return { error: 'bleu scores text reports; got a structured report' };
  }
  const reference = tokens.get(r.reference);
  const candidate = tokens.get(r.candidate);
  try {
    const value = sentenceBleu([reference], candidate, { ...(o.weights ? { weights: o.weights } : {}), smoothing: o.smoothing as SmoothingMethod, autoReweigh: o.autoReweigh });
    return { value, details: { tokens: { reference: reference.length, candidate: candidate.length } } };
  } catch (e) {
    return { error: `bleu: ${(e as Error).message}` };
  }
}

/** The `bleu` metric: nltk-exact sentence BLEU of the candidate against the one reference. */
export const bleuProvider: MetricProvider = {
  id: 'bleu',
  description: 'Sentence BLEU (nltk semantics) on lowercased word tokens; default BLEU-4 with smoothing method 1',
  create(options): Metric {
    const o = parseOptions('bleu', BleuOptionsSchema, options);
    if (o.smoothing === 6 && o.weights !== undefined && o.weights.length < 3) throw new Error('invalid bleu options: smoothing 6 needs at least 3 weights');
    const tokens = new TextMemo((text) => tokenizeReport(text, { lowercase: o.lowercase }));
    return defineMetric({
      id: 'bleu',
      version: '1',
      description: `BLEU-${o.weights?.length ?? 4}, smoothing ${o.smoothing}${o.autoReweigh ? ', auto-reweigh' : ''}`,
      direction: 'higher',
      range: [0, upperBound(o)],
      tieTolerance: 0,
      deterministic: true,
      inputs: ['text'],
      symmetric: false,
      cache: false,
      batchSize: 256,
      score: (requests) => requests.map((r) => scoreOne(r, o, tokens)),
    });
  },
};
