import path from 'node:path';
import type { Command } from 'commander';
import type { Reporter } from '../../reporting/reporter.js';
import { readBlob } from '../../runner/shard/blob.js';
import { mergeReports } from '../../runner/shard/merge.js';
import type { CliIO } from '../io.js';
import { createReporters } from '../reporters.js';
import { baselineOption } from './baseline.js';

interface MergeFlags {
  reporter?: string[];
  outputFile?: string[];
  baseline?: string | true;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/**
 * `metric-suite merge-reports <files...>`: merges the blob reports of `run --shard i/n --reporter
 * blob --output-file blob=<file>` and replays every reporter over the merged run, as if one run;
 * the gates are evaluated again over all results and decide the exit code.
 */
export function registerMergeReports(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  return program
    .command('merge-reports')
    .description('merge shard blob reports (run --shard i/n --reporter blob) and report them as one run')
    .argument('<files...>', 'blob reports, one per shard')
    .option('--reporter <name>', 'default, verbose, json, junit, blob, ... or a module path (repeatable)', collect)
    .option('--output-file <name=path>', 'write reporter NAME to PATH instead of stdout (repeatable)', collect)
    .option('--baseline [file]', 'gate only on results newly broken against the baseline (default metric-suite.baseline.json)')
    .action(async (files: string[], flags: MergeFlags) => {
      const reports = await Promise.all(files.map((f) => readBlob(path.resolve(io.cwd, f))));
      const report = mergeReports(reports, await baselineOption(flags.baseline, io.cwd));
      const { reporters, finish } = await createReporters(flags.reporter, flags.outputFile, io);
      const emit = async <K extends keyof Reporter>(hook: K, arg: Parameters<NonNullable<Reporter[K]>>[0]) => {
        for (const r of reporters) await (r[hook] as ((a: typeof arg) => unknown) | undefined)?.call(r, arg);
      };
      const plan = report.plan!;
      await emit('onRunStart', { suites: plan.suites, metrics: plan.metrics, total: plan.work.length, problems: report.problems });
      for (const r of report.results) await emit('onCaseResult', r);
      for (const l of report.laws) await emit('onLawResult', l);
      await emit('onRunEnd', report);
      const failures = finish();
      for (const f of failures) io.stderr.write(`metric-suite: ${f}\n`);
      setExit(failures.length > 0 ? 2 : report.exitCode);
    });
}
