import { existsSync } from 'node:fs';
import path from 'node:path';
import { isObject, readYamlFile, zodProblems } from '../cases/yaml-file.js';
import { mainExport } from '../metrics/adapters/module.js';
import { importConfig } from './import-config.js';
import { ModuleSyntaxError } from '../metrics/adapters/import-error.js';
import type { Problem } from '../cases/problem.js';
import { ConfigSchema, type Config } from './schema.js';

export const CONFIG_NAMES = ['ts', 'mts', 'js', 'mjs', 'json', 'yaml', 'yml'].map((ext) => `metric-suite.config.${ext}`);

export interface LoadedConfig {
  config: Config;
  /** The folder relative paths in the config resolve against. */
  root: string;
  file?: string;
  problems: Problem[];
}

/** The config file in `cwd`, in the order of CONFIG_NAMES, if any. */
export function findConfig(cwd: string): string | undefined {
  return CONFIG_NAMES.map((n) => path.join(cwd, n)).find((f) => existsSync(f));
}

/**
 * The project a command run in `cwd` belongs to, found as vitest finds its root: the nearest
 * folder upwards holding a config file or a `package.json` (a config file wins in the same
 * folder). A `suites/` folder in `cwd` itself also marks it, so a bare folder of suites keeps
 * working. With no marker up to the filesystem root, `cwd` is the project.
 */
export function findProject(cwd: string): { root: string; config?: string } {
  const start = path.resolve(cwd);
  for (let dir = start; ; dir = path.dirname(dir)) {
    const config = findConfig(dir);
    if (config) return { root: dir, config };
    if (existsSync(path.join(dir, 'package.json')) || (dir === start && existsSync(path.join(dir, 'suites')))) return { root: dir };
    if (path.dirname(dir) === dir) return { root: start };
  }
}

/** Loads an explicit or discovered config; a broken config is a problem, and defaults apply. */
export async function loadConfig(cwd: string, explicit?: string): Promise<LoadedConfig> {
  const project = explicit ? { root: cwd, config: path.resolve(cwd, explicit) } : findProject(cwd);
  const file = project.config;
  if (!file) return { config: {}, root: project.root, problems: [] };
  const root = path.dirname(file);
  const display = path.relative(cwd, file) || file;
  if (/\.(ya?ml|json)$/.test(file)) {
    const { data, at, problems } = await readYamlFile(file, display, 'config file');
    if (problems.length > 0) return { config: {}, root, file, problems };
    if (data !== undefined && data !== null && !isObject(data)) {
      return { config: {}, root, file, problems: [at([], 'a config file is a mapping (metrics:, suites:, ...), not a list or a value')] };
    }
    const parsed = ConfigSchema.safeParse(isObject(data) ? data : {});
    if (!parsed.success) return { config: {}, root, file, problems: zodProblems(parsed.error, at, [], isObject(data) ? data : {}, ConfigSchema) };
    return { config: parsed.data, root, file, problems: [] };
  }
  try {
    const mod = await importConfig(file);
    const parsed = ConfigSchema.safeParse(mainExport(mod, 'config'));
    if (!parsed.success) {
      const messages = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      return { config: {}, root, file, problems: [{ file: display, line: 1, column: 1, message: `invalid config: ${messages.join('; ')}` }] };
    }
    return { config: parsed.data, root, file, problems: [] };
  } catch (e) {
    // a syntax error in the config itself is located there; one in a module it imports names its own file:line:col
    const own = e instanceof ModuleSyntaxError && e.location !== undefined && path.resolve(e.location.file) === file ? e.location : undefined;
    const message = own ? (e as Error).message.replace(/^.*?:\d+:\d+: /, '') : (e as Error).message.split('\n')[0];
    const at = own ?? { line: 1, column: 1 };
    return { config: {}, root, file, problems: [{ file: display, line: at.line, column: at.column, message: `cannot load config: ${message}` }] };
  }
}
