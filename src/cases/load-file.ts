import path from 'node:path';
import type { Problem } from './problem.js';
import { buildCase } from './build.js';
import { capabilityProblem, DOCUMENTED_CAPABILITIES } from './lint/capabilities.js';
import { linkOutside } from './confine.js';
import type { Case } from './model.js';
import type { Path } from './positions.js';
import { readText } from './read-text.js';
import { quickCase } from './quick-check.js';
import { CASE_KINDS, CaseSchema, type CaseInput } from './schema.js';
import { isObject, parseYamlText, zodProblems, type At } from './yaml-file.js';

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
}

/**
 * Loads one YAML or JSON case file: every problem found, and every good case in it; never throws.
 * A case whose `capability` is not in `capabilities` (default: the documented ones) is a problem.
 */
export async function loadCaseFile(file: string, root: string, display = file, capabilities: ReadonlySet<string> = DOCUMENTED_CAPABILITIES): Promise<FileLoad> {
  const outside = linkOutside(file, root);
  if (outside !== undefined) {
    const p: Problem = { file: display, line: 1, column: 1, message: `case file is a link to ${outside}, outside the cases root ${root}: case files must stay inside it` };
    return { cases: [], problems: [p], idAt: () => p };
  }
  const text = readText(file, display, 'case file');
  if (typeof text !== 'string') return { cases: [], problems: [text], idAt: () => text };
  const { data, at, problems } = parseYamlText(text, display);
  if (problems.length > 0) return { cases: [], problems, idAt: () => problems[0]! };
  try {
    return loadCases({ data, at }, file, root, capabilities);
  } catch (e) {
    // a bug here must not cost the other files: this file gets a located problem instead
    const p = at([], `cannot load case file: ${(e as Error)?.message ?? String(e)}`);
    return { cases: [], problems: [p], idAt: () => p };
  }
}

function loadCases(src: Source, file: string, root: string, capabilities: ReadonlySet<string>): FileLoad {
  // Positions of ids are taken now: a closure over the parsed document would keep every
  // file's YAML tree alive for the whole run (it doubled peak memory at 100,000 cases).
  const idPositions = new Map<string, number>();
  const out: FileLoad = { cases: [], problems: [], idAt: idLookup(idPositions, src.at([], '')) };
  const seen = new Set<string>();
  const reportedCapabilities = new Set<string>();
  const { data, at } = src;
  if (!isObject(data)) {
    out.problems.push(at([], 'a case file holds a case (with `kind:`) or a `cases:` list'));
    return out;
  }
  if ('cases' in data && !Array.isArray(data.cases)) {
    out.problems.push(at(['cases'], '`cases:` must be a list of cases'));
    return out;
  }
  if (Array.isArray(data.cases) && data.cases.length === 0) {
    out.problems.push(at(['cases'], '`cases:` is empty: list at least one case, or delete the file'));
    return out;
  }
  const entries = Array.isArray(data.cases) ? listEntries(data, at, out) : [{ raw: data, prefix: [] as Path }];
  const baseId = defaultId(file, root);
  entries.forEach(({ raw, prefix }, i) => {
    const where: At = (p, m, key) => at([...prefix, ...p], m, key);
    const kind = raw.kind;
    if (kind === undefined) return void out.problems.push(where([], `missing \`kind\` (one of ${CASE_KINDS.join(', ')})`));
    if (!CASE_KINDS.includes(kind as never)) {
      return void out.problems.push(where(['kind'], `unknown kind "${String(kind)}" (expected one of ${CASE_KINDS.join(', ')})`));
    }
    // checked first, so a case with other mistakes too reports this one as well
    const badCapability = capabilityProblem(raw.capability, capabilities);
    const capabilityAt = badCapability ? capabilityPath(data, prefix, reportedCapabilities) : undefined;
    if (capabilityAt) out.problems.push(at(capabilityAt, badCapability!));
    const parsed = quickCase(raw) ? { success: true as const, data: raw as CaseInput } : CaseSchema.safeParse(raw);
    if (!parsed.success) return void out.problems.push(...zodProblems(parsed.error, where, [], raw, CaseSchema));
    const id = parsed.data.id ?? (prefix.length > 0 ? `${baseId}#${i + 1}` : baseId);
    const start = at(prefix, '');
    const built = buildCase(parsed.data, id, { file, line: start.line, column: start.column }, root);
    if (built.issues.length > 0) return void out.problems.push(...built.issues.map((x) => where(x.path, `case "${id}": ${x.message}`)));
    if (badCapability) return;
    const idPath = parsed.data.id ? [...prefix, 'id'] : prefix;
    if (seen.has(id)) {
      const first = out.idAt(id);
      return void out.problems.push(at(idPath, `duplicate case id "${id}" (first at ${first.file}:${first.line}:${first.column})`));
    }
    seen.add(id);
    const idAt = at(idPath, '');
    idPositions.set(id, idAt.line * COLUMNS + idAt.column);
    out.cases.push(built.case!);
  });
  return out;
}

/** Where a bad capability was written: the entry's own, else the one under `defaults` it took (`undefined` once that was reported). */
function capabilityPath(data: Record<string, unknown>, prefix: Path, reported: Set<string>): Path | undefined {
  const entry = prefix.length === 0 ? data : (data.cases as unknown[])[prefix[1] as number];
  const path = isObject(entry) && 'capability' in entry ? [...prefix, 'capability'] : ['defaults', 'capability'];
  const key = path.join('.');
  if (reported.has(key)) return undefined;
  reported.add(key);
  return path;
}

/** Positions of ids packed as line * COLUMNS + column (a number per case, not an object): columns stay below it, as files stay under 16 MiB. */
const COLUMNS = 2 ** 25;

/**
 * Made outside loadCases on purpose: a closure created there shares its context with the
 * callbacks that use `at` and `data`, and would keep the file's text and parse alive.
 */
function idLookup(positions: Map<string, number>, top: Problem): (id: string) => Problem {
  return (id) => {
    const packed = positions.get(id);
    return packed === undefined ? top : { file: top.file, line: Math.floor(packed / COLUMNS), column: packed % COLUMNS, message: '' };
  };
}

/** `{ ...defaults, ...raw }`, without a spread (spread objects got a hidden class each) and without a copy when there are no defaults. */
function withDefaults(defaults: Record<string, unknown>, raw: Record<string, unknown>): Record<string, unknown> {
  let any = false;
  for (const _ in defaults) {
    any = true;
    break;
  }
  if (!any) return raw;
  const out: Record<string, unknown> = {};
  for (const k in defaults) out[k] = defaults[k];
  for (const k in raw) out[k] = raw[k];
  return out;
}

/** Entries of a `cases:` list with `defaults` merged in (the entry wins). */
function listEntries(data: Record<string, unknown>, at: At, out: FileLoad): { raw: Record<string, unknown>; prefix: Path }[] {
  const allowed = new Set(['$schema', 'defaults', 'cases']);
  for (const k of Object.keys(data)) {
    if (!allowed.has(k)) out.problems.push(at([], `unknown key "${k}" next to \`cases:\` (put shared fields under \`defaults:\`)`, k));
  }
  if (data.defaults !== undefined && !isObject(data.defaults)) out.problems.push(at(['defaults'], '`defaults` must be a mapping'));
  const defaults = isObject(data.defaults) ? data.defaults : {};
  return (data.cases as unknown[]).flatMap((raw, i) => {
    if (isObject(raw)) return [{ raw: withDefaults(defaults, raw), prefix: ['cases', i] as Path }];
    out.problems.push(at(['cases', i], 'each entry of `cases:` must be a mapping'));
    return [];
  });
}
