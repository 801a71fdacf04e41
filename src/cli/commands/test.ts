import { InvalidArgumentError, Option, type Command } from 'commander';
import { loadConfig } from '../../config/load.js';
import { builtinProviders } from '../../metrics/builtins.js';
import { MetricUnavailableError } from '../../metrics/provider.js';
import { MetricRegistry, type RegisteredMetric } from '../../metrics/registry.js';
import { suitesForMetric } from '../../runner/metric-under-test.js';
import { runSuites } from '../../runner/run.js';
import { selectSuites } from '../../runner/select.js';
import type { CliIO } from '../io.js';
import { RUN_ONLY, runFlagsOf, runOptions, selectionOptions, toOptions, type RunFlags } from '../options.js';
import { createReporters } from '../reporters.js';

export interface TestFlags extends Omit<RunFlags, 'shard' | 'baseline' | 'metric' | 'cases' | 'suite'> {
  minPassRate?: number;
}

const SELECTION = new Set(['--cases <glob>', '--metric <id>', '--suite <name>']);
const OWN_RUN = new Set([...RUN_ONLY, '--record', '--pass-with-no-cases']);

function parseRate(value: string): number {
  const n = Number(value);
  if (!/^\s*(0(\.\d+)?|1(\.0+)?|\.\d+)\s*$/.test(value) || !(n >= 0 && n <= 1)) throw new InvalidArgumentError(`--min-pass-rate needs a number from 0 to 1, got "${value}"`);
  return n;
}

/**
 * Runs every built-in suite's cases and every law against one metric and returns the exit code:
 * 2 for usage/config/load problems or a metric that cannot be created; with `minPassRate`, 1 when
 * a gate fails; always 1 when a case or law errors (a metric failure is never a score); else 0.
 */
export async function testMetric(id: string, flags: TestFlags, io: CliIO): Promise<number> {
  const { config, root, problems } = await loadConfig(io.cwd, flags.config);
  if (problems.length) {
    for (const p of problems) io.stderr.write(`${p.file}:${p.line}:${p.column}: ${p.message}\n`);
    return 2;
  }
  const registry = new MetricRegistry(builtinProviders, config.metrics, root);
  let reg: RegisteredMetric;
  try {
    reg = await registry.get(id);
  } catch (e) {
    const unavailable = e instanceof MetricUnavailableError;
    io.stderr.write(`metric-suite: ${unavailable ? `${id} cannot run here: ` : ''}${(e as Error).message}\n`);
    return 2;
  } finally {
    await registry.closeAll();
  }
  const planned = await suitesForMetric(reg, flags.minPassRate === undefined ? {} : { minPassRate: flags.minPassRate });
  for (const p of planned.problems) io.stderr.write(`${p.file}:${p.line}:${p.column}: ${p.message}\n`);
  for (const l of planned.leftOut) io.stderr.write(`metric-suite: suite ${l.suite} left out: ${l.reason}\n`);
  if (flags.minPassRate === undefined) io.stderr.write(`metric-suite: testing ${id}: report only, exit 0 unless a result errors (gate with --min-pass-rate <0..1>)\n`);
  const { reporters, finish } = await createReporters(flags.reporter, flags.outputFile, io, flags.color);
  const report = await runSuites({ cwd: io.cwd, ...runFlagsOf(flags as RunFlags), metrics: [id], prepared: planned.suites, reporters });
  const failures = finish();
  for (const f of failures) io.stderr.write(`metric-suite: ${f}\n`);
  if (failures.length || planned.problems.length || report.exitCode === 2) return 2;
  // Report only, the laws are informational and a reporter may list them in one line: name them.
  const lawMisses = report.laws.filter((l) => l.verdict !== 'pass' && l.verdict !== 'skip').map((l) => `${l.law}${l.expected === 'fail' ? ' (expected)' : ''}`);
  if (flags.minPassRate === undefined && lawMisses.length) io.stderr.write(`metric-suite: laws ${id} does not satisfy: ${lawMisses.join(', ')} (--reporter verbose shows each counterexample)\n`);
  const errors = [...report.results, ...report.laws].filter((r) => r.verdict === 'error').length;
  if (errors) io.stderr.write(`metric-suite: ${errors} result${errors === 1 ? '' : 's'} of ${id} errored (see the reasons above): exit 1\n`);
  if (flags.minPassRate === undefined) return errors ? 1 : 0;
  return errors ? 1 : report.exitCode;
}

/**
 * `run --metric <id>` with no suite that names the metric (and no --cases or --suite; `--law`
 * then picks laws to run against it):
 * the id to test as `metric-suite test <id>` would, else undefined (a normal run).
 */
export async function metricWithoutSuite(flags: RunFlags, cwd: string): Promise<string | undefined> {
  if (flags.metric?.length !== 1 || flags.cases?.length || flags.suite?.length) return undefined;
  const { config, root, problems } = await loadConfig(cwd, flags.config);
  if (problems.length) return undefined;
  const { suites } = await selectSuites(root, cwd, { metrics: flags.metric, ...(config.suites ? { suiteGlobs: config.suites } : {}) });
  return suites.some((s) => s.metrics.length > 0) ? undefined : flags.metric[0];
}

/** `metric-suite test <metric>`: the built-in cases and laws against one metric (built in or from the config). */
export function registerTest(program: Command, io: CliIO, setExit: (code: number) => void): Command {
  const cmd = program
    .command('test <metric>')
    .description("run every built-in suite's cases and every law against one metric (a built-in id or one from the config)");
  for (const o of toOptions(selectionOptions.filter((s) => !SELECTION.has(s.flags)))) cmd.addOption(o);
  for (const o of toOptions(runOptions.filter((s) => !OWN_RUN.has(s.flags)))) cmd.addOption(o);
  cmd.addOption(new Option('--min-pass-rate <rate>', 'gate: share of scored cases per suite, and of laws, that must pass (default: report only, exit 0 unless a result errors)').argParser(parseRate));
  return cmd.action(async (metric: string, flags: TestFlags) => setExit(await testMetric(metric, flags, io)));
}
