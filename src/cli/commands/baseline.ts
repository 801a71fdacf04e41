import path from 'node:path';
import type { Command } from 'commander';
import { findProject } from '../../config/load.js';
import { baselineFromReport, DEFAULT_BASELINE_FILE, readBaseline, writeBaseline } from '../../runner/baseline/file.js';
import type { Baseline } from '../../runner/baseline/types.js';
import { runSuites } from '../../runner/run.js';
import type { CliIO } from '../io.js';
import { runFlagsOf, runOptions, selectionOptions, toOptions, type RunFlags } from '../options.js';
import { createReporters } from '../reporters.js';

/** `--baseline [file]` as a runner option: the parsed baseline (a missing or bad file throws: exit 2). */
export async function baselineOption(flag: string | true | undefined, cwd: string): Promise<{ baseline?: Baseline }> {
  if (flag === undefined) return {};
  return { baseline: await readBaseline(flag === true ? defaultBaselineFile(cwd) : path.resolve(cwd, flag)) };
}

/** The default baseline file lives at the project root (found upwards from cwd, like the config). */
function defaultBaselineFile(cwd: string): string {
  return path.join(findProject(cwd).root, DEFAULT_BASELINE_FILE);
}

interface BaselineFlags extends Omit<RunFlags, 'shard' | 'baseline'> {
  baselineFile?: string;
}

/**
 * `metric-suite baseline update [--baseline-file path]`: runs like `run` and records every
 * verdict (and score) per suite × metric and metric version (src/runner/baseline/file.ts has the format).
 * Suite × metric pairs that did not run are kept from the existing file; with case filters
 * (-t, --tag, --capability, --law) only the entries that ran are replaced.
 */
export function registerBaseline(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  const group = program.command('baseline').description('record or update the baseline that `run --baseline` gates against');
  const update = group.command('update').description(`run like \`run\` and write the verdicts to the baseline file (default ${DEFAULT_BASELINE_FILE})`);
  const own = runOptions.filter((o) => !o.flags.startsWith('--shard') && !o.flags.startsWith('--baseline'));
  for (const o of [...toOptions(selectionOptions), ...toOptions(own)]) update.addOption(o);
  update.option('--baseline-file <path>', `baseline file (default ${DEFAULT_BASELINE_FILE})`);
  update.action(async (flags: BaselineFlags) => {
    const { reporters, finish } = await createReporters(flags.reporter, flags.outputFile, io);
    const report = await runSuites({
      cwd: io.cwd,
      ...runFlagsOf(flags),
      reporters,
    });
    const failures = finish();
    for (const f of failures) io.stderr.write(`metric-suite: ${f}\n`);
    if (report.exitCode === 2 || failures.length > 0) {
      io.stderr.write('metric-suite: the baseline was not written (fix the problems above)\n');
      setExit(2);
      return;
    }
    const file = flags.baselineFile ? path.resolve(io.cwd, flags.baselineFile) : defaultBaselineFile(io.cwd);
    let previous: Baseline | undefined;
    try {
      previous = await readBaseline(file);
    } catch (e) {
      if (!/^no baseline file/.test((e as Error).message)) throw e;
    }
    const partial = Boolean(flags.filter || flags.tag?.length || flags.capability?.length || flags.law?.length);
    const baseline = baselineFromReport(report, previous, partial);
    await writeBaseline(file, baseline);
    const entries = report.results.length + report.laws.length;
    io.stderr.write(`metric-suite: baseline ${previous ? 'updated' : 'written'}: ${path.relative(io.cwd, file) || file} (${entries} result${entries === 1 ? '' : 's'})\n`);
    setExit(0);
  });
  return group;
}
