/**
 * `http`: a user's report-generation service (e.g. a MAIRA-2 wrapper; MAIRA-2 is not served by
 * vLLM). Protocol, one image per request:
 *
 *   POST <url>  { "image": { "data": <base64>, "mediaType": "image/png", "sha256": <hex> },
 *                 "context": { "indication": ... }, "grounded": true }
 *   200        { "findings": "<obj>...<box>...</box></obj>..." }   (or { "text": ... })
 *
 * Any other status, or a body without a findings string, is an error for that image.
 */
import { z } from 'zod';
import { loadImage } from './image.js';
import { GeneratorError, type ReportGenerator } from './types.js';

export const HttpGeneratorSchema = z.strictObject({
  type: z.literal('http'),
  url: z.url(),
  /** NAME of an environment variable with a bearer token (never the token). */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name').optional(),
  /** Extra headers (no secrets: use apiKeyEnv). */
  headers: z.record(z.string(), z.string()).optional(),
  /** Ask the service for grounded output (MAIRA-2's `get_grounding`). */
  grounded: z.boolean().default(true),
  patientContext: z.boolean().default(true),
  timeoutMs: z.number().int().positive().default(120_000),
  retries: z.number().int().min(0).max(10).default(2),
  backoffMs: z.number().int().min(0).default(500),
});
export type HttpGeneratorOptions = z.infer<typeof HttpGeneratorSchema>;

const retryable = (status: number): boolean => status === 429 || status >= 500;

export function createHttpGenerator(o: HttpGeneratorOptions, apiKey: string | undefined): ReportGenerator {
  const headers = { 'content-type': 'application/json', ...(o.headers ?? {}), ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
  return {
    id: 'http',
    live: true,
    describe: `http ${o.url}`,
    async generate(input, signal) {
      const image = await loadImage(input.image);
      const body = JSON.stringify({
        image: { data: image.bytes.toString('base64'), mediaType: image.mediaType, sha256: image.sha256 },
        ...(o.patientContext && input.context ? { context: input.context } : {}),
        grounded: o.grounded,
      });
      let last = '';
      for (let attempt = 0; attempt <= o.retries; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, o.backoffMs * 2 ** (attempt - 1)));
        if (signal?.aborted) throw new GeneratorError('http generator: aborted');
        const timeout = AbortSignal.timeout(o.timeoutMs);
        let res: Response;
        try {
          res = await fetch(o.url, { method: 'POST', headers, body, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
        } catch (e) {
          last = `http generator: ${(e as Error).message}`;
          continue;
        }
        const text = await res.text();
        if (!res.ok) {
          last = `http generator: ${o.url} answered ${res.status}: ${text.slice(0, 200)}`;
          if (retryable(res.status)) continue;
          throw new GeneratorError(last);
        }
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          throw new GeneratorError(`http generator: the reply is not JSON: ${text.slice(0, 200)}`);
        }
        const findings = (json as { findings?: unknown; text?: unknown })?.findings ?? (json as { text?: unknown })?.text;
        if (typeof findings !== 'string' || findings.trim() === '') {
          throw new GeneratorError(`http generator: the reply has no "findings" string: ${text.slice(0, 200)}`);
        }
        return findings.trim();
      }
      throw new GeneratorError(`${last} (after ${o.retries + 1} attempts)`);
    },
  };
}
