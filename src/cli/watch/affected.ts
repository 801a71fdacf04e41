import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { minimatch } from 'minimatch';
import type { ProjectFiles } from './project.js';

/** What a set of changed files asks to run again. */
export type Affected =
  | { kind: 'all'; why: string }
  | { kind: 'cases'; caseFiles: Set<string>; why: string }
  | { kind: 'none' };

const isCaseFile = (f: string) => /\.(ya?ml|json)$/i.test(f);

/**
 * Maps changed files (absolute) onto the cases to run: the config changes everything; a
 * module metric's file, every case of the suites using that metric; a suite file, its cases;
 * a case file (also a new one a suite's glob matches), that file. Other files change nothing.
 */
export function affectedBy(changed: Iterable<string>, project: ProjectFiles): Affected {
  const caseFiles = new Set<string>();
  const reasons: string[] = [];
  const rel = (f: string) => path.relative(project.root, f) || f;
  // a file is named once, however many events (or a new file's own and its folder's) brought it
  for (const file of new Set([...changed].map((f) => path.resolve(f)))) {
    if (file === project.config) return { kind: 'all', why: `${rel(file)} changed` };
    let hit = false;
    for (const [id, files] of project.metricFiles) {
      if (!files.includes(file)) continue;
      for (const s of project.suites) if (s.metrics.includes(id)) s.caseFiles.forEach((f) => caseFiles.add(f));
      hit = true;
    }
    for (const s of project.suites) {
      if (s.file === file) {
        s.caseFiles.forEach((f) => caseFiles.add(f));
        hit = true;
      } else if (s.caseFiles.includes(file) || (isCaseFile(file) && existsSync(file) && s.caseGlobs.some((g) => minimatch(file, g)))) {
        caseFiles.add(file);
        hit = true;
      }
    }
    if (hit) reasons.push(rel(file));
  }
  if (caseFiles.size === 0) return { kind: 'none' };
  const shown = reasons.slice(0, 3).join(', ') + (reasons.length > 3 ? ` and ${reasons.length - 3} more` : '');
  return { kind: 'cases', caseFiles, why: `${shown} changed` };
}

/** What a watcher must see: the files above, and the folders they (and new case files) live in. */
export function watchedFiles(project: ProjectFiles): { files: Set<string>; dirs: Set<string> } {
  const files = new Set<string>();
  if (project.config) files.add(project.config);
  for (const list of project.metricFiles.values()) list.forEach((f) => files.add(f));
  const dirs = new Set<string>();
  for (const s of project.suites) {
    if (s.file) files.add(s.file);
    s.caseFiles.forEach((f) => files.add(f));
    for (const g of s.caseGlobs) {
      const base = globBase(g);
      dirs.add(base);
      // a `**` glob reaches into every subfolder: watch them, so a case file in a new one is seen
      if (g.includes('**')) subfolders(base, dirs);
    }
  }
  for (const f of files) dirs.add(path.dirname(f));
  return { files, dirs };
}

/** The folder part of a glob before its first wildcard segment. */
function globBase(pattern: string): string {
  const parts = pattern.split(/[\\/]/);
  const i = parts.findIndex((p) => /[*?[\]{}!]/.test(p));
  return i < 0 ? path.dirname(pattern) : parts.slice(0, i).join('/') || '/';
}

/** Every folder under `dir` (not node_modules or hidden ones), at most 2,000. */
function subfolders(dir: string, out: Set<string>): void {
  const queue = [dir];
  let n = 0;
  while (queue.length > 0 && n < 2_000) {
    let entries;
    try {
      entries = readdirSync(queue.shift()!, { withFileTypes: true });
    } catch {
      continue; // gone, or not readable
    }
    for (const e of entries) {
      if (!e.isDirectory() || e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const sub = path.join(e.parentPath, e.name);
      out.add(sub);
      queue.push(sub);
      n++;
    }
  }
}
