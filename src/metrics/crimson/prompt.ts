/**
 * The CRIMSON judge prompt: the built-in handlebars templates in `prompts/` (read from the
 * package folder, since the TypeScript build copies no .hbs files), or a user's template file.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTemplateSet, type PromptTemplate } from '../../llm/prompt.js';
import type { Context, Report } from '../contract.js';
import { packageRoot } from '../../util/package-root.js';

/** Folder of the built-in templates (`crimson.hbs`, `system.hbs`, `partials/*.hbs`). */
export function promptsDir(): string {
  return path.join(packageRoot(), 'src', 'metrics', 'crimson', 'prompts');
}

export interface CrimsonPromptOptions {
  /** A user's handlebars template for the user message (absolute path); the built-in partials stay available. */
  templateFile?: string;
  /** The system message; default the built-in `system.hbs`. An empty string sends none. */
  systemPrompt?: string;
  /** Include significance examples, context rules and grading examples. */
  guidelines: boolean;
  /** Include the patient context block. */
  patientContext: boolean;
}

/** What templates receive. */
export interface CrimsonPromptData extends Record<string, unknown> {
  reference: string;
  candidate: string;
  /** Patient context as ordered `{key, value}` pairs (`Age: 82`); empty when none or disabled. */
  context: { key: string; value: string }[];
  /** The same context as a plain object, for templates that want `{{context_object.age}}`. */
  context_object: Record<string, string>;
  guidelines: boolean;
}

export interface CrimsonPrompt {
  render(reference: Report, candidate: Report, context: Context | undefined): { system: string | undefined; user: string };
  /** Hash of every template source and setting that shapes the prompt: part of the metric version (cache key). */
  fingerprint: string;
}

export function buildCrimsonPrompt(options: CrimsonPromptOptions): CrimsonPrompt {
  const dir = promptsDir();
  const partialsDir = path.join(dir, 'partials');
  const set = createTemplateSet({ partialsDir });
  const userSource = readFileSync(options.templateFile ?? path.join(dir, 'crimson.hbs'), 'utf8');
  const user: PromptTemplate = set.compile(userSource);
  const systemSource = options.systemPrompt ?? readFileSync(path.join(dir, 'system.hbs'), 'utf8');
  const compiled = systemSource.trim() === '' ? undefined : set.compile(systemSource);
  // a system message without placeholders is rendered once, not per request
  const fixed = compiled && !systemSource.includes('{{') ? compiled({}).trim() : undefined;
  const system = fixed !== undefined ? () => fixed : compiled;
  const hash = createHash('sha256');
  hash.update(userSource).update('\0').update(systemSource).update('\0');
  for (const f of readdirSync(partialsDir).filter((x) => x.endsWith('.hbs')).sort()) hash.update(f).update(readFileSync(path.join(partialsDir, f))).update('\0');
  hash.update(JSON.stringify({ g: options.guidelines, c: options.patientContext }));
  return {
    fingerprint: hash.digest('hex').slice(0, 12),
    render(reference, candidate, context) {
      const entries = options.patientContext && context ? Object.entries(context) : [];
      const data: CrimsonPromptData = {
        reference: reportText(reference),
        candidate: reportText(candidate),
        context: entries.map(([k, v]) => ({ key: contextLabel(k), value: String(v) })),
        context_object: Object.fromEntries(entries.map(([k, v]) => [k, String(v)])),
        guidelines: options.guidelines,
      };
      const text = user(data);
      // A user's template is sent exactly as rendered (a fine-tuned judge may depend on it).
      return { system: system?.(data).trim(), user: options.templateFile ? text : collapseBlankLines(text) };
    },
  };
}

/** A report as prompt text: text as is, a list of findings one per line, anything else as JSON. */
export function reportText(r: Report): string {
  if (typeof r === 'string') return r.trim();
  if (Array.isArray(r) && r.every((x) => typeof x === 'string')) return r.map((x) => `- ${x}`).join('\n');
  return JSON.stringify(r, null, 2);
}

/** `age` -> `Age`, `study_description` -> `Study description`. */
function contextLabel(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function collapseBlankLines(s: string): string {
  return s.replace(/\n{3,}/g, '\n\n').trim() + '\n';
}
