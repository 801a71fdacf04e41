import type { Command } from 'commander';
import { runSuites } from '../../runner/run.js';
import { formatProblem, type RunReport } from '../../runner/results.js';
import type { CliIO } from '../io.js';
import { runFlagsOf, runOptions, selectionOptions, toOptions, type RunFlags } from '../options.js';
import { createReporters } from '../reporters.js';
import { baselineOption } from './baseline.js';
import { metricWithoutSuite, testMetric } from './test.js';

/** `metric-suite run` (the default command): run suites, report, exit by the gates. */
export function registerRun(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  const cmd = program.command('run', { isDefault: true }).description('run suites (default: every suite in suites/) and report');
  for (const o of [...toOptions(selectionOptions), ...toOptions(runOptions)]) cmd.addOption(o);
  return cmd.action(async (flags: RunFlags) => {
    // `run --metric <id>` when no suite names it: the built-in cases and laws against it (`test`).
    const untested = await metricWithoutSuite(flags, io.cwd);
    if (untested && !flags.shard && flags.baseline === undefined) return setExit(await testMetric(untested, flags, io));
    const { reporters, finish, toTerminal } = await createReporters(flags.reporter, flags.outputFile, io);
    const interrupt = onInterrupt(io);
    const report = await runSuites({
      cwd: io.cwd,
      ...runFlagsOf(flags),
      reporters,
      ...(flags.shard ? { shard: flags.shard } : {}),
      ...(await baselineOption(flags.baseline, io.cwd)),
      signal: interrupt.signal,
    }).finally(interrupt.dispose);
    const failures = finish();
    for (const f of failures) io.stderr.write(`metric-suite: ${f}\n`);
    // every reporter writes to a file: the terminal still learns what went wrong
    if (!toTerminal) io.stderr.write(terminalNote(report));
    setExit(failures.length > 0 ? 2 : report.exitCode);
  });
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
