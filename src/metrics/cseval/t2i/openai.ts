/**
 * `openai`: an OpenAI-compatible images endpoint (`POST {baseURL}/images/generations`: OpenAI,
 * LocalAI, a vLLM-omni or diffusers server that speaks the API). Asks for `b64_json`; a server
 * that only returns URLs is an error (the run folder keeps the bytes). The seed goes in the
 * body as `seed` (OpenAI ignores it; local servers honour it).
 */
import type OpenAI from 'openai';
import { z } from 'zod';
import { mediaTypeOf } from '../generators/image.js';
import { ImageGeneratorError, type ImageGenerator } from './types.js';

export const OpenAIImageGeneratorSchema = z.strictObject({
  type: z.literal('openai'),
  baseURL: z.url(),
  model: z.string().min(1),
  /** Part of the image cache key beside the model name (e.g. a checkpoint date). */
  version: z.string().min(1).optional(),
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name').optional(),
  /** Send `seed` in the body (default true; turn off for servers that reject unknown fields). */
  sendSeed: z.boolean().default(true),
  extraBody: z.record(z.string(), z.unknown()).optional(),
  timeoutMs: z.number().int().positive().default(300_000),
  retries: z.number().int().min(0).max(10).default(2),
});
export type OpenAIImageGeneratorOptions = z.infer<typeof OpenAIImageGeneratorSchema>;

export function createOpenAIImageGenerator(o: OpenAIImageGeneratorOptions, apiKey: string | undefined): ImageGenerator {
  // the SDK is imported on first use: no command that never generates should load it (~90 ms CPU)
  let sdk: Promise<OpenAI> | undefined;
  const openai = (): Promise<OpenAI> => (sdk ??= import('openai').then((m) => new m.default({ baseURL: o.baseURL, apiKey: apiKey ?? 'EMPTY', timeout: o.timeoutMs, maxRetries: o.retries })));
  return {
    id: 'openai',
    version: async () => (o.version ? `${o.model}@${o.version}` : o.model),
    describe: `openai images ${o.model} at ${o.baseURL}`,
    async generate(r, signal) {
      let reply: OpenAI.Images.ImagesResponse;
      try {
        const client = await openai();
        reply = (await client.images.generate(
          {
            model: o.model,
            prompt: r.prompt,
            n: 1,
            size: `${r.width}x${r.height}`,
            response_format: 'b64_json',
            ...(o.sendSeed ? { seed: r.seed } : {}),
            ...(o.extraBody ?? {}),
          } as OpenAI.Images.ImageGenerateParamsNonStreaming,
          { ...(signal ? { signal } : {}) },
        )) as OpenAI.Images.ImagesResponse;
      } catch (e) {
        throw new ImageGeneratorError(`openai image generator: ${(e as Error).message}`);
      }
      const b64 = reply.data?.[0]?.b64_json;
      if (typeof b64 !== 'string' || b64 === '') {
        throw new ImageGeneratorError(`openai image generator: the reply has no data[0].b64_json${reply.data?.[0]?.url ? ' (only a URL: the server must support response_format b64_json)' : ''}`);
      }
      const bytes = Buffer.from(b64, 'base64');
      const mediaType = mediaTypeOf(bytes);
      if (!mediaType.startsWith('image/')) throw new ImageGeneratorError('openai image generator: data[0].b64_json is not an image');
      return { bytes, mediaType };
    },
  };
}
