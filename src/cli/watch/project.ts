import { existsSync } from 'node:fs';
import path from 'node:path';
import { glob, hasMagic } from 'glob';
import { knownCapabilities } from '../../cases/lint/capabilities.js';
import { CaseLoader } from '../../cases/load.js';
import { loadConfig } from '../../config/load.js';
import { selectSuites } from '../../runner/select.js';
import { selectionOf, type SelectionFlags } from '../options.js';

/** One suite's files, as a change maps onto cases. */
export interface SuiteFiles {
  name: string;
  /** The suite file (absent for `--cases`). */
  file?: string;
  metrics: string[];
  caseFiles: string[];
  /** The case globs, absolute, so a new file can be matched. */
  caseGlobs: string[];
}

/** The files a run reads: what `--watch` watches and what `--changed` maps changed paths onto. */
export interface ProjectFiles {
  root: string;
  config?: string;
  suites: SuiteFiles[];
  /** Metric id -> the user files that define it (module, cacheKeyFiles, scripts a command names). */
  metricFiles: Map<string, string[]>;
}

type FileSpec = { module?: string; cacheKeyFiles?: string[]; command?: string[] | { argv: string[]; cwd?: string } };

/** Reads the project the way `run` would (config, suites, their case globs); never throws. */
export async function projectFiles(cwd: string, flags: SelectionFlags): Promise<ProjectFiles> {
  const { config, root, file } = await loadConfig(cwd, flags.config);
  const { suites } = await selectSuites(root, cwd, { ...selectionOf(flags), ...(config.suites ? { suiteGlobs: config.suites } : {}) });
  const loader = new CaseLoader(cwd, knownCapabilities(config.capabilities));
  const out: ProjectFiles = { root, ...(file ? { config: path.resolve(file) } : {}), suites: [], metricFiles: new Map() };
  for (const s of suites) {
    const { files } = await loader.resolve(s.cases, s.dir);
    out.suites.push({
      name: s.name,
      ...(existsSync(s.file) ? { file: path.resolve(s.file) } : {}),
      metrics: s.metrics,
      caseFiles: files,
      caseGlobs: s.cases.map((g) => path.resolve(s.dir, g)),
    });
  }
  for (const [id, spec] of Object.entries(config.metrics ?? {})) {
    if (typeof (spec as { score?: unknown }).score === 'function') continue; // inline: the config file itself
    const files = await metricFiles(spec as FileSpec, root);
    if (files.length) out.metricFiles.set(id, files);
  }
  return out;
}

/** The module, the cacheKeyFiles and the script files a command names. */
async function metricFiles(s: FileSpec, root: string): Promise<string[]> {
  const files: string[] = [];
  if (s.module) files.push(path.resolve(root, s.module));
  for (const g of s.cacheKeyFiles ?? []) files.push(...(hasMagic(g) ? await glob(g, { cwd: root, absolute: true, nodir: true }) : [path.resolve(root, g)]));
  const argv = Array.isArray(s.command) ? s.command : (s.command?.argv ?? []);
  const base = !Array.isArray(s.command) && s.command?.cwd ? path.resolve(root, s.command.cwd) : root;
  for (const arg of argv.slice(1)) if (/\.\w+$/.test(arg) && existsSync(path.resolve(base, arg))) files.push(path.resolve(base, arg));
  return files;
}
