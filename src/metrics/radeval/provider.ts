/**
 * `radeval:<metric>` (config `{ radeval: bertscore }` or `{ radeval: green, options: {...} }`):
 * one metric of the user's installed RadEval package, loaded once in a persistent Python
 * worker and scored a batch at a time through its public API. Keys of `options` other than
 * this provider's own are passed to the RadEval constructor as they are.
 */
import { z } from 'zod';
import { apiKeyFromEnv } from '../../llm/client.js';
import { PythonService, isMissingPython } from '../../python/service.js';
import type { Metric, ScoreOutcome, ScoreRequest } from '../contract.js';
import { defineMetric } from '../define.js';
import { MetricUnavailableError, type MetricEnvironment, type MetricProvider } from '../provider.js';
import { RADEVAL_METRICS, type RadEvalMetric } from './table.js';

const OwnOptions = z.object({
  python: z.string().min(1).optional(),
  pythonPath: z.array(z.string().min(1)).optional(),
  /** NAME of the env var with the OpenAI key (RadEval's `openai_api_key`), for API-judged metrics. */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
  /** NAME of the env var with the Gemini key (`gemini_api_key`). */
  geminiApiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
  /** Per batch, in milliseconds (model metrics on CPU are slow). */
  timeoutMs: z.number().int().positive().default(1_800_000),
  batchSize: z.number().int().positive().default(32),
});
const OWN = new Set(Object.keys(OwnOptions.shape));

interface Info {
  version: string | null;
}

async function createRadEval(name: string, spec: RadEvalMetric, options: Record<string, unknown>, env: MetricEnvironment): Promise<Metric> {
  const parsed = OwnOptions.safeParse(Object.fromEntries(Object.entries(options).filter(([k]) => OWN.has(k))));
  if (!parsed.success) throw new Error(`invalid radeval options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const o = parsed.data;
  const kwargs: Record<string, unknown> = Object.fromEntries(Object.entries(options).filter(([k]) => !OWN.has(k)));
  try {
    if (o.apiKeyEnv) kwargs.openai_api_key = apiKeyFromEnv(o.apiKeyEnv);
    if (o.geminiApiKeyEnv) kwargs.gemini_api_key = apiKeyFromEnv(o.geminiApiKeyEnv);
  } catch (e) {
    throw new MetricUnavailableError((e as Error).message);
  }
  const service = new PythonService<Info>({
    handler: 'metric_suite_workers.radeval',
    cwd: env.root,
    ...(o.python ? { python: o.python } : {}),
    ...(o.pythonPath ? { pythonPath: o.pythonPath } : {}),
    init: { flag: spec.flag, kwargs },
  });
  let info: Info;
  try {
    info = await service.info();
  } catch (e) {
    await service.close();
    if (isMissingPython(e)) throw new MetricUnavailableError(`radeval:${name} needs the RadEval package in ${o.python ?? 'python3'} (pip install RadEval; options.python names the interpreter): ${(e as Error).message.split('\n')[0]}`);
    throw new Error(`RadEval could not set up ${name}: ${(e as Error).message}`);
  }
  const keys = [spec.key, ...(spec.details ?? [])];
  return defineMetric({
    id: `radeval:${name}`,
    version: `radeval-${info.version ?? 'unknown'}`,
    description: `RadEval ${info.version ?? ''} ${name}: ${spec.what}`.replace(/\s+/g, ' '),
    direction: spec.direction,
    range: spec.range,
    tieTolerance: 0,
    deterministic: !spec.remote,
    inputs: ['text'],
    batchSize: o.batchSize,
    concurrency: 1,
    timeoutMs: o.timeoutMs,
    ...(spec.remote ? { remote: true, cost: 1000 } : { cost: 50 }),
    async score(requests: ScoreRequest[], ctx): Promise<ScoreOutcome[]> {
      const ok = requests.flatMap((r, i) => (typeof r.reference === 'string' && typeof r.candidate === 'string' ? [i] : []));
      const out: ScoreOutcome[] = requests.map(() => ({ error: `radeval:${name} scores text reports; got a structured report` }));
      if (!ok.length) return out;
      const refs = ok.map((i) => requests[i]!.reference as string);
      const hyps = ok.map((i) => requests[i]!.candidate as string);
      const res = await service.call<{ scores: Record<string, unknown>; keys: string[] }>('score', { refs, hyps, keys }, { timeoutMs: o.timeoutMs, signal: ctx.signal });
      const values = res.scores[spec.key];
      if (!Array.isArray(values) || values.length !== ok.length) {
        const why = values === undefined ? `no "${spec.key}" in RadEval's result (keys: ${res.keys.join(', ') || 'none'})` : `"${spec.key}" is not one value per report (${Array.isArray(values) ? values.length : typeof values} for ${ok.length})`;
        throw new Error(`radeval:${name}: ${why}`);
      }
      ok.forEach((i, k) => {
        const v = values[k];
        if (typeof v !== 'number') return void (out[i] = { error: `radeval:${name} returned ${v === null ? 'NaN or null' : JSON.stringify(v)} for this report` });
        const details: Record<string, unknown> = {};
        for (const d of spec.details ?? []) {
          const xs = res.scores[d];
          if (Array.isArray(xs) && xs.length === ok.length) details[d] = xs[k];
        }
        out[i] = Object.keys(details).length ? { value: v, details } : { value: v };
      });
      return out;
    },
    close: () => service.close(),
  });
}

/** One provider per RadEval metric: `radeval:bertscore`, `radeval:green`, ... */
export const radevalProviders: MetricProvider[] = Object.entries(RADEVAL_METRICS).map(([name, spec]) => ({
  id: `radeval:${name}`,
  description: `RadEval ${name}: ${spec.what} (needs the RadEval package)`,
  create: (options, env) => createRadEval(name, spec, options, env),
}));
