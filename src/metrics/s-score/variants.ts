import { z } from 'zod';
import type { InputKind, Metric, Report, ScoreOutcome } from '../contract.js';
import { defineMetric } from '../define.js';
import type { MetricProvider } from '../provider.js';
import { rangeOf, resolveReadings, SScoreOptionsSchema, type Preset, type Readings } from './options.js';
import type { StructuredReport } from './report.js';
import { readReport, scoreStructured, SScoreParseError } from './score.js';
import { structureReport } from './structure.js';

/**
 * The S-Score metrics (DESIGN §4): `s-score` (paper-literal readings), `s-score:robust` (the
 * project's recommended readings) and `s-score:text` (free text turned into structured reports by
 * the clinical core's extractor: an approximation, never the paper's metric). README.md in this
 * folder lists every reading and each variant's default.
 */

/** Provider options: the readings, plus `strings` for the structured variants. */
const ProviderOptionsSchema = SScoreOptionsSchema.extend({
  /**
   * Structured variants only: whether a report given as a string is read as JSON text (default
   * true, so model output can be scored as it was generated). `false` declares
   * `inputs: ['structured']`, so the runner skips free-text cases instead of reporting them as
   * unparseable.
   */
  strings: z.boolean().optional(),
});

function parseProviderOptions(id: string, options: Record<string, unknown>, fallback: Preset): { readings: Readings; strings: boolean } {
  const parsed = ProviderOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`);
    throw new Error(`invalid ${id} options: ${issues.join('; ')}`);
  }
  const { strings, ...readings } = parsed.data;
  return { readings: resolveReadings(readings, fallback), strings: strings ?? true };
}

/** One line naming the readings, for `metric-suite list` and reports. */
export function describeReadings(r: Readings): string {
  const bleu = r.locationBleu;
  const w = bleu.weights ? `weights [${bleu.weights.join(', ')}]` : 'BLEU-4';
  const absent = `${r.bothAbsent.prob}/${r.bothAbsent.level}/${r.bothAbsent.loc}`;
  return `empty sets ${r.emptySets}, ${r.probScale} MSE, D over ${r.detailAverage} (empty: ${r.emptyDetails}), both absent prob/level/loc ${absent}, location ${w} smoothing ${bleu.smoothing}${bleu.autoReweigh ? ' auto-reweigh' : ''} on ${r.locationTokens} tokens, levels ${r.levelMatch}, names ${r.names}`;
}

type Reader = (input: Report, side: 'reference' | 'prediction') => { report: StructuredReport; warnings: string[] };

function metricOf(id: string, description: string, r: Readings, inputs: InputKind[], read: Reader): Metric {
  const scoreOne = (reference: Report, candidate: Report): ScoreOutcome => {
    try {
      const details = scoreStructured(read(reference, 'reference'), read(candidate, 'prediction'), r);
      return { value: details.s, details: details as unknown as Record<string, unknown> };
    } catch (e) {
      if (e instanceof SScoreParseError) return { error: `${id}: unparseable ${e.side}: ${e.reason}` };
      return { error: `${id}: ${(e as Error).message}` };
    }
  };
  return defineMetric({
    id,
    version: '1',
    description: `${description} (${describeReadings(r)})`,
    direction: 'higher',
    range: rangeOf(r),
    // Differences below 1e-9 are floating-point noise (sums of thirds) or BLEU's ~1e-77 floor.
    tieTolerance: 1e-9,
    deterministic: true,
    inputs,
    symmetric: false,
    // the text variant runs the extractor (worth caching); the structured ones cost about a lookup
    cache: id.endsWith(':text'),
    batchSize: 256,
    score: (requests) => requests.map((q) => scoreOne(q.reference, q.candidate)),
  });
}

function structuredProvider(id: 's-score' | 's-score:robust', preset: Preset, description: string): MetricProvider {
  return {
    id,
    description,
    create(options): Metric {
      const { readings, strings } = parseProviderOptions(id, options, preset);
      const inputs: InputKind[] = strings ? ['structured', 'text'] : ['structured'];
      return metricOf(id, description, readings, inputs, (input, side) => readReport(input, side, readings));
    },
  };
}

/** `s-score`: the paper's equations with its literal readings. */
export const sScoreProvider = structuredProvider(
  's-score',
  'literal',
  'S-Score (seed 001, eqs. 1-11) on structured reports, paper-literal readings',
);

/** `s-score:robust`: the readings the project recommends (README.md justifies each). */
export const sScoreRobustProvider = structuredProvider(
  's-score:robust',
  'robust',
  'S-Score on structured reports with the project-recommended readings',
);

/**
 * `s-score:text`: free-text reports structured by the clinical core's extractor, then scored
 * with the robust readings (override any of them in options). An approximation of S-Score built
 * on the project's extractor, not the paper's metric (which scores reports generated as JSON).
 */
export const sScoreTextProvider: MetricProvider = {
  id: 's-score:text',
  description: 'Approximate S-Score of free-text reports, structured by the clinical extractor (robust readings)',
  create(options): Metric {
    if (options && Object.hasOwn(options, 'strings')) throw new Error('invalid s-score:text options: strings applies to the structured variants only');
    const { readings } = parseProviderOptions('s-score:text', options, 'robust');
    return metricOf(
      's-score:text',
      'Approximate S-Score: free text structured by the clinical extractor, then scored',
      readings,
      ['text'],
      (input, side) => (typeof input === 'string' ? { report: structureReport(input), warnings: [] } : readReport(input, side, readings)),
    );
  },
};

/** Every S-Score variant, for builtins.ts. */
export const sScoreProviders: MetricProvider[] = [sScoreProvider, sScoreRobustProvider, sScoreTextProvider];
