/**
 * `crimson:upstream`: the CRIMSON judge exactly as upstream's code calls it, for the numbers
 * upstream's scripts give with the same model and server. What follows upstream (read from
 * CRIMSON/generate_score.py, CRIMSON/utils.py and evaluate_reports.py; our own code):
 * - the prompt: built by the user's installed CRIMSON package (python worker), guidelines off
 *   for the fine-tuned judge; the system message: the one generate_score.py sends;
 * - the request: per upstream path (options.ts `api`);
 * - the reply: upstream's repairs and first-wins duplicate keys (parse.ts), no label or id
 *   normalisation, missing top-level keys empty (evaluation.ts), the same score formula;
 * - an unreadable or unscorable reply is asked again, up to three attempts in all.
 * After the last attempt the pair is an error outcome with the reason, never a number.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import { ChatClient, ChatError, apiKeyFromEnv } from '../../../llm/client.js';
import { excerptOf } from '../../../llm/excerpt.js';
import { PythonService, isMissingPython } from '../../../python/service.js';
import { PythonError } from '../../../python/worker.js';
import type { Metric, ScoreContext, ScoreOutcome, ScoreRequest } from '../../contract.js';
import { defineMetric } from '../../define.js';
import { MetricUnavailableError, type MetricEnvironment, type MetricProvider } from '../../provider.js';
import { computeCrimsonScore } from '../score.js';
import { PyException, readAsUpstream } from './evaluation.js';
import { CrimsonUpstreamOptionsSchema, apiOf, guidelinesOf, type CrimsonUpstreamOptions } from './options.js';
import { parseUpstreamReply } from './parse.js';
import { packagePrompts, plainTemplate, upstreamReport, type CrimsonPackageInfo, type PromptItem } from './prompt.js';

const HANDLER = 'metric_suite_workers.crimson_upstream';

function parseOptions(options: Record<string, unknown>): CrimsonUpstreamOptions {
  const parsed = CrimsonUpstreamOptionsSchema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  throw new Error(`invalid crimson:upstream options: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
}

interface Prompter {
  build(items: PromptItem[], signal?: AbortSignal): Promise<string[]>;
  system: string;
  /** Where the prompt comes from, for details and the description. */
  source: string;
  fingerprint: string;
  close(): Promise<void>;
}

async function prompterOf(o: CrimsonUpstreamOptions, env: MetricEnvironment): Promise<Prompter> {
  const fp = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 12);
  if (o.promptTemplate && o.systemPrompt !== undefined) {
    const t = plainTemplate(path.resolve(env.root, o.promptTemplate));
    return { build: async (items) => items.map(t.render), system: o.systemPrompt, source: `template ${o.promptTemplate}`, fingerprint: fp(t.source, o.systemPrompt), close: async () => undefined };
  }
  const service = new PythonService<CrimsonPackageInfo>({
    handler: HANDLER,
    cwd: env.root,
    ...(o.python ? { python: o.python } : {}),
    ...(o.pythonPath ? { pythonPath: o.pythonPath } : {}),
    startTimeoutMs: 60_000,
  });
  let info: CrimsonPackageInfo;
  try {
    info = await service.info();
  } catch (e) {
    await service.close();
    if (isMissingPython(e)) {
      throw new MetricUnavailableError(
        `crimson:upstream needs the CRIMSON package in ${o.python ?? 'python3'} (pip install crimson-score, or clone rajpurkarlab/CRIMSON and set options.pythonPath; options.python names the interpreter): ${(e as Error).message.split('\n')[0]}`,
      );
    }
    throw e;
  }
  const system = o.systemPrompt ?? info.system;
  if (system === null || system === undefined) {
    await service.close();
    throw new Error(
      `could not read the system message from ${info.generateScore ?? 'CRIMSON/generate_score.py'} (found ${info.systemMessages.length} distinct ones); set options.systemPrompt`,
    );
  }
  const t = o.promptTemplate ? plainTemplate(path.resolve(env.root, o.promptTemplate)) : undefined;
  return {
    build: t ? async (items) => items.map(t.render) : (items, signal) => packagePrompts(service, items, signal),
    system,
    source: t ? `template ${o.promptTemplate}` : `CRIMSON ${info.version ?? '(version unknown)'} build_prompt`,
    fingerprint: fp(t ? t.source : info.fingerprint, system),
    close: () => service.close(),
  };
}

