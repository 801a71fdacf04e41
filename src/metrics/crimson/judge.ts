/**
 * `crimson`: the CRIMSON metric with an LLM judge behind any OpenAI-compatible chat endpoint
 * (vLLM serving rajpurkarlab/medgemma-4b-it-crimson, OpenAI, Ollama, ...). The judge returns
 * the evaluation object; the score is computed from it exactly (score.ts). A reply that
 * cannot be read is an error outcome quoting the reply, never a number.
 *
 * Scheduling is the runner's: one request per batch, `concurrency` batches at a time, the disk
 * cache (a re-run makes no calls). HTTP retries with backoff happen inside the client, so the
 * runner's batch timeout is sized to cover every attempt.
 */
import path from 'node:path';
import { z } from 'zod';
import { ChatClient, ChatError, apiKeyFromEnv } from '../../llm/client.js';
import { excerptOf } from '../../llm/excerpt.js';
import { parseJsonReply } from '../../llm/json.js';
import type { Metric, ScoreContext, ScoreOutcome, ScoreRequest } from '../contract.js';
import { defineMetric } from '../define.js';
import { MetricUnavailableError, type MetricEnvironment, type MetricProvider } from '../provider.js';
import { buildCrimsonPrompt, type CrimsonPrompt } from './prompt.js';
import { JudgeReplySchema, evaluationWarnings, type JudgeReply } from './schema.js';
import { computeCrimsonScore } from './score.js';

/** The fine-tuned CRIMSON judge; upstream omits the guideline text for it (trained without). */
export const FINE_TUNED_MODEL = 'rajpurkarlab/medgemma-4b-it-crimson';

/** Options of the `crimson` metric (config `metrics.crimson.options`); unknown keys are an error. */
export const CrimsonOptionsSchema = z.strictObject({
  /** OpenAI-compatible base URL, e.g. `http://127.0.0.1:8000/v1`. Without it the metric is skipped. */
  baseURL: z.url().optional(),
  /** Model name as the server knows it. */
  model: z.string().min(1).default(FINE_TUNED_MODEL),
  /** NAME of the environment variable holding the API key (never the key itself). Local servers need none. */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name').optional(),
  temperature: z.number().min(0).max(2).default(0),
  /**
   * Sampling seed; `null` sends none. Default per model (decodingFor): 42 for general models (as
   * upstream's OpenAI path), none for the fine-tuned judge (upstream's vLLM/HF paths send none).
   */
  seed: z.number().int().nullable().optional(),
  /** Completion token limit; default 8192 for the fine-tuned judge (upstream's), else the server's. */
  maxTokens: z.number().int().positive().optional(),
  maxTokensField: z.enum(['max_tokens', 'max_completion_tokens']).default('max_tokens'),
  /**
   * `json_object` asks for JSON mode (dropped automatically if the server rejects it); `text` never
   * asks. `auto`: `text` for the fine-tuned judge (on vLLM JSON mode switches on guided decoding,
   * which it was not trained with), `json_object` otherwise.
   */
  responseFormat: z.enum(['auto', 'json_object', 'text']).default('auto'),
  /** A handlebars file for the user message (relative to the config file); gets reference, candidate, context, guidelines. */
  promptTemplate: z.string().min(1).optional(),
  /** The system message; default the built-in one; "" sends none. */
  systemPrompt: z.string().optional(),
  /** Significance examples, context rules and grading examples in the prompt; `auto`: off for the fine-tuned judge. */
  guidelines: z.union([z.boolean(), z.literal('auto')]).default('auto'),
  /** Send the patient context (the case's, overridden by the candidate's). */
  patientContext: z.boolean().default(true),
  /**
   * Concurrent judge requests: `auto` (default) adapts to the server (starts at 32, grows while
   * latency holds, backs off on 429/5xx and rising latency; src/llm/concurrency.ts); a number
   * fixes it.
   */
  concurrency: z.union([z.literal('auto'), z.number().int().positive().max(1024)]).default('auto'),
  /** Upper bound of the adaptive concurrency. */
  maxConcurrency: z.number().int().positive().max(1024).default(256),
  /** Per HTTP attempt, in milliseconds. */
  timeoutMs: z.number().int().positive().default(120_000),
  /** HTTP retries on 429, 5xx, timeouts and connection failures. */
  retries: z.number().int().min(0).max(10).default(3),
  /** First backoff in milliseconds (doubled per retry; `Retry-After` wins). */
  backoffMs: z.number().int().min(0).default(500),
  /** Accept a reply whose JSON was cut off and closed by the repair (default no: entries may be lost). */
  allowTruncated: z.boolean().default(false),
  /** Extra request body fields for the server (e.g. Ollama `options`, vLLM `guided_json`). */
  extraBody: z.record(z.string(), z.unknown()).optional(),
});
export type CrimsonOptions = z.infer<typeof CrimsonOptionsSchema>;

