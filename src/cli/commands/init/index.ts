import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { findConfig } from '../../../config/load.js';
import type { CliIO } from '../../io.js';
import { exampleCase, pyMetric, suite, tsConfig, tsMetric, yamlConfig } from './templates.js';

interface InitFlags {
  python?: boolean;
  name: string;
  force?: boolean;
}

/** The files init writes, relative to the folder it runs in. */
export function initFiles(id: string, python: boolean): Record<string, string> {
  const stem = python ? id.replace(/[^\w]+/g, '_') : id;
  const metric = python ? `metrics/${stem}.py` : `metrics/${stem}.ts`;
  return {
    [python ? 'metric-suite.config.yaml' : 'metric-suite.config.ts']: python ? yamlConfig(id, metric) : tsConfig(id, `./${metric}`),
    [metric]: python ? pyMetric(id) : tsMetric(id),
    [`suites/${id}.yaml`]: suite(id),
    [`cases/${id}/effusion-side.yaml`]: exampleCase(id),
  };
}

/**
 * `metric-suite init [--python] [--name id]`: scaffolds a config, a metric stub, a suite and
 * an example case in the working directory, and prints the next command. Never overwrites a
 * file (or adds a second config) unless `--force`.
 */
export function registerInit(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('init')
    .description('scaffold a config, a metric stub (TypeScript, or Python with --python), a suite and an example case')
    .option('--python', 'a Python metric (command worker using the stdlib helper) instead of TypeScript')
    .option('--name <id>', 'the metric id', 'my-metric')
    .option('--force', 'overwrite existing files')
    .action((flags: InitFlags) => {
      if (!/^[a-z0-9][\w.:-]*$/i.test(flags.name)) {
        io.stderr.write(`metric-suite: --name must be a metric id (letters, digits, "-", "_", ".", ":"), got "${flags.name}"\n`);
        return setExit(2);
      }
      const files = initFiles(flags.name, flags.python === true);
      const existing = Object.keys(files).filter((f) => existsSync(path.join(io.cwd, f)));
      const otherConfig = findConfig(io.cwd);
      if (otherConfig && !existing.includes(path.basename(otherConfig))) existing.push(path.basename(otherConfig));
      if (existing.length && !flags.force) {
        io.stderr.write(`metric-suite: init would overwrite ${existing.join(', ')} (use --force, or --name for another metric)\n`);
        return setExit(2);
      }
      for (const [rel, content] of Object.entries(files)) {
        const file = path.join(io.cwd, rel);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, content);
        io.stdout.write(`created ${rel}\n`);
      }
      io.stdout.write(`\nNext:\n  npx metric-suite test ${flags.name}    # the built-in clinical cases and laws against your metric\n  npx metric-suite                   # your own suites (suites/${flags.name}.yaml)\n`);
      setExit(0);
    });
}