/** Creates `crimson:upstream`; MetricUnavailableError without an endpoint or without the package. */
export async function createCrimsonUpstream(options: Record<string, unknown>, env: MetricEnvironment): Promise<Metric> {
  const o = parseOptions(options);
  if (!o.baseURL) {
    throw new MetricUnavailableError('no judge endpoint configured for crimson:upstream (options.baseURL and model; see the README section "CRIMSON, exactly as upstream")');
  }
  let apiKey: string | undefined;
  try {
    apiKey = apiKeyFromEnv(o.apiKeyEnv);
  } catch (e) {
    throw new MetricUnavailableError((e as Error).message);
  }
  const api = apiOf(o);
  const guidelines = guidelinesOf(o);
  const prompter = await prompterOf(o, env);
  const client = new ChatClient({ baseURL: o.baseURL, model: o.model, ...(apiKey ? { apiKey } : {}), timeoutMs: o.timeoutMs, retries: o.retries });
  const perAttempt = o.timeoutMs * (o.retries + 1) + 30_000 * o.retries;
  const delays = Array.from({ length: o.attempts - 1 }, (_, k) => o.retryDelayMs * 2 ** k).reduce((a, b) => a + b, 0);
  const judge: Judge = { client, prompter, o, api, guidelines };
  return defineMetric({
    id: 'crimson:upstream',
    version: `1+${prompter.fingerprint}`,
    description: `CRIMSON as upstream calls it: ${o.model} at ${o.baseURL} (${api} path, guidelines ${guidelines ? 'on' : 'off'}, prompt from ${prompter.source})`,
    direction: 'higher',
    range: [-1, 1],
    tieTolerance: 0,
    deterministic: false,
    inputs: ['text'],
    symmetric: false,
    batchSize: 1,
    concurrency: o.concurrency,
    timeoutMs: o.attempts * perAttempt + delays + 10_000,
    retries: 0,
    remote: true,
    cost: 1000,
    score: (requests: ScoreRequest[], ctx: ScoreContext) => Promise.all(requests.map((r) => judgeOne(r, ctx, judge))),
    close: async () => {
      client.close();
      await prompter.close();
    },
  });
}

interface Judge {
  client: ChatClient;
  prompter: Prompter;
  o: CrimsonUpstreamOptions;
  api: 'vllm' | 'openai';
  guidelines: boolean;
}

/** The request body fields of upstream's path. */
export function requestParameters(api: 'vllm' | 'openai', maxTokens: number | undefined) {
  return api === 'openai'
    ? { temperature: 0, seed: 42, responseFormat: 'json_object' as const, ...(maxTokens !== undefined ? { maxTokens } : {}) }
    : { temperature: 0, maxTokens: maxTokens ?? 8192, responseFormat: 'text' as const };
}

async function judgeOne(r: ScoreRequest, ctx: ScoreContext, j: Judge): Promise<ScoreOutcome> {
  const reference = upstreamReport(r.reference);
  const candidate = upstreamReport(r.candidate);
  if (reference === undefined || candidate === undefined) return { error: 'crimson:upstream scores text reports (a string or a list of finding strings); got a structured report' };
  let prompt: string;
  try {
    [prompt] = (await j.prompter.build([{ reference, candidate, context: r.context ?? null, guidelines: j.guidelines }], ctx.signal)) as [string];
  } catch (e) {
    return { error: `crimson:upstream: the CRIMSON package could not build the prompt: ${e instanceof PythonError ? `${e.message}` : (e as Error).message}` };
  }
  let last = '';
  for (let attempt = 1; attempt <= j.o.attempts; attempt++) {
    if (attempt > 1) await sleep(j.o.retryDelayMs * 2 ** (attempt - 2), undefined, { signal: ctx.signal });
    let content: string | null;
    let model: string | undefined;
    try {
      const reply = await j.client.complete({
        messages: [
          { role: 'system', content: j.prompter.system },
          { role: 'user', content: prompt },
        ],
        ...requestParameters(j.api, j.o.maxTokens),
        ...(j.o.extraBody ? { extraBody: j.o.extraBody } : {}),
        signal: ctx.signal,
      });
      content = reply.content;
      model = reply.model;
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      last = e instanceof ChatError ? e.message : (e as Error).message;
      continue;
    }
    if (content === null) {
      last = 'the judge returned no content';
      continue;
    }
    try {
      const parsed = parseUpstreamReply(content);
      const evaluation = readAsUpstream(parsed.value);
      const result = computeCrimsonScore(evaluation);
      return {
        value: result.crimson_score,
        details: {
          ...result.metrics,
          error_counts: result.error_counts,
          weighted_error_counts: result.weighted_error_counts,
          raw_evaluation: parsed.value,
          attempts: attempt,
          ...(parsed.step !== 'raw' ? { repair: parsed.step } : {}),
          ...(model ? { judge: model } : {}),
        },
      };
    } catch (e) {
      if (!(e instanceof PyException) && !(e instanceof Error)) throw e;
      last = `${(e as Error).message}; reply: ${excerptOf(content)}`;
    }
  }
  return { error: `crimson:upstream: no usable evaluation after ${j.o.attempts} attempt${j.o.attempts === 1 ? '' : 's'}: ${last}` };
}

export const crimsonUpstreamProvider: MetricProvider = {
  id: 'crimson:upstream',
  description: 'CRIMSON exactly as upstream calls it: prompt from the installed CRIMSON package, upstream request parameters, parsing and retries',
  create: (options, env) => createCrimsonUpstream(options, env),
};
