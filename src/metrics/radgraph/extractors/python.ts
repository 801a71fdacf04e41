/**
 * The `python` entity extractor: the real RadGraph model through the user's installed `radgraph`
 * package (`RadGraph(model_type=...)`, RadGraph-XL by default), loaded once in a persistent
 * Python worker and called with a whole batch of texts. Annotations come back in the
 * package's own format, the one the parity vectors use.
 */
import { z } from 'zod';
import { PythonService, isMissingPython } from '../../../python/service.js';
import { MetricUnavailableError, type MetricEnvironment } from '../../provider.js';
import type { EntityExtractor, RadGraphAnnotation } from './types.js';

export const PythonExtractorOptionsSchema = z.strictObject({
  /** Interpreter with the radgraph package (default `$METRIC_SUITE_PYTHON`, else `python3`). */
  python: z.string().min(1).optional(),
  /** Extra sys.path folders (relative to the config file). */
  pythonPath: z.array(z.string().min(1)).optional(),
  /** `radgraph-xl` (default), `radgraph`, `modern-radgraph-xl`, `echograph`. */
  modelType: z.string().min(1).default('radgraph-xl'),
  /** GPU index for the package (`-1`: CPU); default the package's choice (GPU 0 when available). */
  cuda: z.number().int().min(-1).optional(),
  /** Where the package keeps (and looks for) its model files. */
  modelCacheDir: z.string().min(1).optional(),
  tokenizerCacheDir: z.string().min(1).optional(),
  /** Per batch, in milliseconds. */
  timeoutMs: z.number().int().positive().default(600_000),
});
export type PythonExtractorOptions = z.input<typeof PythonExtractorOptionsSchema>;

export interface PythonExtractorInfo {
  version: string | null;
  modelType: string;
  device: string;
}

export interface PythonExtractor extends EntityExtractor {
  /** The package version, model type and torch device reported by the worker. */
  readonly info: PythonExtractorInfo;
  close(): Promise<void>;
}

/** Starts the worker and loads the model; MetricUnavailableError when python or radgraph is missing. */
export async function createPythonExtractor(options: PythonExtractorOptions, env: MetricEnvironment = { root: process.cwd() }): Promise<PythonExtractor> {
  const o = PythonExtractorOptionsSchema.parse(options);
  const service = new PythonService<PythonExtractorInfo>({
    handler: 'metric_suite_workers.radgraph',
    cwd: env.root,
    ...(o.python ? { python: o.python } : {}),
    ...(o.pythonPath ? { pythonPath: o.pythonPath } : {}),
    init: { model_type: o.modelType, cuda: o.cuda ?? null, model_cache_dir: o.modelCacheDir ?? null, tokenizer_cache_dir: o.tokenizerCacheDir ?? null },
  });
  let info: PythonExtractorInfo;
  try {
    info = await service.info();
  } catch (e) {
    await service.close();
    if (isMissingPython(e)) {
      throw new MetricUnavailableError(`the python entity extractor needs the radgraph package in ${o.python ?? 'python3'} (pip install radgraph; options.python names the interpreter): ${(e as Error).message.split('\n')[0]}`);
    }
    throw new Error(`radgraph could not load ${o.modelType}: ${(e as Error).message}`);
  }
  return {
    id: 'python',
    info,
    async extract(texts: string[], signal?: AbortSignal): Promise<RadGraphAnnotation[]> {
      const out = await service.call<RadGraphAnnotation[]>('annotate', { texts }, { timeoutMs: o.timeoutMs, ...(signal ? { signal } : {}) });
      if (!Array.isArray(out) || out.length !== texts.length) throw new Error(`radgraph returned ${Array.isArray(out) ? out.length : typeof out} annotations for ${texts.length} texts`);
      return out;
    },
    close: () => service.close(),
  };
}
