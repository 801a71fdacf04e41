import { z } from 'zod';

/** The fine-tuned CRIMSON judge (upstream's DEFAULT_HF_MODEL). */
export const UPSTREAM_FINE_TUNED = 'rajpurkarlab/medgemma-4b-it-crimson';

/** Options of `crimson:upstream`; unknown keys are an error. */
export const CrimsonUpstreamOptionsSchema = z.strictObject({
  /** OpenAI-compatible base URL (vLLM serving the fine-tuned judge, OpenAI, ...). Without it the metric is skipped. */
  baseURL: z.url().optional(),
  /** Model name as the server knows it. */
  model: z.string().min(1).default(UPSTREAM_FINE_TUNED),
  /** NAME of the environment variable holding the API key. */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name').optional(),
  /** Python interpreter that has the CRIMSON package (default `$METRIC_SUITE_PYTHON`, else `python3`). */
  python: z.string().min(1).optional(),
  /** Extra sys.path folders (e.g. a clone of the CRIMSON repository), relative to the config file. */
  pythonPath: z.array(z.string().min(1)).optional(),
  /**
   * Which of upstream's code paths to follow for the request. `vllm` (also upstream's `hf`): greedy,
   * temperature 0, `max_tokens` 8192, no JSON mode, no seed. `openai`: temperature 0, seed 42,
   * `response_format: json_object`. `auto`: `vllm` for the fine-tuned judge, else `openai`.
   */
  api: z.enum(['auto', 'vllm', 'openai']).default('auto'),
  /** Guideline sections of the prompt. `auto` as upstream: off for the fine-tuned judge on the vllm path, else on. */
  guidelines: z.union([z.boolean(), z.literal('auto')]).default('auto'),
  /** The system message; default the one CRIMSON/generate_score.py sends (read from the installed package). */
  systemPrompt: z.string().optional(),
  /**
   * A plain-text prompt file used instead of the package's build_prompt (relative to the config
   * file). Placeholders `{reference}`, `{candidate}`, `{context}`; any other text, braces
   * included, is sent as written. Never a template language.
   */
  promptTemplate: z.string().min(1).optional(),
  /** Completion token limit; default 8192 on the vllm path (upstream's), none on the openai path. */
  maxTokens: z.number().int().positive().optional(),
  /** Attempts per pair when the reply cannot be read or scored (upstream's scripts: 3). */
  attempts: z.number().int().min(1).max(10).default(3),
  /** Wait before the second attempt, doubled after (upstream: 1 s, 2 s). */
  retryDelayMs: z.number().int().min(0).default(1000),
  /** Concurrent judge requests (upstream's evaluate_reports.py: 8 workers). */
  concurrency: z.number().int().positive().max(1024).default(8),
  /** Per HTTP attempt, in milliseconds. */
  timeoutMs: z.number().int().positive().default(300_000),
  /** HTTP retries on 429, 5xx, timeouts and connection failures (the openai client's default: 2). */
  retries: z.number().int().min(0).max(10).default(2),
  /** Extra request body fields for the server. */
  extraBody: z.record(z.string(), z.unknown()).optional(),
});
export type CrimsonUpstreamOptions = z.infer<typeof CrimsonUpstreamOptionsSchema>;

/** Whether a model name is the fine-tuned judge (upstream compares the exact name; a local path or alias needs `api`/`guidelines`). */
export function isFineTunedJudge(model: string): boolean {
  return model === UPSTREAM_FINE_TUNED || model === 'CRIMSONScore/medgemma-4b-it-crimson';
}

/** The upstream path in effect. */
export function apiOf(o: Pick<CrimsonUpstreamOptions, 'api' | 'model'>): 'vllm' | 'openai' {
  return o.api === 'auto' ? (isFineTunedJudge(o.model) ? 'vllm' : 'openai') : o.api;
}

/** Guidelines as upstream decides: off only for the fine-tuned judge on its own (hf/vllm) path. */
export function guidelinesOf(o: Pick<CrimsonUpstreamOptions, 'api' | 'model' | 'guidelines'>): boolean {
  if (o.guidelines !== 'auto') return o.guidelines;
  return !(apiOf(o) === 'vllm' && isFineTunedJudge(o.model));
}
