import path from 'node:path';
import { minimatch } from 'minimatch';
import { findProject, loadConfig } from '../../config/load.js';
import { selectSuites } from '../../runner/select.js';
import type { Suite } from '../../suite/schema.js';
import { packageRoot } from '../../util/package-root.js';

/** Where `new case` writes, and which of the project's suites runs the file there. */
export interface CaseTarget {
  file: string;
  /** The suite whose `cases` globs match the file; undefined when none does. */
  suite?: string;
  /** The folder of the project's first suite; undefined when it has none (the built-in suites run). */
  suiteDir?: string;
}

const posix = (p: string) => p.split(path.sep).join('/');
const MAGIC = /[*?[\]{}()!+@]/;

/** A suite's case globs as absolute patterns (they are relative to the suite's folder). */
const patternsOf = (s: Suite) => s.cases.map((g) => posix(path.resolve(s.dir, g)));
const covers = (s: Suite, file: string) => patternsOf(s).some((p) => minimatch(posix(file), p, { dot: true }));

/**
 * The file a new case goes to: `out` when given; else `cases/<kind>/<capability>/<name>.yaml`
 * when one of the project's suites runs it there; else the same layout under the fixed folder
 * of a suite's case glob (`../cases/my-metric/**` from `init`: cases/my-metric/<kind>/...), so
 * the scaffolded case is part of a run, not a file nothing reads.
 */
export async function caseTarget(cwd: string, parts: { kind: string; capability: string; name: string }, out?: string): Promise<CaseTarget> {
  const project = findProject(cwd);
  const { config } = await loadConfig(cwd);
  const { suites: found } = await selectSuites(project.root, cwd, config.suites ? { suiteGlobs: config.suites } : {});
  // with no suites of its own a project runs the built-in ones: those are no place for its cases
  const builtin = path.join(packageRoot(), 'suites');
  const suites = project.root === packageRoot() ? found : found.filter((s) => path.resolve(s.dir) !== builtin);
  const suiteDir = suites[0]?.dir;
  const tail = [parts.kind, parts.capability, `${parts.name}.yaml`];
  const choose = (file: string): CaseTarget => ({ file, suite: suites.find((s) => covers(s, file))?.name, suiteDir });
  if (out) return choose(path.resolve(cwd, out));
  const plain = choose(path.resolve(cwd, 'cases', ...tail));
  if (plain.suite || !suiteDir) return plain;
  for (const s of suites) {
    for (const pattern of patternsOf(s)) {
      const segments = pattern.split('/');
      const fixed = segments.slice(0, segments.findIndex((x) => MAGIC.test(x))).join('/');
      if (!fixed || fixed === pattern) continue;
      for (const t of [tail, tail.slice(1), tail.slice(2)]) {
        const file = path.resolve(fixed, ...t);
        if (minimatch(posix(file), pattern, { dot: true })) return { file, suite: s.name, suiteDir };
      }
    }
  }
  return plain;
}
