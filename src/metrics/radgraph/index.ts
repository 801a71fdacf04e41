/**
 * RadGraph-F1 metrics (METRICS §2):
 * - `radgraph-f1`: entities from the configured extractor (`onnx`: a converted RadGraph-XL model
 *   directory; `openai`: an LLM over an OpenAI-compatible endpoint); unavailable when none is
 *   configured;
 * - `radgraph-f1:lexicon`: entities from the lexicon extractor's word lists and rules, every statement annotated as the RadGraph schema does (offline APPROXIMATION).
 * The value is the chosen level (default `partial`); details hold all three levels.
 * The candidate is the hypothesis, the reference the reference.
 */
import { z } from 'zod';
import type { Metric, ScoreContext, ScoreOutcome, ScoreRequest } from '../contract.js';
import { defineMetric } from '../define.js';
import { MetricUnavailableError, type MetricEnvironment, type MetricProvider } from '../provider.js';
import { parseOptions } from '../bleu/_internals/options.js';
import { ExtractorSelectionSchema, createEntityExtractor, selectedExtractor } from './extractors/index.js';
import { lexiconExtractor } from './extractors/lexicon.js';
import type { EntityExtractor, RadGraphAnnotation } from './extractors/types.js';
import { extractorRuntime } from './extractors/runtime.js';
import { radgraphF1 } from './score.js';

export { radgraphF1, setF1, RADGRAPH_LEVELS } from './score.js';
export type { RadGraphF1Options, RadGraphF1Result, RadGraphLevel, RadGraphVariant } from './score.js';
export type { EntityExtractor, RadGraphAnnotation, RadGraphEntity, RadGraphRelation } from './extractors/types.js';
export { lexiconExtractor, annotateWithLexicon } from './extractors/lexicon.js';
export { createEntityExtractor, ExtractorSelectionSchema } from './extractors/index.js';
export { extractorRuntime } from './extractors/runtime.js';
export { splitWords } from './words.js';

const ScoringSchema = {
  /** Letter-case variant: `head` (current radgraph) or `pypi` (0.1.18, RadEval). */
  variant: z.enum(['head', 'pypi']).default('head'),
  /** The level reported as the value (all three are in the details). */
  level: z.enum(['simple', 'partial', 'complete']).default('partial'),
};

export const RadGraphF1OptionsSchema = z.strictObject({ ...ScoringSchema, ...ExtractorSelectionSchema.shape });
export const RadGraphF1LexiconOptionsSchema = z.strictObject(ScoringSchema);
export type RadGraphF1MetricOptions = z.infer<typeof RadGraphF1OptionsSchema>;

/** Scores a batch: one extraction call over the distinct texts, then exact RadGraph-F1 per pair. */
export async function scoreWithExtractor(
  extractor: EntityExtractor,
  requests: ScoreRequest[],
  o: { variant: 'head' | 'pypi'; level: 'simple' | 'partial' | 'complete' },
  signal?: AbortSignal,
): Promise<ScoreOutcome[]> {
  const texts: string[] = [];
  const index = new Map<string, number>();
  const need = (t: string): void => {
    if (!index.has(t)) {
      index.set(t, texts.length);
      texts.push(t);
    }
  };
  for (const r of requests) {
    if (typeof r.reference === 'string' && typeof r.candidate === 'string') {
      need(r.reference);
      need(r.candidate);
    }
  }
  const runtime = extractorRuntime(extractor);
  let annotations: RadGraphAnnotation[];
  try {
    annotations = texts.length ? await extractor.extract(texts, signal) : [];
  } catch (e) {
    if (signal?.aborted) throw e;
    const msg = `entity extraction (${extractor.id}) failed: ${(e as Error).message}`;
    return requests.map(() => ({ error: msg }));
  }
  return requests.map((r): ScoreOutcome => {
    if (typeof r.reference !== 'string' || typeof r.candidate !== 'string') {
      return { error: 'radgraph-f1 scores text reports; got a structured report' };
    }
    const hyp = annotations[index.get(r.candidate)!]!;
    const ref = annotations[index.get(r.reference)!]!;
    const s = radgraphF1(hyp, ref, { variant: o.variant, hypText: r.candidate, refText: r.reference });
    return {
      value: s[o.level],
      details: {
        simple: s.simple,
        partial: s.partial,
        complete: s.complete,
        level: o.level,
        variant: o.variant,
        extractor: extractor.id,
        ...(runtime ? { runtime } : {}),
        candidateEntities: Object.keys(hyp.entities).length,
        referenceEntities: Object.keys(ref.entities).length,
      },
    };
  });
}

