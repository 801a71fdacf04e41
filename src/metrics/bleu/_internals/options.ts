import type { z } from 'zod';

/**
 * Parses a metric's options with its zod schema, throwing one readable error that names every
 * problem (`invalid bleu options: Unrecognized key: "smooth"; weights: ...`).
 * @internal
 */
export function parseOptions<S extends z.ZodType>(metricId: string, schema: S, options: Record<string, unknown>): z.infer<S> {
  const parsed = schema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`);
  throw new Error(`invalid ${metricId} options: ${issues.join('; ')}`);
}
