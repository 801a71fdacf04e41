import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import type { Problem } from './problem.js';
import { nodeFor, positionOf, type Path } from './positions.js';
import { readText } from './read-text.js';
import { fieldNames } from './field-names.js';
import { missingFieldMessage } from './lint/missing-field.js';
import { didYouMean } from './lint/suggest.js';
import { unclosedQuoteOffset, yamlSyntaxMessage } from './lint/yaml-syntax.js';
import { fastYaml, pathKey } from './yaml-fast.js';
import { firstAlias, flowDepthOverflow, refuse, YAML_LIMITS } from './yaml-guards.js';

/** Builds a problem at a path inside the document (optionally at a key of a mapping). */
export type At = (path: Path, message: string, key?: string) => Problem;

export interface YamlFile {
  data?: unknown;
  at: At;
  problems: Problem[];
}

/**
 * Reads and parses a YAML or JSON file (JSON is YAML 1.2), keeping node positions so any
 * later problem can be reported as `file:line:col`. Duplicate keys are errors.
 */
export async function readYamlFile(file: string, display: string, what: string): Promise<YamlFile> {
  const read = readText(file, display, what);
  return typeof read === 'string' ? parseYamlText(read, display) : { at: () => read, problems: [read] };
}

export { readText };

/**
 * Parses YAML text with positions; never throws. Every parse failure, refused construct
 * (tags, reserved keys, nesting past YAML_LIMITS) and alias error (unknown anchor, an
 * expansion past `maxAliasCount`) is a problem at its `file:line:col`. Case, suite and config
 * files all come through here, so `validate`, `list` and `run` apply the same limits.
 */
export function parseYamlText(text: string, display: string): YamlFile {
  // Plain files take the fast path; its positions cover where cases and ids start, and any
  // other position (a problem's) comes from a full parse made only then.
  const fast = fastYaml(text);
  if (fast) {
    let full: YamlFile | undefined;
    const at: At = (p, message, key) => {
      const pos = key === undefined ? fast.positions.get(pathKey(p)) : undefined;
      if (pos) return { file: display, ...pos, message };
      return (full ??= fullParse(text, display)).at(p, message, key);
    };
    return { data: fast.data, at, problems: [] };
  }
  return fullParse(text, display);
}

function fullParse(text: string, display: string): YamlFile {
  const counter = new LineCounter();
  const problem = (offset: number, message: string): Problem => ({ file: display, ...positionOf(counter, offset), message });
  const deep = flowDepthOverflow(text);
  if (deep !== undefined) {
    lineStarts(counter, text);
    return { at: () => problem(deep, ''), problems: [problem(deep, `invalid YAML: nesting deeper than ${YAML_LIMITS.maxDepth} levels`)] };
  }
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter: counter, uniqueKeys: true, prettyErrors: true });
  } catch (e) {
    lineStarts(counter, text);
    const p = problem(0, `invalid YAML: ${firstLine(e)}`);
    return { at: () => p, problems: [p] };
  }
  const at: At = (p, message, key) => ({ file: display, ...positionOf(counter, nodeFor(doc, p, key)), message });
  // one problem per file: the parser's later errors usually follow from its first
  const first = doc.errors[0] ?? doc.warnings[0];
  if (first) {
    const { message, detail } = yamlSyntaxMessage(first, text);
    // an unclosed quote is noticed at the end of the file; point at where it opens
    const opened = first.code === 'MISSING_CHAR' && /quote/i.test(first.message) ? unclosedQuoteOffset(text) : undefined;
    return { at, problems: [{ ...problem(opened ?? first.pos[0], message), detail }] };
  }
  const refused = refuse(doc);
  if (refused) return { at, problems: [{ file: display, ...positionOf(counter, refused.node), message: `invalid YAML: ${refused.message}` }] };
  try {
    return { data: doc.toJS({ maxAliasCount: YAML_LIMITS.maxAliasCount }), at, problems: [] };
  } catch (e) {
    const alias = firstAlias(doc);
    return { at, problems: [{ file: display, ...positionOf(counter, alias), message: `invalid YAML: ${firstLine(e)}` }] };
  }
}

const firstLine = (e: unknown): string => ((e as Error)?.message ?? String(e)).split('\n')[0]!;

/** Fills the line counter when the parser did not run (positions of pre-parse problems). */
function lineStarts(counter: LineCounter, text: string): void {
  counter.addNewLine(0);
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) counter.addNewLine(i + 1);
}

/**
 * zod issues as positioned problems (unknown keys point at the key itself, with the closest
 * field name of `schema` when one is near). With the parsed `data`, a field that is absent
 * says so and what it should hold.
 */
export function zodProblems(error: z.ZodError, at: At, prefix: Path = [], data?: unknown, schema?: z.ZodType): Problem[] {
  return error.issues.slice(0, 8).map((issue) => {
    const p = [...prefix, ...issue.path.filter((x): x is string | number => typeof x !== 'symbol')];
    const rel = issue.path.filter((x): x is string | number => typeof x !== 'symbol');
    const field = rel.length > 0 ? rel.join('.') : '(root)';
    if (issue.code === 'unrecognized_keys') {
      const keys = (issue as { keys: string[] }).keys;
      const hint = schema ? didYouMean(keys[0]!, fieldNames(schema)) : '';
      const notes = [hint, keys.length > 1 ? `also ${keys.slice(1).join(', ')}` : ''].filter(Boolean).join('; ');
      return at(p, `unknown field "${keys[0]}"${rel.length ? ` in ${field}` : ''}${notes ? ` (${notes})` : ''}`, keys[0]);
    }
    const missing = data === undefined ? undefined : missingFieldMessage(issue, data);
    return at(p, missing ?? `${field}: ${issue.message}`);
  });
}

export function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}