function metricOf(id: string, description: string, extractor: EntityExtractor, o: { variant: 'head' | 'pypi'; level: 'simple' | 'partial' | 'complete' }, extra: Partial<Metric>): Metric {
  return defineMetric({
    id,
    version: '1',
    description,
    direction: 'higher',
    range: [0, 1],
    tieTolerance: 0,
    deterministic: true,
    inputs: ['text'],
    // F1 is symmetric in its two sets, exactly (2*p*r and p+r commute bit for bit).
    symmetric: true,
    ...extra,
    score: (requests: ScoreRequest[], ctx: ScoreContext) => scoreWithExtractor(extractor, requests, o, ctx.signal),
    close: () => extractor.close?.(),
  });
}

/** `radgraph-f1`: the configured extractor (onnx, python or openai). */
export const radgraphF1Provider: MetricProvider = {
  id: 'radgraph-f1',
  description: 'RadGraph-F1 (exact radgraph scoring) on entities from a RadGraph-XL ONNX model or an LLM extractor',
  async create(options: Record<string, unknown>, env: MetricEnvironment): Promise<Metric> {
    const o = parseOptions('radgraph-f1', RadGraphF1OptionsSchema, options);
    const which = selectedExtractor(o);
    if (which === undefined || which === 'lexicon') {
      throw new MetricUnavailableError(
        'no entity extractor configured for radgraph-f1 (set metrics.radgraph-f1.options.extractor: python to run the installed radgraph package, options.onnx.modelDir to a converted RadGraph-XL model, see src/metrics/radgraph/README.md, or options.openai.baseURL and model for an LLM extractor). radgraph-f1:lexicon is the offline approximation',
      );
    }
    const extractor = await createEntityExtractor({ ...o, extractor: which }, env);
    const ran = extractorRuntime(extractor);
    const remote = which === 'openai';
    return metricOf('radgraph-f1', `RadGraph-F1 (${o.level}, ${o.variant}) with the ${extractor.id} extractor${ran ? ` (${ran})` : ''}`, extractor, o, {
      remote,
      deterministic: !remote,
      cache: true,
      cost: remote ? 1000 : 20,
      batchSize: remote ? 8 : which === 'python' ? 64 : 32,
      concurrency: remote ? 4 : 1,
      timeoutMs: remote ? 300_000 : 120_000,
    });
  },
};

/** `radgraph-f1:lexicon`: the lexicon entity extractor (RadGraph-schema rules), an approximation of RadGraph-XL. */
export const radgraphF1LexiconProvider: MetricProvider = {
  id: 'radgraph-f1:lexicon',
  description: 'RadGraph-F1 on entities from the clinical lexicon (offline approximation of RadGraph-XL)',
  create(options: Record<string, unknown>): Metric {
    const o = parseOptions('radgraph-f1:lexicon', RadGraphF1LexiconOptionsSchema, options);
    return metricOf(
      'radgraph-f1:lexicon',
      `RadGraph-F1 (${o.level}, ${o.variant}) on lexicon entities: an approximation of RadGraph-XL, not the model`,
      lexiconExtractor,
      o,
      { cache: true, batchSize: 256 }, // the lexicon extractor costs more than a cache lookup
    );
  },
};

export const radgraphProviders: MetricProvider[] = [radgraphF1Provider, radgraphF1LexiconProvider];
