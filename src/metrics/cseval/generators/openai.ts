/**
 * `openai`: any OpenAI-compatible chat endpoint with image input (MedGemma-4B-it served by
 * vLLM, OpenAI, Ollama, ...). The image goes as a base64 data URL in the user message with a
 * fixed instruction; the conditioning prompt is never sent (the model must read the image).
 */
import type OpenAI from 'openai';
import { z } from 'zod';
import type { Context } from '../../contract.js';
import { dataUrlOf, loadImage } from './image.js';
import { GeneratorError, type ReportGenerator } from './types.js';

export const DEFAULT_INSTRUCTION =
  'You are a radiologist. Write the FINDINGS section of the radiology report for this frontal chest X-ray: one sentence per finding, stating its severity and side or location when present. Plain text only.';

export const OpenAIGeneratorSchema = z.strictObject({
  type: z.literal('openai'),
  /** OpenAI-compatible base URL, e.g. `http://127.0.0.1:8000/v1`. */
  baseURL: z.url(),
  model: z.string().min(1),
  /** NAME of the environment variable holding the API key (never the key). Local servers need none. */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name').optional(),
  instruction: z.string().min(1).default(DEFAULT_INSTRUCTION),
  systemPrompt: z.string().optional(),
  /** Send the study context (indication, view, ...) as text after the instruction. */
  patientContext: z.boolean().default(true),
  temperature: z.number().min(0).max(2).default(0),
  seed: z.number().int().nullable().default(42),
  maxTokens: z.number().int().positive().default(512),
  /** Per HTTP attempt, in milliseconds. */
  timeoutMs: z.number().int().positive().default(120_000),
  retries: z.number().int().min(0).max(10).default(2),
  /** `image_url.detail` for servers that honour it. */
  detail: z.enum(['auto', 'low', 'high']).optional(),
  extraBody: z.record(z.string(), z.unknown()).optional(),
});
export type OpenAIGeneratorOptions = z.infer<typeof OpenAIGeneratorSchema>;

export function contextLines(context: Context | undefined): string {
  if (!context || Object.keys(context).length === 0) return '';
  return Object.entries(context).map(([k, v]) => `${k[0]!.toUpperCase()}${k.slice(1)}: ${String(v)}`).join('\n');
}

export function createOpenAIGenerator(o: OpenAIGeneratorOptions, apiKey: string | undefined): ReportGenerator {
  // the SDK is imported on first use: no command that never generates should load it (~90 ms CPU)
  let sdk: Promise<OpenAI> | undefined;
  const openai = (): Promise<OpenAI> => (sdk ??= import('openai').then((m) => new m.default({ baseURL: o.baseURL, apiKey: apiKey ?? 'EMPTY', timeout: o.timeoutMs, maxRetries: o.retries })));
  return {
    id: 'openai',
    live: true,
    describe: `openai ${o.model} at ${o.baseURL}`,
    async generate(input, signal) {
      const image = await loadImage(input.image);
      const ctx = o.patientContext ? contextLines(input.context) : '';
      const text = ctx ? `${o.instruction}\n\n${ctx}` : o.instruction;
      const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
        ...(o.systemPrompt ? [{ role: 'system' as const, content: o.systemPrompt }] : []),
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: dataUrlOf(image), ...(o.detail ? { detail: o.detail } : {}) } },
            { type: 'text', text },
          ],
        },
      ];
      let reply;
      try {
        const client = await openai();
        reply = await client.chat.completions.create(
          {
            model: o.model,
            messages,
            temperature: o.temperature,
            max_tokens: o.maxTokens,
            ...(o.seed !== null ? { seed: o.seed } : {}),
            ...(o.extraBody ?? {}),
          } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
          { ...(signal ? { signal } : {}) },
        );
      } catch (e) {
        throw new GeneratorError(`openai generator: ${(e as Error).message}`);
      }
      const choice = reply.choices?.[0];
      const content = choice?.message?.content;
      if (choice?.message?.refusal) throw new GeneratorError(`openai generator: the model refused: ${choice.message.refusal.slice(0, 200)}`);
      if (typeof content !== 'string' || content.trim() === '') throw new GeneratorError('openai generator: empty reply');
      if (choice?.finish_reason === 'length') throw new GeneratorError(`openai generator: reply cut off at maxTokens (${o.maxTokens}); raise it`);
      return content.trim();
    },
    close: () => undefined,
  };
}
