import path from 'node:path';
import { glob } from 'glob';
import type { Case } from '../cases/model.js';
import { findSuiteFiles, loadSuite } from '../suite/load.js';
import type { Suite } from '../suite/schema.js';
import { packageRoot } from '../util/package-root.js';
import { usageProblem, type Problem } from './results.js';

/** Case filters shared by `run` and `list`. */
export interface CaseFilter {
  /** Substring of id or title (case-insensitive), or `/regex/flags`. */
  filter?: string;
  tags?: string[];
  capabilities?: string[];
  /** Only cases from these files (absolute paths): `--changed`, `--watch` re-runs. */
  caseFiles?: ReadonlySet<string>;
}

export function matchesFilter(c: Case, f: CaseFilter): boolean {
  if (f.caseFiles && !f.caseFiles.has(path.resolve(c.location.file))) return false;
  if (f.filter) {
    const m = /^\/(.*)\/([a-z]*)$/.exec(f.filter);
    const hay = `${c.id}\n${c.title ?? ''}`;
    if (m ? !new RegExp(m[1]!, m[2]).test(hay) : !hay.toLowerCase().includes(f.filter.toLowerCase())) return false;
  }
  if (f.tags?.length && !f.tags.some((t) => c.tags.includes(t))) return false;
  if (f.capabilities?.length && !f.capabilities.includes(c.capability ?? '')) return false;
  return true;
}

export interface SuiteSelection {
  /** Case globs given on the command line: one ad-hoc suite instead of suite files. */
  cases?: string[];
  metrics?: string[];
  suites?: string[];
  /** Suite file globs from the config, relative to root. */
  suiteGlobs?: string[];
  /** Suites built in memory (`metric-suite test`): run as given, no suite files are read. */
  prepared?: Suite[];
}

/**
 * The suites to run: an ad-hoc suite from `--cases`, else the config's suite globs, else
 * `suites/` under root, else the built-in suites shipped with the package.
 */
export async function selectSuites(root: string, cwd: string, sel: SuiteSelection): Promise<{ suites: Suite[]; problems: Problem[] }> {
  const problems: Problem[] = [];
  if (sel.prepared) return { suites: sel.prepared, problems };
  if (sel.cases?.length) {
    const metrics = sel.metrics ?? [];
    const suite: Suite = { name: 'cases', cases: sel.cases, metrics, file: '(command line)', dir: cwd, metricAt: {} };
    if (metrics.length === 0) problems.push(usageProblem('--cases needs at least one --metric'));
    return { suites: [suite], problems };
  }
  let files: string[];
  if (sel.suiteGlobs?.length) {
    files = [...new Set((await Promise.all(sel.suiteGlobs.map((g) => glob(g, { cwd: root, absolute: true, nodir: true })))).flat())].sort();
  } else {
    files = await findSuiteFiles(path.join(root, 'suites'));
    if (files.length === 0 && root !== packageRoot()) files = await findSuiteFiles(path.join(packageRoot(), 'suites'));
  }
  const suites: Suite[] = [];
  for (const file of files) {
    const rel = path.relative(cwd, file);
    const loaded = await loadSuite(file, rel.startsWith('..') ? file : rel);
    problems.push(...loaded.problems);
    if (loaded.suite) suites.push(loaded.suite);
  }
  const byName = new Map<string, Suite>();
  for (const s of suites) {
    const first = byName.get(s.name);
    if (first) problems.push({ ...s.metricAt[s.metrics[0]!]!, line: 1, column: 1, file: s.file, message: `duplicate suite name "${s.name}" (also in ${first.file})` });
    else byName.set(s.name, s);
  }
  let chosen = [...byName.values()];
  if (sel.suites?.length) {
    for (const n of sel.suites) {
      if (!byName.has(n)) problems.push(usageProblem(`unknown suite "${n}" (suites: ${[...byName.keys()].join(', ') || 'none'})`));
    }
    chosen = chosen.filter((s) => sel.suites!.includes(s.name));
  }
  if (sel.metrics?.length) chosen = chosen.map((s) => ({ ...s, metrics: s.metrics.filter((m) => sel.metrics!.includes(m)) }));
  return { suites: chosen, problems };
}