function parseOptions(options: Record<string, unknown>): CrimsonOptions {
  const parsed = CrimsonOptionsSchema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`);
  throw new Error(`invalid crimson options: ${issues.join('; ')}`);
}

/** Decoding settings in effect: the per-model defaults where the options leave them open. */
export function decodingFor(o: Pick<CrimsonOptions, 'model' | 'seed' | 'responseFormat' | 'maxTokens'>): { seed: number | null; responseFormat: 'json_object' | 'text'; maxTokens: number | undefined } {
  const fineTuned = o.model.toLowerCase().includes('medgemma-4b-it-crimson');
  return {
    seed: o.seed !== undefined ? o.seed : fineTuned ? null : 42,
    responseFormat: o.responseFormat !== 'auto' ? o.responseFormat : fineTuned ? 'text' : 'json_object',
    maxTokens: o.maxTokens ?? (fineTuned ? 8192 : undefined),
  };
}

/** Whether guidelines go into the prompt. */
export function guidelinesFor(o: Pick<CrimsonOptions, 'guidelines' | 'model'>): boolean {
  return o.guidelines === 'auto' ? !o.model.toLowerCase().includes('medgemma-4b-it-crimson') : o.guidelines;
}

/**
 * The judge endpoint from `CRIMSON_BASE_URL` (the config's `options.baseURL` wins), so a CI job
 * can point the built-in suites at its server without a config file. Not a URL: an error.
 */
export function baseURLFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.CRIMSON_BASE_URL?.trim();
  if (!value) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new Error(`CRIMSON_BASE_URL is not an http(s) URL: "${value}"`);
  return value;
}

/** Creates the `crimson` metric; throws MetricUnavailableError when no endpoint is configured. */
export function createCrimsonJudge(options: Record<string, unknown>, env: MetricEnvironment): Metric & { client: ChatClient } {
  const o = parseOptions(options);
  o.baseURL ??= baseURLFromEnv();
  if (!o.baseURL) {
    throw new MetricUnavailableError(
      'no judge endpoint configured (set CRIMSON_BASE_URL or metrics.crimson.options.baseURL; src/metrics/crimson/README.md). crimson:lexicon is the offline approximation',
    );
  }
  let apiKey: string | undefined;
  try {
    apiKey = apiKeyFromEnv(o.apiKeyEnv);
  } catch (e) {
    throw new MetricUnavailableError((e as Error).message);
  }
  const guidelines = guidelinesFor(o);
  const prompt = buildCrimsonPrompt({
    ...(o.promptTemplate ? { templateFile: path.resolve(env.root, o.promptTemplate) } : {}),
    ...(o.systemPrompt !== undefined ? { systemPrompt: o.systemPrompt } : {}),
    guidelines,
    patientContext: o.patientContext,
  });
  const concurrency = o.concurrency === 'auto' ? { max: o.maxConcurrency } : o.concurrency;
  const client = new ChatClient({ baseURL: o.baseURL, model: o.model, ...(apiKey ? { apiKey } : {}), timeoutMs: o.timeoutMs, retries: o.retries, backoffMs: o.backoffMs, concurrency });
  // The runner's batch timeout covers every attempt and the waits between them.
  const backoffBudget = Array.from({ length: o.retries }, (_, k) => Math.min(o.backoffMs * 2 ** k, 30_000) * 1.2).reduce((a, b) => a + b, 0);
  const metric = defineMetric({
    id: 'crimson',
    version: `1+${prompt.fingerprint}`,
    description: `CRIMSON, LLM judge ${o.model} at ${o.baseURL}${guidelines ? '' : ', no guidelines'}`,
    direction: 'higher',
    range: [-1, 1],
    tieTolerance: 0,
    deterministic: false,
    inputs: ['text', 'structured'],
    symmetric: false,
    batchSize: 1,
    // the runner lets this many through; the client's limit decides what is in flight
    concurrency: o.concurrency === 'auto' ? o.maxConcurrency : o.concurrency,
    timeoutMs: Math.ceil(o.timeoutMs * (o.retries + 1) + backoffBudget + 5_000),
    retries: 0,
    remote: true,
    endpoint: o.baseURL,
    cost: 1000,
    score: (requests: ScoreRequest[], ctx: ScoreContext) => Promise.all(requests.map((r) => judgeOne(r, ctx, client, prompt, o))),
    close: () => client.close(),
  });
  return Object.assign(metric, { client });
}

async function judgeOne(r: ScoreRequest, ctx: ScoreContext, client: ChatClient, prompt: CrimsonPrompt, o: CrimsonOptions): Promise<ScoreOutcome> {
  const d = decodingFor(o);
  let reply;
  try {
    reply = await client.complete({
      // rendered when the call gets a slot, not for every queued call at once
      messages: () => {
        const { system, user, userJson } = prompt.render(r.reference, r.candidate, r.context);
        const last = userJson === undefined ? { role: 'user' as const, content: user } : { role: 'user' as const, content: user, json: userJson };
        return system ? [{ role: 'system' as const, content: system }, last] : [last];
      },
      temperature: o.temperature,
      ...(d.seed !== null ? { seed: d.seed } : {}),
      ...(d.maxTokens !== undefined ? { maxTokens: d.maxTokens, maxTokensField: o.maxTokensField } : {}),
      responseFormat: d.responseFormat,
      ...(o.extraBody ? { extraBody: o.extraBody } : {}),
      signal: ctx.signal,
    });
  } catch (e) {
    return { error: `crimson: ${e instanceof ChatError ? e.message : (e as Error).message}` };
  }
  return scoreJudgeReply(reply.content, { refusal: reply.refusal, finishReason: reply.finishReason, allowTruncated: o.allowTruncated, model: reply.model });
}

/**
 * Turns a judge's raw reply into an outcome: parse (repairing what can be repaired), validate,
 * score. Exported for reuse (e.g. scoring recorded replies) and tests.
 */
export function scoreJudgeReply(
  content: string | null,
  info: { refusal?: string | null; finishReason?: string | null; allowTruncated?: boolean; model?: string } = {},
): ScoreOutcome {
  if (info.refusal) return { error: `crimson: the judge refused: ${excerptOf(info.refusal)}` };
  const parsed = parseJsonReply(content, { expect: 'object' });
  const cut = info.finishReason === 'length' ? ' (the judge hit its token limit: raise maxTokens)' : '';
  if (!parsed.ok) return { error: `crimson: the judge's reply is not a usable evaluation: ${parsed.reason}${cut}; reply: ${parsed.excerpt}` };
  if (parsed.truncated && !info.allowTruncated) {
    return { error: `crimson: the judge's reply was cut off mid-JSON${cut}, so findings or errors may be missing; reply: ${excerptOf(content)}` };
  }
  const checked = JudgeReplySchema.safeParse(parsed.value);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 4).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { error: `crimson: the judge's JSON is not a CRIMSON evaluation (${issues.join('; ')}); reply: ${excerptOf(content)}` };
  }
  return outcomeOf(checked.data, { ...(parsed.repairs.length ? { repairs: parsed.repairs } : {}), ...(info.model ? { judge: info.model } : {}) });
}

/** The outcome for a valid evaluation: the rounded score and its parts in details. */
export function outcomeOf(evaluation: JudgeReply, extra: Record<string, unknown> = {}): ScoreOutcome {
  const result = computeCrimsonScore(evaluation);
  const warnings = evaluationWarnings(evaluation);
  return {
    value: result.crimson_score,
    details: {
      ...result.metrics,
      error_counts: result.error_counts,
      weighted_error_counts: result.weighted_error_counts,
      evaluation,
      ...(warnings.length ? { warnings } : {}),
      ...extra,
    },
  };
}

export const crimsonProvider: MetricProvider = {
  id: 'crimson',
  description: 'CRIMSON with an LLM judge over an OpenAI-compatible endpoint (vLLM, OpenAI, Ollama); skipped when none is configured',
  create: (options, env) => createCrimsonJudge(options, env),
};
