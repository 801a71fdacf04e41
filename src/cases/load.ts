import path from 'node:path';
import { glob, hasMagic } from 'glob';
import pLimit from 'p-limit';
import type { Problem } from './problem.js';
import { loadCaseFile, type FileLoad } from './load-file.js';
import type { Case } from './model.js';

export interface CaseSet {
  cases: Case[];
  problems: Problem[];
  files: string[];
}

/** Case ids default to the path under the nearest `cases/` folder, else under `cwd`. */
function idRoot(file: string, cwd: string): string {
  const parts = path.dirname(file).split(path.sep);
  const i = parts.lastIndexOf('cases');
  return i >= 0 ? parts.slice(0, i + 1).join(path.sep) || path.sep : cwd;
}

/**
 * Loads case files by glob, memoising each file so that suites sharing files parse them
 * once and report their problems once. Duplicate ids across files are problems too.
 */
export class CaseLoader {
  private readonly files = new Map<string, Promise<FileLoad>>();
  private readonly firstId = new Map<string, FileLoad>();
  private readonly reported = new Set<string>();

  /** `capabilities`: what a case may name (default: the documented ones; see knownCapabilities). */
  constructor(
    private readonly cwd: string,
    private readonly capabilities?: ReadonlySet<string>,
  ) {}

  /** Resolve patterns (relative to `base`) to sorted absolute files, with a problem per empty pattern. */
  async resolve(patterns: string[], base = this.cwd): Promise<{ files: string[]; problems: Problem[] }> {
    const problems: Problem[] = [];
    const files = new Set<string>();
    for (const pattern of patterns) {
      const abs = path.resolve(base, pattern);
      if (!hasMagic(pattern, { windowsPathsNoEscape: true })) {
        files.add(abs); // a plain path: a missing file becomes a "cannot read" problem at load
        continue;
      }
      const found = await glob(pattern, { cwd: base, absolute: true, nodir: true, ignore: ['**/node_modules/**'] });
      const cases = found.filter((f) => /\.(ya?ml|json)$/i.test(f));
      if (cases.length === 0) problems.push({ file: this.display(abs), line: 1, column: 1, message: `no case files match "${pattern}"` });
      cases.forEach((f) => files.add(f));
    }
    return { files: [...files].sort(), problems };
  }

  /** Load the given files (read concurrently, reported in order); each problem is returned once. */
  async load(files: string[]): Promise<CaseSet> {
    const out: CaseSet = { cases: [], problems: [], files };
    const limit = pLimit(32);
    const fresh = files.map((file) => {
      if (this.files.has(file)) return false;
      this.files.set(file, limit(() => loadCaseFile(file, idRoot(file, this.cwd), this.display(file), this.capabilities)));
      return true;
    });
    const loads = await Promise.all(files.map((f) => this.files.get(f)!));
    loads.forEach((loaded, i) => {
      if (fresh[i]) this.checkIds(loaded);
      for (const c of loaded.cases) if (!this.isDuplicate(c)) out.cases.push(c);
      if (fresh[i]) out.problems.push(...loaded.problems, ...this.duplicateProblems(loaded));
    });
    return out;
  }

  private readonly duplicates = new Map<Case, Problem>();

  private checkIds(loaded: FileLoad): void {
    for (const c of loaded.cases) {
      const seen = this.firstId.get(c.id);
      if (!seen) this.firstId.set(c.id, loaded);
      else {
        const first = seen.idAt(c.id);
        this.duplicates.set(c, { ...loaded.idAt(c.id), message: `duplicate case id "${c.id}" (first at ${first.file}:${first.line}:${first.column})` });
      }
    }
  }

  private isDuplicate(c: Case): boolean {
    return this.duplicates.has(c);
  }

  private duplicateProblems(loaded: FileLoad): Problem[] {
    const out: Problem[] = [];
    for (const c of loaded.cases) {
      const p = this.duplicates.get(c);
      if (p && !this.reported.has(`${p.file}:${p.line}`)) {
        this.reported.add(`${p.file}:${p.line}`);
        out.push(p);
      }
    }
    return out;
  }

  private readonly shown = new Map<string, string>();

  /** The file as shown to the user; one string per file (it is asked once per case × metric). */
  display(file: string): string {
    let shown = this.shown.get(file);
    if (shown === undefined) {
      const rel = path.relative(this.cwd, file);
      shown = rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.replace(/\\/g, '/');
      this.shown.set(file, shown);
    }
    return shown;
  }
}
