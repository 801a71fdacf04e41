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
  /**
   * Whether the data fields `names` reach the output of `source` only as plain text: every
   * use, in the template and in the partials it calls, is a bare `{{name}}` (no helper, block,
   * condition or parameter sees the value) and nothing can reach the whole data object (`this`,
   * `@root`, partials given a context). Then the output for any non-empty values equals the
   * output for placeholder values with the placeholders replaced (crimson's prompt frames).
   */
  plainSlots(source: string, names: readonly string[]): boolean;
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
  const sources = new Map<string, string>();
  const register = (name: string, source: string) => {
    hb.registerPartial(name, source);
    sources.set(name, source);
    names.push(name);
  };
  if (options.partialsDir) {
    for (const file of readdirSync(options.partialsDir).filter((f) => f.endsWith('.hbs')).sort()) register(file.slice(0, -'.hbs'.length), readFileSync(path.join(options.partialsDir, file), 'utf8'));
  }
  for (const [name, source] of Object.entries(options.partials ?? {})) register(name, source);
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
    plainSlots: (source, slots) => {
      try {
        return plainIn(hb.parse(source), new Set(slots), (name) => sources.get(name), new Set());
      } catch {
        return false;
      }
    },
  };
}

/** An AST node of handlebars, as far as plainSlots looks at it. */
interface HbNode {
  type: string;
  [key: string]: unknown;
}

function plainIn(node: unknown, slots: Set<string>, partial: (name: string) => string | undefined, seen: Set<string>): boolean {
  if (!node || typeof node !== 'object') return true;
  if (Array.isArray(node)) return node.every((n) => plainIn(n, slots, partial, seen));
  const n = node as HbNode;
  const walk = (...xs: unknown[]) => xs.every((x) => plainIn(x, slots, partial, seen));
  switch (n.type) {
    case 'Program':
      return walk(n.body);
    case 'ContentStatement':
    case 'CommentStatement':
    case 'StringLiteral':
    case 'NumberLiteral':
    case 'BooleanLiteral':
    case 'UndefinedLiteral':
    case 'NullLiteral':
      return true;
    case 'PathExpression': {
      const parts = n.parts as string[];
      // `this`, `.`, `@root`: the whole data object; a slot as anything but a bare mustache
      return parts.length > 0 && !(n.data && parts[0] === 'root') && !slots.has(parts[0]!);
    }
    case 'MustacheStatement': {
      const p = n.path as HbNode;
      const bare = p.type === 'PathExpression' && (n.params as unknown[]).length === 0 && !n.hash;
      if (bare && (p.parts as string[]).length > 0 && !p.data) return true; // plain text of a field (a slot or not)
      return walk(n.path, n.params, n.hash);
    }
    case 'SubExpression':
    case 'BlockStatement':
      return walk(n.path, n.params, n.hash, n.program, n.inverse);
    case 'Hash':
      return walk((n.pairs as { value: unknown }[]).map((p) => p.value));
    case 'PartialStatement': {
      const name = n.name as HbNode;
      if (name.type !== 'PathExpression' || (n.params as unknown[]).length > 0 || n.hash) return false;
      const key = name.original as string;
      if (seen.has(key)) return true;
      const source = partial(key);
      if (source === undefined) return false;
      seen.add(key);
      return plainIn(loadHandlebars().parse(source), slots, partial, seen);
    }
    default:
      return false; // partial blocks, decorators, anything newer: not known to be plain
  }
}

/** Renders a template once, for callers that need no partials (`noEscape`, isolated). */
export function renderTemplate(source: string, data: Record<string, unknown>): string {
  return createTemplateSet().compile(source)(data);
}
