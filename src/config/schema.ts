import { z } from 'zod';
import type { Metric } from '../metrics/contract.js';

/** How a configured metric id is provided, and how the runner schedules it. */
export const MetricSpecSchema = z
  .object({
    use: z.string().optional().describe('A built-in metric to configure, e.g. bleu'),
    radeval: z.string().optional().describe('A metric of the installed RadEval package, e.g. bertscore (same as use: radeval:bertscore)'),
    module: z.string().optional().describe('A JS/TS file exporting defineMetric(...) or a factory'),
    command: z
      .union([
        z.array(z.string()).min(1),
        z.object({
          argv: z.array(z.string()).min(1),
          cwd: z.string().optional(),
          env: z.record(z.string(), z.string()).optional(),
          startTimeoutMs: z.number().positive().optional(),
        }).strict(),
      ])
      .optional()
      .describe('A long-lived worker speaking newline-delimited JSON, e.g. [python3, my_metric.py]'),
    http: z
      .object({
        url: z.string().url(),
        headers: z.record(z.string(), z.string()).optional().describe('Literal headers (never secrets)'),
        headerEnv: z.record(z.string(), z.string()).optional().describe('Header -> environment variable NAME (or "Bearer ${NAME}")'),
        timeoutMs: z.number().positive().optional().describe('Per HTTP attempt'),
        retries: z.number().int().nonnegative().optional(),
        backoffMs: z.number().nonnegative().optional(),
        maxBackoffMs: z.number().nonnegative().optional(),
        declaration: z.record(z.string(), z.unknown()).optional().describe('The metric declaration; else GET url'),
      })
      .strict()
      .optional()
      .describe('A metric served over HTTP: POST { requests } -> { outcomes }'),
    options: z.record(z.string(), z.unknown()).optional(),
    batchSize: z.number().int().positive().optional().describe('Requests per score() call (default: the declaration\'s, else 64)'),
    concurrency: z.number().int().positive().optional().describe('Batches in flight at once (default: the declaration\'s, else 4; command metrics: worker processes, default 1)'),
    timeoutMs: z.number().positive().optional().describe('Time allowed per batch (default: the declaration\'s, else 60000 ms = 60 s); past it the batch is an error (command and module metrics: scored again one request at a time, so only the request that times out alone is)'),
    retries: z.number().int().nonnegative().optional().describe('Re-tries of a batch that failed as a whole (default 0)'),
    maxHeapMb: z.number().int().min(16).optional().describe('module metrics: heap limit of the metric\'s worker thread (or process) in MB (default 1024); past it its requests are errors, the run goes on'),
    isolation: z.enum(['worker', 'process']).optional().describe('module metrics: run in a worker thread (default) or in a child process of its own (native state, leaks, a heap apart from the run); a crash, exit, hang or out-of-memory is an error verdict either way'),
    poolSize: z.number().int().min(1).max(64).optional().describe('module metrics: copies of the metric run side by side (threads or processes), batches going to the least busy (default 1)'),
    cacheKeyFiles: z.array(z.string()).optional().describe('module/command metrics: more files (globs) whose content joins the cache key, beside the module and its local imports or the scripts the command names'),
    repeats: z.number().int().min(1).max(100).optional().describe('Non-deterministic metrics: score each request this many times; disagreeing repeats give `inconclusive`'),
  })
  .strict()
  .refine((s) => !(s.use && s.module), 'give either `use` or `module`, not both')
  .refine((s) => [s.use, s.radeval, s.module, s.command, s.http].filter((x) => x !== undefined).length <= 1, 'give only one of `use`, `radeval`, `module`, `command` or `http`')
  .refine((s) => s.module !== undefined || (s.isolation === undefined && s.poolSize === undefined), '`isolation` and `poolSize` apply to `module:` metrics only');

export type MetricSpec = z.infer<typeof MetricSpecSchema>;

/** A metric object written inline in a JS/TS config. */
const InlineMetric = z.custom<Metric>((v) => typeof v === 'object' && v !== null && typeof (v as Metric).score === 'function');

export const ConfigSchema = z
  .object({
    $schema: z.string().optional(),
    suites: z.array(z.string()).optional().describe('Suite file globs (default suites/*.yaml)'),
    cacheDir: z.string().optional().describe('Default .metric-suite/cache'),
    reporters: z.array(z.string()).optional(),
    capabilities: z
      .array(z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'a capability is lower-case words joined by "-"'))
      .optional()
      .describe('Capabilities your cases may name beyond the documented ones (laterality, negation, ...); `validate` rejects any other'),
    metrics: z.record(z.string(), z.union([InlineMetric, MetricSpecSchema])).optional(),
    imageGenerators: z.record(z.string(), z.record(z.string(), z.unknown())).optional().describe('Text-to-image generators for `metric-suite cseval --generator <name>` (src/metrics/cseval/README.md)'),
  })
  .strict();

export type ConfigInput = z.input<typeof ConfigSchema>;
export type Config = z.infer<typeof ConfigSchema>;

/** Identity helper that types a config file (`export default defineConfig({...})`). */
export function defineConfig(config: ConfigInput): ConfigInput {
  return config;
}
