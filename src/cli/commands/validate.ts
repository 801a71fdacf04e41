import type { Command } from 'commander';
import { knownCapabilities } from '../../cases/lint/capabilities.js';
import { lintFiles, lintSummary } from '../../cases/lint/report.js';
import { CaseLoader } from '../../cases/load.js';
import { loadConfig } from '../../config/load.js';
import { builtinProviders } from '../../metrics/builtins.js';
import { MetricRegistry } from '../../metrics/registry.js';
import { checkMetricReferences } from '../../runner/references.js';
import { formatProblem, type Problem } from '../../runner/results.js';
import { selectSuites } from '../../runner/select.js';
import type { CliIO } from '../io.js';

interface ValidateFlags {
  config?: string;
  lint?: boolean;
  strict?: boolean;
}

/**
 * `metric-suite validate [paths...]`: load and check case files only (contributors, CI):
 * schema, relations, capabilities (documented or declared in the config), metric ids a case
 * names, and the PHI / rationale / provenance / TODO lint.
 */
export function registerValidate(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('validate')
    .description('check case files (paths or globs; default: the cases of every suite) without running metrics')
    .argument('[paths...]', 'case files or globs')
    .option('-c, --config <file>', 'config file')
    .option('--no-lint', 'skip the PHI, rationale/provenance and TODO lint (see CONTRIBUTING.md)')
    .option('--strict', 'also fail (exit 2) on lint warnings: missing rationale or provenance, scaffold TODOs left in')
    .action(async (paths: string[], flags: ValidateFlags) => setExit(await validate(paths, flags, io)));
}

async function validate(paths: string[], flags: ValidateFlags, io: CliIO): Promise<number> {
  const { config, root, problems: configProblems } = await loadConfig(io.cwd, flags.config);
  // the same loader and checks as `run`: a case rejected here is reported there, and not scored
  const loader = new CaseLoader(io.cwd, knownCapabilities(config.capabilities));
  const problems: Problem[] = [...configProblems];
  const files = new Set<string>();
  const add = async (patterns: string[], base: string) => {
    const r = await loader.resolve(patterns, base);
    problems.push(...r.problems);
    r.files.forEach((f) => files.add(f));
  };
  if (paths.length > 0) await add(paths.map((p) => (/\.(ya?ml|json)$/i.test(p) || /[*?{]/.test(p) ? p : `${p.replace(/\/$/, '')}/**/*.{yaml,yml,json}`)), io.cwd);
  else {
    const { suites, problems: suiteProblems } = await selectSuites(root, io.cwd, { ...(config.suites ? { suiteGlobs: config.suites } : {}) });
    problems.push(...suiteProblems);
    for (const s of suites) await add(s.cases, s.dir);
  }
  const sorted = [...files].sort();
  const loaded = await loader.load(sorted);
  const unknownMetrics = checkMetricReferences(loaded.cases, new MetricRegistry(builtinProviders, config.metrics ?? {}, root), (f) => loader.display(f));
  problems.push(...loaded.problems, ...unknownMetrics.problems);
  const valid = loaded.cases.length - unknownMetrics.invalid.size;
  const lint = lintFiles(sorted, (f) => loader.display(f));
  const lines = [...problems.map(formatProblem), ...lint.errors];
  for (const line of lines) io.stdout.write(`${line}\n`);
  if (flags.lint !== false) for (const line of lintSummary(lint)) io.stdout.write(`${line}\n`);
  const lintFails = flags.lint !== false && (flags.strict ? lint.warnings.length > 0 : lint.phi > 0);
  // the closing line agrees with the exit code: lint warnings that fail validation are named in it
  const failing = !lintFails ? '' : flags.strict ? `, ${plural(lint.warnings.length, 'lint warning')} (fail with --strict)` : `, ${plural(lint.phi, 'possible PHI warning')} (fail validation)`;
  io.stdout.write(`${plural(files.size, 'case file')}, ${plural(valid, 'valid case')}, ${plural(lines.length, 'problem')}${failing}\n`);
  return lines.length > 0 || lintFails ? 2 : 0;
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

