/**
 * CSEval metrics (seed 000, METRICS §6; README.md here):
 * - `cseval`: RadGraph-F1 with a real entity extractor (a converted RadGraph-XL ONNX model, or
 *   an LLM extractor); unavailable (skipped with the reason) until one is configured;
 * - `cseval:lexicon`: the same pipeline with the clinical lexicon extractor, an offline
 *   APPROXIMATION of RadGraph-XL, never presented as the real metric.
 * Both take the report generator from `options.generator` (default: replay of recorded findings).
 */
import { MetricUnavailableError, type MetricEnvironment, type MetricProvider } from '../provider.js';
import { lexiconExtractor } from '../radgraph/extractors/lexicon.js';
import { createCsevalMetric, type CsevalMetric } from './metric.js';

export { createCsevalMetric, type CsevalMetric } from './metric.js';
export { CsevalOptionsSchema, type CsevalOptions } from './options.js';
export { parseGrounded, selectFindings, binValue, type GroundedPhrase, type GroundedParse, type Box } from './grounded.js';
export { csevalPrompts, CSEVAL_TEMPLATE, SEEDS_PER_PROMPT, type CsevalPrompt, type CsevalFinding } from './prompts.js';
export { createGenerator, GeneratorOptionsSchema, type GeneratorOptions, type ReportGenerator, type GenerationInput } from './generators/index.js';
export { recordFindings, recordIntoDocument } from './record.js';

const EXTRACTOR_KEYS = ['extractor', 'onnx', 'python', 'openai'] as const;

function split(options: Record<string, unknown> = {}): { extractor: Record<string, unknown>; rest: Record<string, unknown> } {
  const extractor: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) ((EXTRACTOR_KEYS as readonly string[]).includes(k) ? extractor : rest)[k] = v;
  return { extractor, rest };
}

export const csevalProvider: MetricProvider = {
  id: 'cseval',
  description: 'CSEval: RadGraph-F1 between an image prompt and a report generator\'s findings, entities from RadGraph-XL (ONNX) or an LLM extractor',
  async create(options: Record<string, unknown>, env: MetricEnvironment): Promise<CsevalMetric> {
    const { extractor: sel, rest } = split(options);
    const which = sel.extractor ?? (sel.onnx ? 'onnx' : sel.python ? 'python' : sel.openai ? 'openai' : undefined);
    if (which === undefined || which === 'lexicon') {
      throw new MetricUnavailableError(
        'no RadGraph-XL entity extractor configured for cseval (set metrics.cseval.options.onnx.modelDir to a converted RadGraph-XL model, options.extractor: python for the installed radgraph package, or options.openai for an LLM extractor; see src/metrics/cseval/README.md). cseval:lexicon is the offline approximation',
      );
    }
    // Loaded on demand: the ONNX and LLM extractors are not needed by cseval:lexicon.
    const { createEntityExtractor, ExtractorSelectionSchema } = await import('../radgraph/extractors/index.js');
    const parsed = ExtractorSelectionSchema.safeParse(sel);
    if (!parsed.success) throw new Error(`invalid cseval options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    // Validate the cseval options before loading a model.
    createCsevalMetric('cseval', rest, env, { id: String(which), extract: async () => [] });
    const extractor = await createEntityExtractor({ ...parsed.data, extractor: parsed.data.extractor ?? (which as 'onnx' | 'python' | 'openai') }, env);
    const metric = createCsevalMetric('cseval', rest, env, extractor);
    const close = metric.close;
    return Object.assign(metric, { close: async () => { await close?.(); await extractor.close?.(); } });
  },
};

export const csevalLexiconProvider: MetricProvider = {
  id: 'cseval:lexicon',
  description: 'CSEval with entities from the clinical lexicon (offline approximation of RadGraph-XL)',
  create(options: Record<string, unknown>, env: MetricEnvironment): CsevalMetric {
    return createCsevalMetric('cseval:lexicon', options, env, lexiconExtractor, '; lexicon entities approximate RadGraph-XL');
  },
};

export const csevalProviders: MetricProvider[] = [csevalProvider, csevalLexiconProvider];
