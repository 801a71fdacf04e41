import type { Command } from 'commander';
import { CaseLoader } from '../../cases/load.js';
import { lintFiles, lintSummary } from '../../cases/lint/report.js';
import { loadConfig } from '../../config/load.js';
import { formatProblem, type Problem } from '../../runner/results.js';
import { selectSuites } from '../../runner/select.js';
import type { CliIO } from '../io.js';

/** `metric-suite validate [paths...]`: load and check case files only (contributors, CI). */
export function registerValidate(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('validate')
    .description('check case files (paths or globs; default: the cases of every suite) without running metrics')
    .argument('[paths...]', 'case files or globs')
    .option('-c, --config <file>', 'config file')
    .option('--no-lint', 'skip the PHI and rationale/provenance lint (see CONTRIBUTING.md)')
    .option('--strict', 'also fail (exit 2) on missing rationale or provenance, not only on PHI')
    .action(async (paths: string[], flags: { config?: string; lint?: boolean; strict?: boolean }) => {
      const loader = new CaseLoader(io.cwd);
      const problems: Problem[] = [];
      const files = new Set<string>();
      const add = async (patterns: string[], base: string) => {
        const r = await loader.resolve(patterns, base);
        problems.push(...r.problems);
        r.files.forEach((f) => files.add(f));
      };
      if (paths.length > 0) await add(paths.map((p) => (/\.(ya?ml|json)$/i.test(p) || /[*?{]/.test(p) ? p : `${p.replace(/\/$/, '')}/**/*.{yaml,yml,json}`)), io.cwd);
      else {
        const { config, root, problems: configProblems } = await loadConfig(io.cwd, flags.config);
        const { suites, problems: suiteProblems } = await selectSuites(root, io.cwd, { ...(config.suites ? { suiteGlobs: config.suites } : {}) });
        problems.push(...configProblems, ...suiteProblems);
        for (const s of suites) await add(s.cases, s.dir);
      }
      const loaded = await loader.load([...files].sort());
      problems.push(...loaded.problems);
      for (const p of problems) io.stdout.write(`${formatProblem(p)}\n`);
      const lint = flags.lint === false ? undefined : lintFiles([...files].sort(), (f) => loader.display(f));
      if (lint) for (const line of lintSummary(lint)) io.stdout.write(`${line}\n`);
      io.stdout.write(`${files.size} case files, ${loaded.cases.length} valid cases, ${problems.length} problem${problems.length === 1 ? '' : 's'}\n`);
      const lintFails = lint !== undefined && (flags.strict ? lint.warnings.length > 0 : lint.phi > 0);
      setExit(problems.length > 0 || lintFails ? 2 : 0);
    });
}
