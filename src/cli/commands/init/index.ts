import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { findConfig } from '../../../config/load.js';
import type { CliIO } from '../../io.js';
import { addMetric, writeAdded, type MetricEntry } from './add.js';
import { exampleCase, pyMetric, suite, tsConfig, tsMetric, yamlConfig } from './templates.js';
import { ignoreToolDir } from './gitignore.js';

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

/** The config entry of the metric init scaffolds. */
const entryOf = (id: string, python: boolean): MetricEntry => {
  const metric = Object.keys(initFiles(id, python))[1]!;
  return python ? { command: ['python3', metric] } : { module: `./${metric}` };
};

/**
 * `metric-suite init [--python] [--name id]`: scaffolds a config, a metric stub, a suite and
 * an example case in the working directory, and prints the next command. In a folder with a
 * config already, `--name <id>` adds that metric (stub, suite, case folder) to the config,
 * keeping everything else in it. Never overwrites a file unless `--force`.
 */
export function registerInit(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('init')
    .description('scaffold a config, a metric stub (TypeScript, or Python with --python), a suite and an example case; in a project with a config, --name adds another metric to it')
    .option('--python', 'a Python metric (command worker using the stdlib helper) instead of TypeScript')
    .option('--name <id>', 'the metric id (in a project with a config: the metric to add)', 'my-metric')
    .option('--force', 'overwrite existing files')
    .action((flags: InitFlags, cmd: Command) => {
      if (!/^[a-z0-9][\w.:-]*$/i.test(flags.name)) {
        io.stderr.write(`metric-suite: --name must be a metric id (letters, digits, "-", "_", ".", ":"), got "${flags.name}"\n`);
        return setExit(2);
      }
      const python = flags.python === true;
      const files = initFiles(flags.name, python);
      const config = findConfig(io.cwd);
      const adding = config !== undefined && !flags.force;
      if (adding) {
        if (cmd.getOptionValueSource('name') !== 'cli') {
          io.stderr.write(`metric-suite: this folder has a config already (${path.basename(config)}): \`init --name <id>\` adds another metric to it (a stub, a suite and a case folder); \`--force\` writes the scaffold over it\n`);
          return setExit(2);
        }
        delete files[Object.keys(files)[0]!];
      }
      const added = adding ? addMetric(config, flags.name, entryOf(flags.name, python)) : undefined;
      if (added && 'error' in added) {
        io.stderr.write(`metric-suite: ${added.error}\n`);
        return setExit(2);
      }
      const existing = Object.keys(files).filter((f) => existsSync(path.join(io.cwd, f)));
      if (existing.length && !flags.force) {
        io.stderr.write(`metric-suite: init would overwrite ${existing.join(', ')} (use --force, or another --name)\n`);
        return setExit(2);
      }
      for (const [rel, content] of Object.entries(files)) {
        const file = path.join(io.cwd, rel);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, content);
        io.stdout.write(`created ${rel}\n`);
      }
      if (added) {
        writeAdded(config!, added);
        io.stdout.write(`added metric ${flags.name} to ${path.basename(config!)}\n`);
      }
      const ignored = ignoreToolDir(io.cwd);
      if (ignored) io.stdout.write(`${ignored}\n`);
      const next: [string, string][] = [
        [`npx metric-suite test ${flags.name}`, 'the built-in clinical cases and laws against your metric'],
        ['npx metric-suite', `your own suites (suites/${flags.name}.yaml)`],
      ];
      const width = Math.max(...next.map(([c]) => c.length)) + 2;
      io.stdout.write(`\nNext:\n${next.map(([c, why]) => `  ${c.padEnd(width)}# ${why}\n`).join('')}`);
      setExit(0);
    });
}
