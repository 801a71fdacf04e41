/**
 * Prompt templates: handlebars with HTML escaping OFF (a prompt is not HTML: `{{reference}}`
 * must keep `<`, `&` and quotes as written) in an isolated environment, so one judge's
 * partials and helpers never leak into another's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type HandlebarsNs from 'handlebars';

/** handlebars, loaded when the first template set is made: commands without a prompt never pay for it. */
let handlebars: typeof HandlebarsNs | undefined;
const loadHandlebars = (): typeof HandlebarsNs => (handlebars ??= createRequire(import.meta.url)('handlebars') as typeof HandlebarsNs);

export type PromptTemplate = (data: Record<string, unknown>) => string;

export interface TemplateSet {
  /** Compiles template source against this set's partials and helpers. */
  compile(source: string): PromptTemplate;
  /** Compiles a template file (UTF-8). */
  compileFile(file: string): PromptTemplate;
  /** Partial names available as `{{> name}}`. */
  partials(): string[];
}

/**
 * A template environment. `partialsDir`: every `*.hbs` file in it becomes a partial named
 * after the file (`taxonomy.hbs` -> `{{> taxonomy}}`). Helpers: `json` (JSON.stringify,
 * indented with a second argument), `eq`, `join` (array, separator), `inc` (index + 1).
 */
export function createTemplateSet(options: { partialsDir?: string; partials?: Record<string, string> } = {}): TemplateSet {
  const hb = loadHandlebars().create();
  hb.registerHelper('json', (value: unknown, indent: unknown) => JSON.stringify(value, null, typeof indent === 'number' ? indent : undefined));
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('join', (value: unknown, sep: unknown) => (Array.isArray(value) ? value.join(typeof sep === 'string' ? sep : ', ') : ''));
  hb.registerHelper('inc', (value: unknown) => Number(value) + 1);
  const names: string[] = [];
  if (options.partialsDir) {
    for (const file of readdirSync(options.partialsDir).filter((f) => f.endsWith('.hbs')).sort()) {
      const name = file.slice(0, -'.hbs'.length);
      hb.registerPartial(name, readFileSync(path.join(options.partialsDir, file), 'utf8'));
      names.push(name);
    }
  }
  for (const [name, source] of Object.entries(options.partials ?? {})) {
    hb.registerPartial(name, source);
    names.push(name);
  }
  const compile = (source: string): PromptTemplate => {
    hb.parse(source); // syntax errors now, not at the first render
    const t = hb.compile(source, { noEscape: true });
    return (data) => t(data);
  };
  return {
    compile,
    compileFile: (file) => {
      try {
        return compile(readFileSync(file, 'utf8'));
      } catch (e) {
        throw new Error(`cannot read prompt template ${file}: ${(e as Error).message}`);
      }
    },
    partials: () => [...names].sort(),
  };
}

/** Renders a template once, for callers that need no partials (`noEscape`, isolated). */
export function renderTemplate(source: string, data: Record<string, unknown>): string {
  return createTemplateSet().compile(source)(data);
}
