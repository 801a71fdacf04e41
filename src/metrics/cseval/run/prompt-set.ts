/**
 * A CSEval prompt set: `prompts:` entries `{ id, finding, prompt, seeds? }` in a YAML (or
 * JSON) file. The built-in one (src/metrics/cseval/prompts.yaml) is the paper's 31 prompts;
 * `metric-suite cseval --prompts FILE` takes a user's own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { packageRoot } from '../../../util/package-root.js';

export const PromptEntrySchema = z.strictObject({
  /** Stable id (`pleural-effusion/small-left`): pairs two generators' images, names run entries. */
  id: z.string().regex(/^[\w./-]+$/, 'letters, digits, "-", "_", "." or "/"'),
  /** Groups the per-finding table (Table 2). */
  finding: z.string().min(1),
  /** Sent to the text-to-image generator; the RadGraph-F1 reference. */
  prompt: z.string().min(1),
  /** Seeds for this prompt (default: 0 .. --seeds - 1). */
  seeds: z.array(z.number().int().nonnegative()).min(1).optional(),
});
export type PromptEntry = z.infer<typeof PromptEntrySchema>;

export const PromptSetSchema = z.strictObject({ prompts: z.array(PromptEntrySchema).min(1) });

/** The built-in prompt set (the CSEval paper's 31 prompts). */
export const builtinPromptsFile = (): string => path.join(packageRoot(), 'src', 'metrics', 'cseval', 'prompts.yaml');

/** Reads and checks a prompt set; throws one message naming the file and every problem. */
export function loadPromptSet(file: string): PromptEntry[] {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'), { maxAliasCount: 0 });
  } catch (e) {
    throw new Error(`cannot read the prompt set ${file}: ${(e as Error).message}`);
  }
  const parsed = PromptSetSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(`invalid prompt set ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const seen = new Set<string>();
  for (const p of parsed.data.prompts) {
    if (seen.has(p.id)) throw new Error(`invalid prompt set ${file}: prompt id "${p.id}" is used twice`);
    seen.add(p.id);
  }
  return parsed.data.prompts;
}
