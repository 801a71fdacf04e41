/** Options of the `cseval` metrics (config `metrics.<id>.options`); unknown keys are an error. */
import path from 'node:path';
import { z } from 'zod';
import { GeneratorOptionsSchema } from './generators/index.js';

export const CsevalOptionsSchema = z.strictObject({
  /** The report generator: `{ type: replay }` (default), `{ type: openai, ... }` or `{ type: http, ... }`. */
  generator: GeneratorOptionsSchema.default({ type: 'replay' }),
  /** The reported value; all three levels are in the details. The paper does not state it (METRICS §2.2). */
  level: z.enum(['simple', 'partial', 'complete']).default('partial'),
  /** RadGraph-F1 letter-case variant (METRICS §2.2); `head` lowercases, so "Moderate" matches the prompt's "moderate". */
  variant: z.enum(['head', 'pypi']).default('head'),
  /** Score only grounded phrases of MAIRA-2 grounded output (the paper's setting); free text is always used whole. */
  groundedOnly: z.boolean().default(true),
  /** Write live generator output back into the case files as `findings` (at the end of the run). */
  record: z.boolean().default(false),
  /** Where `record` looks for case files that use an image (relative to the config file). */
  casesDir: z.string().min(1).default('cases'),
  /** Concurrent generator calls (live generators). */
  concurrency: z.number().int().positive().max(256).default(4),
});
export type CsevalOptions = z.infer<typeof CsevalOptionsSchema>;

export function parseCsevalOptions(options: Record<string, unknown> | undefined, id: string): CsevalOptions {
  const parsed = CsevalOptionsSchema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`);
  throw new Error(`invalid ${id} options: ${issues.join('; ')}`);
}

export const casesDirOf = (o: CsevalOptions, root: string): string => path.resolve(root, o.casesDir);
