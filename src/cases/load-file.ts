import path from 'node:path';
import type { Problem } from './problem.js';
import { buildCase } from './build.js';
import { parseFast } from './fast-yaml.js';
import type { Case } from './model.js';
import type { Path } from './positions.js';
import { CASE_KINDS, CaseSchema } from './schema.js';
import { isObject, parseYamlText, readText, zodProblems, type At } from './yaml-file.js';

export interface FileLoad {
  cases: Case[];
  problems: Problem[];
  /** Where a case id was written (for duplicate-id messages across files); computed on demand. */
  idAt(id: string): Problem;
}

/** Default id: the path under the cases root, without extension, with forward slashes. */
export function defaultId(file: string, root: string): string {
  const rel = path.relative(root, file).replace(/\\/g, '/');
  return rel.replace(/\.(ya?ml|json)$/i, '');
}

/** How a parse exposes positions: a problem at a path, and where a mapping starts. */
interface Source {
  data: unknown;
  at: At;
  start(prefix: Path, node: object): { line: number; column: number };
}

/**
 * Loads one YAML or JSON case file: every problem found, and every good case in it.
 * Clean files take the fast parser; a file with any problem is read again thoroughly so
 * each message carries its exact `file:line:col`.
 */
export async function loadCaseFile(file: string, root: string, display = file): Promise<FileLoad> {
  const text = await readText(file, display, 'case file');
  if (typeof text !== 'string') return { cases: [], problems: [text], idAt: () => text };
  let slow: ReturnType<typeof parseYamlText> | undefined;
  const thorough = () => (slow ??= parseYamlText(text, display));
  try {
    const fast = parseFast(text);
    const at: At = (p, message, key) => thorough().at(p, message, key); // only reached for positions
    const loaded = loadCases({ data: fast.data, at, start: (p, node) => fast.startOf(node) ?? at(p, '') }, file, root, true);
    if (loaded.problems.length === 0) return loaded;
  } catch {
    /* invalid YAML: the thorough parser reports where */
  }
  const { data, at, problems } = thorough();
  if (problems.length > 0) return { cases: [], problems, idAt: () => problems[0]! };
  return loadCases({ data, at, start: (p) => at(p, '') }, file, root, false);
}

/** `fast`: stop at the first problem (the caller re-reads the file thoroughly). */
function loadCases(src: Source, file: string, root: string, fast: boolean): FileLoad {
  const idPaths = new Map<string, Path>();
  const out: FileLoad = { cases: [], problems: [], idAt: (id) => src.at(idPaths.get(id) ?? [], '') };
  const seen = new Set<string>();
  const { data, at } = src;
  if (!isObject(data)) {
    out.problems.push(at([], 'a case file holds a case (with `kind:`) or a `cases:` list'));
    return out;
  }
  const entries = Array.isArray(data.cases) ? listEntries(data, at, out) : [{ raw: data, node: data, prefix: [] as Path }];
  const baseId = defaultId(file, root);
  entries.forEach(({ raw, node, prefix }, i) => {
    if (fast && out.problems.length > 0) return;
    const where: At = (p, m, key) => at([...prefix, ...p], m, key);
    const kind = raw.kind;
    if (kind === undefined) return void out.problems.push(where([], `missing \`kind\` (one of ${CASE_KINDS.join(', ')})`));
    if (!CASE_KINDS.includes(kind as never)) {
      return void out.problems.push(where(['kind'], `unknown kind "${String(kind)}" (expected one of ${CASE_KINDS.join(', ')})`));
    }
    const parsed = CaseSchema.safeParse(raw);
    if (!parsed.success) return void out.problems.push(...zodProblems(parsed.error, where));
    const id = parsed.data.id ?? (prefix.length > 0 ? `${baseId}#${i + 1}` : baseId);
    const start = src.start(prefix, node);
    const built = buildCase(parsed.data, id, { file, line: start.line, column: start.column }, root);
    if (built.issues.length > 0) return void out.problems.push(...built.issues.map((x) => where(x.path, `case "${id}": ${x.message}`)));
    const idPath = parsed.data.id ? [...prefix, 'id'] : prefix;
    if (seen.has(id)) {
      const first = out.idAt(id);
      return void out.problems.push(at(idPath, `duplicate case id "${id}" (first at ${first.file}:${first.line}:${first.column})`));
    }
    seen.add(id);
    idPaths.set(id, idPath);
    out.cases.push(built.case!);
  });
  return out;
}

/** Entries of a `cases:` list with `defaults` merged in (the entry wins). */
function listEntries(data: Record<string, unknown>, at: At, out: FileLoad): { raw: Record<string, unknown>; node: object; prefix: Path }[] {
  const allowed = new Set(['$schema', 'defaults', 'cases']);
  for (const k of Object.keys(data)) {
    if (!allowed.has(k)) out.problems.push(at([], `unknown key "${k}" next to \`cases:\` (put shared fields under \`defaults:\`)`, k));
  }
  if (data.defaults !== undefined && !isObject(data.defaults)) out.problems.push(at(['defaults'], '`defaults` must be a mapping'));
  const defaults = isObject(data.defaults) ? data.defaults : {};
  return (data.cases as unknown[]).flatMap((raw, i) => {
    if (isObject(raw)) return [{ raw: { ...defaults, ...raw }, node: raw, prefix: ['cases', i] as Path }];
    out.problems.push(at(['cases', i], 'each entry of `cases:` must be a mapping'));
    return [];
  });
}
