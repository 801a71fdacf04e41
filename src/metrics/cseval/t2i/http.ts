/**
 * `http`: a user's text-to-image service. One image per request:
 *
 *   POST <url>  { "prompt": "small left pleural effusion", "seed": 3, "width": 512, "height": 512 }
 *   200         the image bytes (Content-Type image/png or image/jpeg),
 *               or JSON { "image": "<base64>" } (also { "b64_json": ... })
 *
 * Any other status, or a body that is no image, is an error for that prompt and seed.
 */
import { z } from 'zod';
import { mediaTypeOf } from '../generators/image.js';
import { ImageGeneratorError, type ImageGenerator } from './types.js';

export const HttpImageGeneratorSchema = z.strictObject({
  type: z.literal('http'),
  url: z.url(),
  /** The model's version, part of the image cache key: change it when the model changes. */
  version: z.string().min(1).default('1'),
  /** NAME of an environment variable with a bearer token (never the token). */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name').optional(),
  headers: z.record(z.string(), z.string()).optional(),
  /** Extra JSON fields sent with every request (guidance scale, steps, ...). */
  extraBody: z.record(z.string(), z.unknown()).optional(),
  timeoutMs: z.number().int().positive().default(300_000),
  retries: z.number().int().min(0).max(10).default(2),
  backoffMs: z.number().int().min(0).default(500),
});
export type HttpImageGeneratorOptions = z.infer<typeof HttpImageGeneratorSchema>;

/** The image in a reply: raw image bytes, or base64 under `image` / `b64_json` in JSON. */
export function imageFromReply(bytes: Buffer, contentType: string | null): Buffer {
  if (mediaTypeOf(bytes).startsWith('image/')) return bytes;
  if (contentType?.includes('json') || bytes[0] === 0x7b) {
    let json: { image?: unknown; b64_json?: unknown };
    try {
      json = JSON.parse(bytes.toString('utf8')) as typeof json;
    } catch {
      throw new ImageGeneratorError(`the reply is neither an image nor JSON: ${bytes.toString('utf8').slice(0, 200)}`);
    }
    const b64 = json.image ?? json.b64_json;
    if (typeof b64 !== 'string') throw new ImageGeneratorError(`the JSON reply has no "image" (base64) string: ${bytes.toString('utf8').slice(0, 200)}`);
    const img = Buffer.from(b64.replace(/^data:[^,]*,/, ''), 'base64');
    if (!mediaTypeOf(img).startsWith('image/')) throw new ImageGeneratorError('the reply\'s "image" is not a PNG, JPEG, GIF or WebP image');
    return img;
  }
  throw new ImageGeneratorError(`the reply is not an image (${contentType ?? 'no content type'}, ${bytes.length} bytes)`);
}

export function createHttpImageGenerator(o: HttpImageGeneratorOptions, apiKey: string | undefined): ImageGenerator {
  const headers = { 'content-type': 'application/json', ...(o.headers ?? {}), ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
  return {
    id: 'http',
    version: async () => o.version,
    describe: `http ${o.url}`,
    async generate(r, signal) {
      const body = JSON.stringify({ ...(o.extraBody ?? {}), prompt: r.prompt, seed: r.seed, width: r.width, height: r.height });
      let last = '';
      for (let attempt = 0; attempt <= o.retries; attempt++) {
        if (attempt > 0) await new Promise((res) => setTimeout(res, o.backoffMs * 2 ** (attempt - 1)));
        if (signal?.aborted) throw new ImageGeneratorError('aborted');
        const timeout = AbortSignal.timeout(o.timeoutMs);
        let res: Response;
        try {
          res = await fetch(o.url, { method: 'POST', headers, body, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
        } catch (e) {
          last = `http image generator: ${(e as Error).message}`;
          continue;
        }
        const bytes = Buffer.from(await res.arrayBuffer());
        if (!res.ok) {
          last = `http image generator: ${o.url} answered ${res.status}: ${bytes.toString('utf8').slice(0, 200)}`;
          if (res.status === 429 || res.status >= 500) continue;
          throw new ImageGeneratorError(last);
        }
        const img = imageFromReply(bytes, res.headers.get('content-type'));
        return { bytes: img, mediaType: mediaTypeOf(img) };
      }
      throw new ImageGeneratorError(`${last} (after ${o.retries + 1} attempts)`);
    },
  };
}
