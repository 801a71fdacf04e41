import { z } from 'zod';
import type { Metric } from './contract.js';

/** zod schema of a metric declaration; `defineMetric` checks user metrics against it. */
export const MetricDeclarationSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*(:[a-z0-9._-]+)*$/i, 'ids are words joined by "-", "." or "_", variants after ":"'),
  version: z.string().min(1),
  description: z.string(),
  direction: z.enum(['higher', 'lower']),
  range: z.tuple([z.number(), z.number()]).refine(([lo, hi]) => lo <= hi, 'range must be [min, max]'),
  tieTolerance: z.number().nonnegative(),
  deterministic: z.boolean(),
  inputs: z.array(z.enum(['text', 'structured', 'image+prompt'])).min(1),
  symmetric: z.boolean().optional(),
  batchSize: z.number().int().positive().optional(),
  concurrency: z.number().int().positive().optional(),
  timeoutMs: z.number().positive().optional(),
  retries: z.number().int().nonnegative().optional(),
  remote: z.boolean().optional(),
  endpoint: z.string().optional(),
  cache: z.boolean().optional(),
  cost: z.number().positive().optional(),
});

/**
 * Declare a metric. Returns it unchanged after checking the declaration, so a typo in a
 * field shows up when the module loads rather than as odd verdicts later.
 * @throws Error naming every invalid field.
 */
export function defineMetric<M extends Metric>(metric: M): M {
  const parsed = MetricDeclarationSchema.safeParse(metric);
  if (!parsed.success) {
    const where = typeof metric?.id === 'string' ? ` "${metric.id}"` : '';
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`invalid metric${where}: ${issues.join('; ')}`);
  }
  if (typeof metric.score !== 'function') throw new Error(`invalid metric "${metric.id}": score must be a function`);
  return metric;
}
