import path from 'node:path';
import type { Command } from 'commander';
import { findProject } from '../../config/load.js';
import { baselineFromReport, DEFAULT_BASELINE_FILE, readBaseline, writeBaseline } from '../../runner/baseline/file.js';
import type { Baseline } from '../../runner/baseline/types.js';
import type { RunReport } from '../../runner/results.js';
import { runSuites } from '../../runner/run.js';
import type { CliIO } from '../io.js';
import { RUN_ONLY, runFlagsOf, runOptions, selectionOptions, toOptions, type RunFlags } from '../options.js';
import { createReporters } from '../reporters.js';

/** `--baseline [file]` as a runner option: the parsed baseline (a missing or bad file throws: exit 2). */
export async function baselineOption(flag: string | true | undefined, cwd: string): Promise<{ baseline?: Baseline }> {
  if (flag === undefined) return {};
  return { baseline: await readBaseline(baselineFile(flag, cwd)) };
}

/** The file `--baseline [file]` names; by default at the project root (found upwards from cwd, like the config). */
export function baselineFile(flag: string | true | undefined, cwd: string): string {
  return typeof flag === 'string' ? path.resolve(cwd, flag) : path.join(findProject(cwd).root, DEFAULT_BASELINE_FILE);
}

/** The baseline in `file`, or undefined when there is none yet (a broken file throws). */
export async function existingBaseline(file: string): Promise<Baseline | undefined> {
  try {
    return await readBaseline(file);
  } catch (e) {
    if (/^no baseline file/.test((e as Error).message)) return undefined;
    throw e;
  }
}

/**
 * Writes a run's verdicts into the baseline file (`baseline update`, `run -u`); a partial run
 * (case filters) replaces only the entries it ran. Says so on stderr.
 */
export async function recordBaseline(report: RunReport, file: string, partial: boolean, io: CliIO): Promise<void> {
  const previous = await existingBaseline(file);
  await writeBaseline(file, baselineFromReport(report, previous, partial));
  const entries = report.results.length + report.laws.length;
  const accepted = report.baseline?.newlyBroken.length ?? 0;
  const note = accepted ? `; ${accepted} newly broken accepted` : '';
  io.stderr.write(`metric-suite: baseline ${previous ? 'updated' : 'written'}: ${path.relative(io.cwd, file) || file} (${entries} result${entries === 1 ? '' : 's'}${note})\n`);
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
  const own = runOptions.filter((o) => !RUN_ONLY.has(o.flags));
  for (const o of [...toOptions(selectionOptions), ...toOptions(own)]) update.addOption(o);
  update.option('--baseline-file <path>', `baseline file (default ${DEFAULT_BASELINE_FILE})`);
  update.action(async (flags: BaselineFlags) => {
    const { reporters, finish } = await createReporters(flags.reporter, flags.outputFile, io, flags.color);
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
    await recordBaseline(report, baselineFile(flags.baselineFile, io.cwd), isPartial(flags), io);
    setExit(0);
  });
  return group;
}

/** Case filters select part of the suites: only the entries that ran are replaced. */
export function isPartial(flags: Pick<RunFlags, 'filter' | 'tag' | 'capability' | 'law' | 'changed'> & { caseFiles?: unknown }): boolean {
  return Boolean(flags.filter || flags.tag?.length || flags.capability?.length || flags.law?.length || flags.changed !== undefined || flags.caseFiles);
}
