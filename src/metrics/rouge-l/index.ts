import { z } from 'zod';
import type { Metric, ScoreOutcome, ScoreRequest } from '../contract.js';
import { defineMetric } from '../define.js';
import type { MetricProvider } from '../provider.js';
import { TextMemo } from '../bleu/_internals/memo.js';
import { parseOptions } from '../bleu/_internals/options.js';
import { tokenizeReport } from '../bleu/tokenize.js';
import { rougeL } from './rouge-l.js';

export { lcsLength, rougeL, type RougeLScore } from './rouge-l.js';

/** Options of the `rouge-l` metric; unknown keys are an error. */
export const RougeLOptionsSchema = z.strictObject({
  /** Recall weight of the F-measure (default 1: F1, as `rouge-score` reports). */
  beta: z.number().positive().default(1),
  /** Lowercase before tokenizing (default true). */
  lowercase: z.boolean().default(true),
});
export type RougeLOptions = z.infer<typeof RougeLOptionsSchema>;

const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * Tokens for ROUGE-L: {@link tokenizeReport}'s tokens without the punctuation and symbol
 * tokens, as Google's `rouge-score` drops everything that is not alphanumeric. Unlike
 * `rouge-score` (ASCII `[a-z0-9]` only, no stemming by default) it keeps non-ASCII letters and
 * keeps `left-sided` and `2.5` whole rather than splitting them at the hyphen or period.
 */
export function rougeTokens(text: string, lowercase = true): string[] {
  return tokenizeReport(text, { lowercase }).filter((t) => HAS_WORD_CHAR.test(t));
}

function scoreOne(r: ScoreRequest, o: RougeLOptions, tokens: TextMemo<string[]>): ScoreOutcome {
  if (typeof r.reference !== 'string' || typeof r.candidate !== 'string') {
    return { error: 'rouge-l scores text reports; got a structured report' };
  }
  const { precision, recall, f } = rougeL(tokens.get(r.reference), tokens.get(r.candidate), o.beta);
  return { value: f, details: { precision, recall } };
}

/** The `rouge-l` metric: ROUGE-L F-measure of the candidate against the reference. */
export const rougeLProvider: MetricProvider = {
  id: 'rouge-l',
  description: 'ROUGE-L F-measure (longest common subsequence) on lowercased word tokens',
  create(options): Metric {
    const o = parseOptions('rouge-l', RougeLOptionsSchema, options);
    const tokens = new TextMemo((text) => rougeTokens(text, o.lowercase));
    return defineMetric({
      id: 'rouge-l',
      version: '1',
      description: o.beta === 1 ? 'ROUGE-L F1' : `ROUGE-L F-measure, beta ${o.beta}`,
      direction: 'higher',
      range: [0, 1],
      tieTolerance: 0,
      deterministic: true,
      inputs: ['text'],
      // F1 is symmetric in (reference, candidate); any other beta weighs recall differently.
      symmetric: o.beta === 1,
      cache: false,
      batchSize: 256,
      score: (requests) => requests.map((r) => scoreOne(r, o, tokens)),
    });
  },
};
