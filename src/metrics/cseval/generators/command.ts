/**
 * `command` and `maira2`: a report generator in a persistent Python worker (src/python: one
 * process, the model loaded once by `init`). The handler defines
 *
 *   def init(**options) -> {...}                                       # load the model
 *   def generate(image, media_type, context, grounded) -> {"findings": "..."}
 *
 * where `image` is the base64 image. `maira2` is `command` with metric-suite's handler
 * `metric_suite_workers.maira2` for a user's transformers install (microsoft/maira-2, grounded
 * reporting; the raw grounded sequence comes back and is parsed by grounded.ts).
 */
import path from 'node:path';
import { z } from 'zod';
import { PythonError, PythonService, isMissingPython } from '../../../python/index.js';
import { loadImage } from './image.js';
import { GeneratorError, type ReportGenerator } from './types.js';

const python = {
  /** Interpreter (default `$METRIC_SUITE_PYTHON`, else python3), e.g. `.venv/bin/python`. */
  python: z.string().min(1).optional(),
  /** Extra sys.path folders (a clone, or test stand-ins), relative to the config file. */
  pythonPath: z.array(z.string()).optional(),
  patientContext: z.boolean().default(true),
  grounded: z.boolean().default(true),
  /** Worker start plus `init` (loading a 7B model can take minutes). */
  startTimeoutMs: z.number().int().positive().default(900_000),
  timeoutMs: z.number().int().positive().default(600_000),
};

export const CommandGeneratorSchema = z.strictObject({
  type: z.literal('command'),
  /** A module (`my_pkg.worker`) or a .py file (relative to the config file). */
  handler: z.string().min(1),
  init: z.record(z.string(), z.unknown()).default({}),
  ...python,
});

export const Maira2GeneratorSchema = z.strictObject({
  type: z.literal('maira2'),
  /** A local folder with the downloaded microsoft/maira-2 (or the hub id, when the Hugging Face cache already holds it). */
  model: z.string().min(1).default('microsoft/maira-2'),
  /** `cuda`, `cuda:1`, `cpu`; default cuda when available. */
  device: z.string().min(1).optional(),
  /** The model card's setting for grounded reporting. */
  maxNewTokens: z.number().int().positive().default(450),
  ...python,
});
export type CommandGeneratorOptions = z.infer<typeof CommandGeneratorSchema>;
export type Maira2GeneratorOptions = z.infer<typeof Maira2GeneratorSchema>;

export function createCommandGenerator(o: CommandGeneratorOptions | Maira2GeneratorOptions, root = process.cwd()): ReportGenerator {
  const isMaira = o.type === 'maira2';
  const handler = isMaira ? 'metric_suite_workers.maira2' : /\.py$/.test(o.handler) ? path.resolve(root, o.handler) : o.handler;
  const init = isMaira ? { model: o.model, max_new_tokens: o.maxNewTokens, ...(o.device ? { device: o.device } : {}) } : o.init;
  const service = new PythonService({
    handler, cwd: root, init, startTimeoutMs: o.startTimeoutMs,
    ...(o.python ? { python: o.python } : {}),
    ...(o.pythonPath ? { pythonPath: o.pythonPath } : {}),
  });
  const name = isMaira ? `maira2 ${o.model}` : `command ${o.handler}`;
  return {
    id: isMaira ? 'maira2' : 'command',
    live: true,
    describe: name,
    async generate(input, signal) {
      const image = await loadImage(input.image);
      let out: { findings?: unknown };
      try {
        out = await service.call<{ findings?: unknown }>(
          'generate',
          { image: image.bytes.toString('base64'), media_type: image.mediaType, context: o.patientContext ? (input.context ?? {}) : {}, grounded: o.grounded },
          { timeoutMs: o.timeoutMs, ...(signal ? { signal } : {}) },
        );
      } catch (e) {
        if (isMissingPython(e)) throw new GeneratorError(`${name}: ${(e as Error).message} (install the package in the interpreter given by \`python\`)`);
        throw new GeneratorError(`${name}: ${e instanceof PythonError ? e.message : (e as Error).message}`);
      }
      if (typeof out?.findings !== 'string' || out.findings.trim() === '') throw new GeneratorError(`${name}: generate() returned no "findings" text`);
      return out.findings.trim();
    },
    close: () => service.close(),
  };
}
