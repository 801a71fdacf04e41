/**
 * `command`: a text-to-image model in a persistent Python worker (src/python: one process,
 * the model loaded once by `init`). The handler (a module name or a .py file) defines:
 *
 *   def init(**options) -> {"version": "...", ...}     # load the pipeline; version joins the cache key
 *   def generate(prompt, seed, width, height) -> {"image": "<base64 PNG>"}
 *
 * metric-suite ships `metric_suite_workers.diffusers_t2i` for a user's diffusers install.
 */
import path from 'node:path';
import { z } from 'zod';
import { PythonError, PythonService } from '../../../python/index.js';
import { mediaTypeOf } from '../generators/image.js';
import { ImageGeneratorError, type ImageGenerator } from './types.js';

export const CommandImageGeneratorSchema = z.strictObject({
  type: z.literal('command'),
  /** Python handler: a module (`metric_suite_workers.diffusers_t2i`) or a .py path (relative to the config file). */
  handler: z.string().min(1),
  /** Interpreter (default `$METRIC_SUITE_PYTHON`, else python3), e.g. `.venv/bin/python`. */
  python: z.string().min(1).optional(),
  pythonPath: z.array(z.string()).optional(),
  /** Passed to the handler's `init` (model path, device, steps, guidance, ...). */
  init: z.record(z.string(), z.unknown()).default({}),
  /** Overrides the version `init` reports. */
  version: z.string().min(1).optional(),
  /** Worker start plus `init` (loading a pipeline can take minutes). */
  startTimeoutMs: z.number().int().positive().default(900_000),
  timeoutMs: z.number().int().positive().default(600_000),
});
export type CommandImageGeneratorOptions = z.infer<typeof CommandImageGeneratorSchema>;

export function createCommandImageGenerator(o: CommandImageGeneratorOptions, root: string): ImageGenerator {
  const handler = /\.py$/.test(o.handler) ? path.resolve(root, o.handler) : o.handler;
  const service = new PythonService<{ version?: unknown }>({
    handler,
    cwd: root,
    init: o.init,
    startTimeoutMs: o.startTimeoutMs,
    ...(o.python ? { python: o.python } : {}),
    ...(o.pythonPath ? { pythonPath: o.pythonPath } : {}),
  });
  const fail = (e: unknown): never => {
    throw new ImageGeneratorError(`command image generator (${o.handler}): ${e instanceof PythonError ? e.message : (e as Error).message}`);
  };
  return {
    id: 'command',
    version: async () => {
      if (o.version) return o.version;
      const info = await service.info().catch(fail);
      return typeof info?.version === 'string' && info.version !== '' ? info.version : '1';
    },
    describe: `command ${o.handler}`,
    async generate(r, signal) {
      const out = await service.call<{ image?: unknown }>('generate', { ...r }, { timeoutMs: o.timeoutMs, ...(signal ? { signal } : {}) }).catch(fail);
      if (typeof out?.image !== 'string') throw new ImageGeneratorError(`command image generator (${o.handler}): generate() must return {"image": "<base64>"}`);
      const bytes = Buffer.from(out.image, 'base64');
      const mediaType = mediaTypeOf(bytes);
      if (!mediaType.startsWith('image/')) throw new ImageGeneratorError(`command image generator (${o.handler}): "image" is not a PNG, JPEG, GIF or WebP image`);
      return { bytes, mediaType };
    },
    close: () => service.close(),
  };
}
