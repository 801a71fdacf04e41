/**
 * The content part of a user metric's cache key: a hash of the files that make up the metric,
 * so that editing a metric's code always gives fresh scores (a declared `version` is easily
 * forgotten). A `module:` metric: the module and every local file it imports, followed
 * transitively; a `command:` metric: the script files named in its argv (and what a JS/TS or
 * Python script imports locally); both: an optional `cacheKeyFiles` list of globs (data files,
 * weights, a helper the scanner cannot see). Packages (node_modules, site-packages) are not
 * followed: their versions change rarely and are not the user's metric.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { globSync } from 'glob';

const JS_EXT = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx', '.json'];
const JS_RE = /\.(c|m)?(t|j)sx?$/;

/** Relative specifiers a JS/TS source imports (static, re-export, dynamic, require). */
export function jsImports(source: string): string[] {
  const out = new Set<string>();
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*[,)]/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) if (/^\.{1,2}(\/|$)/.test(m[1]!)) out.add(m[1]!);
  return [...out];
}

/** A relative JS/TS specifier as Node, tsx or TypeScript would resolve it; undefined when no file matches. */
export function resolveJs(spec: string, fromFile: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), spec.split('?')[0]!);
  const stem = base.replace(/\.(c|m)?jsx?$/, '');
  // `./x.js` may name `./x.ts` (TypeScript's convention); `./x` may name `./x.ts` or `./x/index.ts`.
  const candidates = [base, ...JS_EXT.map((e) => base + e), ...JS_EXT.map((e) => stem + e), ...JS_EXT.map((e) => path.join(base, `index${e}`))];
  return candidates.find(isFile);
}

/** Top-level module names a Python source imports (`import a.b`, `from a.b import c`, `from . import c`). */
export function pythonImports(source: string): string[] {
  const out = new Set<string>();
  for (const m of source.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+([\w ,*()]+)/gm)) {
    const mod = m[1]!;
    out.add(mod);
    // `from . import helper` / `from pkg import helper`: helper may be a module file too.
    for (const name of m[2]!.replace(/[()]/g, '').split(',').map((s) => s.trim().split(/\s+/)[0]!).filter((s) => s && s !== '*')) {
      out.add(mod.endsWith('.') ? mod + name : `${mod}.${name}`);
    }
  }
  for (const m of source.matchAll(/^[ \t]*import[ \t]+([\w., \t]+)/gm)) {
    for (const part of m[1]!.split(',')) out.add(part.trim().split(/\s+/)[0]!);
  }
  return [...out].filter(Boolean);
}

/** A Python module name as a file next to the importing script (or a package's __init__.py). */
export function resolvePython(name: string, fromFile: string): string | undefined {
  const dots = /^\.*/.exec(name)![0].length;
  const dir = path.resolve(path.dirname(fromFile), ...Array(Math.max(0, dots - 1)).fill('..'));
  const rel = name.slice(dots).split('.').filter(Boolean);
  if (rel.length === 0) return undefined;
  const base = path.join(dir, ...rel);
  return [`${base}.py`, path.join(base, '__init__.py')].find(isFile);
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The entry files and every local file they import, transitively (sorted, absolute). */
export function sourceFiles(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = entries.filter(isFile).map((f) => path.resolve(f));
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || file.split(path.sep).includes('node_modules')) continue;
    seen.add(file);
    if (JS_RE.test(file)) {
      const text = readFileSync(file, 'utf8');
      for (const spec of jsImports(text)) {
        const dep = resolveJs(spec, file);
        if (dep) queue.push(dep);
      }
    } else if (file.endsWith('.py')) {
      for (const name of pythonImports(readFileSync(file, 'utf8'))) {
        const dep = resolvePython(name, file);
        if (dep) queue.push(dep);
      }
    }
  }
  return [...seen].sort();
}

/** Files matched by `cacheKeyFiles` globs, relative to `root` (a glob that matches nothing is an error: a typo would silently weaken the key). */
export function cacheKeyFiles(globs: string[] | undefined, root: string): string[] {
  const out: string[] = [];
  for (const g of globs ?? []) {
    const hits = globSync(g, { cwd: root, absolute: true, nodir: true, dot: true });
    if (hits.length === 0) throw new Error(`cacheKeyFiles: "${g}" matches no file (relative to ${root})`);
    out.push(...hits);
  }
  return [...new Set(out)].sort();
}

/** sha256 over each file's path (relative to root) and content. */
export function hashFiles(files: string[], root: string): string {
  const h = createHash('sha256');
  for (const f of [...new Set(files)].sort()) {
    h.update(path.relative(root, f).split(path.sep).join('/')).update('\0');
    h.update(createHash('sha256').update(readFileSync(f)).digest('hex')).update('\n');
  }
  return h.digest('hex');
}

/** The files of a `module:` metric plus its `cacheKeyFiles`, hashed. */
export function moduleSourceHash(moduleFile: string, root: string, extra?: string[]): string {
  return hashFiles([...sourceFiles([moduleFile]), ...cacheKeyFiles(extra, root)], root);
}

/**
 * The files a command names: every argument that is an existing file relative to the command's
 * folder (`python3 my_metric.py`, `node metric.mjs`, `./metric.sh`), a `python -m pkg.mod`
 * module, and what those scripts import locally; plus `cacheKeyFiles`.
 */
export function commandSourceHash(argv: string[], cwd: string, root: string, extra?: string[]): string {
  const named: string[] = [];
  argv.forEach((arg, i) => {
    if (argv[i - 1] === '-m') {
      const mod = resolvePython(arg, path.join(cwd, '__caller__.py'));
      const main = path.join(cwd, ...arg.split('.'), '__main__.py');
      for (const f of [mod, main]) if (f && isFile(f)) named.push(f);
    } else if (i > 0 || /[\\/]/.test(arg)) {
      const file = path.resolve(cwd, arg);
      if (isFile(file)) named.push(file);
    }
  });
  return hashFiles([...sourceFiles(named), ...cacheKeyFiles(extra, root)], root);
}
