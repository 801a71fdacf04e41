import { setMaxListeners } from 'node:events';
import type { Command } from 'commander';
import { runSuites } from '../../runner/run.js';
import { formatProblem, type RunReport } from '../../runner/results.js';
import type { CliIO } from '../io.js';
import { runFlagsOf, runOptions, selectionOptions, toOptions, type RunFlags } from '../options.js';
import { createReporters, reporterNames } from '../reporters.js';
import { affectedBy } from '../watch/affected.js';
import { changedSince } from '../watch/git.js';
import { watchRuns } from '../watch/loop.js';
import { projectFiles } from '../watch/project.js';
import { baselineFile, existingBaseline, isPartial, recordBaseline } from './baseline.js';
import { readBaseline } from '../../runner/baseline/file.js';
import { metricWithoutSuite, testMetric } from './test.js';

/** `metric-suite run` (the default command): run suites, report, exit by the gates. */
export function registerRun(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  const cmd = program.command('run', { isDefault: true }).description('run suites (default: every suite in suites/) and report; a bare `metric-suite` is `metric-suite run`');
  for (const o of [...toOptions(selectionOptions), ...toOptions(runOptions)]) cmd.addOption(o);
  cmd.addHelpText('after', `\nReporters (--reporter): ${reporterNames().join(', ')}, or a module path exporting a reporter factory.\n`);
  return cmd.action(async (flags: RunFlags) => {
    const usage = usageError(flags);
    if (usage) return (io.stderr.write(`metric-suite: ${usage}\n`), setExit(2));
    // `run --metric <id>` when no suite names it: the built-in cases and laws against it (`test`).
    const plain = !flags.shard && flags.baseline === undefined && !flags.update && !flags.watch && flags.changed === undefined;
    const untested = plain ? await metricWithoutSuite(flags, io.cwd) : undefined;
    if (untested) return setExit(await testMetric(untested, flags, io));
    const first = flags.changed === undefined ? {} : await changedCases(flags, io);
    if ('exit' in first) return setExit(first.exit);
    const once = (extra: { caseFiles?: ReadonlySet<string> }) => runOnce(flags, io, extra);
    setExit(flags.watch ? await watchRuns(flags, io, once, first) : await once(first));
  });
}

function usageError(flags: RunFlags): string | undefined {
  if (flags.update && flags.shard) return '-u/--update records a whole run: merge the shards (merge-reports), then run `baseline update`';
  if (flags.watch && flags.shard) return '--watch and --shard do not combine';
  if (flags.watch && flags.record) return '--watch and --record do not combine (recording writes the case files it watches)';
  return undefined;
}

/** One run: reporters, interrupt handling, the baseline (-u writes it), and the exit code. */
export async function runOnce(flags: RunFlags, io: CliIO, extra: { caseFiles?: ReadonlySet<string> } = {}): Promise<number> {
  const file = flags.update || flags.baseline !== undefined ? baselineFile(flags.baseline, io.cwd) : undefined;
  // -u with no baseline yet writes the first one; plain --baseline needs the file (exit 2)
  const baseline = file === undefined ? undefined : flags.update ? await existingBaseline(file) : await readBaseline(file);
  const { reporters, finish, toTerminal } = await createReporters(flags.reporter, flags.outputFile, io, flags.color);
  const interrupt = onInterrupt(io);
  const report = await runSuites({
    cwd: io.cwd,
    ...runFlagsOf(flags),
    ...(extra.caseFiles ? { caseFiles: extra.caseFiles } : {}),
    reporters,
    ...(flags.shard ? { shard: flags.shard } : {}),
    ...(baseline ? { baseline } : {}),
    signal: interrupt.signal,
  }).finally(interrupt.dispose);
  const failures = finish();
  for (const f of failures) io.stderr.write(`metric-suite: ${f}\n`);
  // every reporter writes to a file: the terminal still learns what went wrong
  if (!toTerminal) io.stderr.write(terminalNote(report));
  // the summary line counts verdicts only: say why the exit is 2 (as `test` does), on stderr so a JSON stdout stays one document
  if (report.exitCode === 2 && report.problems.length) {
    const n = report.problems.length;
    io.stderr.write(`metric-suite: ${n} problem${n === 1 ? '' : 's'} loading cases, suites or config (listed above): exit 2\n`);
  }
  if (failures.length > 0) return 2;
  if (!flags.update || !file) return report.exitCode;
  if (report.exitCode !== 0 && report.exitCode !== 1) {
    io.stderr.write('metric-suite: the baseline was not written (fix the problems above)\n');
    return report.exitCode;
  }
  await recordBaseline(report, file, isPartial({ ...flags, ...extra }), io);
  return 0;
}

/** `--changed [ref]`: the case files changed since the ref, or everything (the config changed), or an exit code. */
async function changedCases(flags: RunFlags, io: CliIO): Promise<{ caseFiles?: ReadonlySet<string> } | { exit: number }> {
  const ref = typeof flags.changed === 'string' ? flags.changed : 'HEAD';
  let changed: string[];
  try {
    changed = changedSince(ref, io.cwd);
  } catch (e) {
    io.stderr.write(`metric-suite: ${(e as Error).message}\n`);
    return { exit: 2 };
  }
  const affected = affectedBy(changed, await projectFiles(io.cwd, flags));
  if (affected.kind === 'none') {
    io.stderr.write(`metric-suite: no case, suite, config or metric file changed since ${ref}: nothing to run\n`);
    return { exit: 0 };
  }
  if (affected.kind === 'all') {
    io.stderr.write(`metric-suite: --changed ${ref}: ${affected.why}: running every case\n`);
    return {};
  }
  const n = affected.caseFiles.size;
  io.stderr.write(`metric-suite: --changed ${ref}: ${n} case file${n === 1 ? '' : 's'} (${affected.why})\n`);
  return { caseFiles: affected.caseFiles };
}

/** Problems (exit 2), one line each, for a run whose reporters all write to files; gate verdicts stay in the files. */
export function terminalNote(report: RunReport): string {
  return report.problems.map((p) => `metric-suite: ${formatProblem(p)}\n`).join('');
}

/**
 * SIGINT/SIGTERM stop the run: nothing new is scheduled, requests in flight get a grace
 * period, then every reporter writes what completed (exit 130). A second signal exits at once.
 */
function onInterrupt(io: CliIO): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  // every batch in flight listens for the interrupt (an LLM judge has dozens): not a leak
  setMaxListeners(0, controller.signal);
  const handler = (name: NodeJS.Signals) => {
    if (controller.signal.aborted) {
      io.stderr.write(`metric-suite: ${name} again: exiting now\n`);
      process.exit(130);
    }
    io.stderr.write(`metric-suite: ${name}: finishing the requests in flight, then writing the reports (again to exit now)\n`);
    controller.abort();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return { signal: controller.signal, dispose: () => (process.off('SIGINT', handler), process.off('SIGTERM', handler)) };
}
