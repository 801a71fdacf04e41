import { Command, CommanderError } from 'commander';
import { packageVersion } from '../util/package-root.js';
import { processIO, type CliIO } from './io.js';

/** Registers one command on the program; `setExit` records the exit code its action decides. */
export type RegisterCommand = (program: Command, io: CliIO, setExit: (code: number) => void) => Command;

/**
 * Every command, in help order: its name and how to load it. A command's module (and what it
 * imports: the runner, zod, openai, ...) loads only when that command runs, so start-up stays
 * at commander's cost. Add a command with one line here.
 */
export const COMMANDS: readonly { name: string; load: () => Promise<RegisterCommand>; isDefault?: boolean }[] = [
  { name: 'run', load: async () => (await import('./commands/run.js')).registerRun, isDefault: true },
  { name: 'list', load: async () => (await import('./commands/list.js')).registerList },
  { name: 'validate', load: async () => (await import('./commands/validate.js')).registerValidate },
  { name: 'schema', load: async () => (await import('./commands/schema.js')).registerSchema },
  { name: 'score', load: async () => (await import('./commands/score.js')).registerScore },
  { name: 'new', load: async () => (await import('./commands/new.js')).registerNew },
  { name: 'import', load: async () => (await import('./commands/import.js')).registerImport },
  { name: 'baseline', load: async () => (await import('./commands/baseline.js')).registerBaseline },
  { name: 'test', load: async () => (await import('./commands/test.js')).registerTest },
  { name: 'init', load: async () => (await import('./commands/init/index.js')).registerInit },
  { name: 'merge-reports', load: async () => (await import('./commands/merge-reports.js')).registerMergeReports },
  { name: 'cseval', load: async () => (await import('./commands/cseval.js')).registerCseval },
  { name: 'extract', load: async () => (await import('./commands/extract.js')).registerExtract },
  { name: 'cache', load: async () => (await import('./commands/cache.js')).registerCache },
];

/**
 * The commands an argument list needs, as commander will dispatch it: the named command; all of
 * them for top-level help (it lists them); none for `--version`; else the default command
 * (commander hands everything from the first unknown option on to it).
 */
export function commandsFor(argv: string[]): typeof COMMANDS {
  const byName = (name: string | undefined) => COMMANDS.filter((c) => c.name === name);
  const first = argv[0];
  if (first === 'help') return argv[1] && byName(argv[1]).length ? byName(argv[1]) : COMMANDS;
  if (first !== undefined && !first.startsWith('-')) return byName(first).length ? byName(first) : COMMANDS;
  if (first === '-V' || first === '--version') return [];
  if (first === '-h' || first === '--help') return COMMANDS;
  return COMMANDS.filter((c) => c.isDefault);
}

/**
 * Runs the CLI and resolves to its exit code: 0 all gates pass, 1 a gate fails,
 * 2 usage, config or case-load errors. Never calls process.exit, so tests run it in-process.
 */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  let code = 0;
  const setExit = (c: number) => void (code = c);
  const program = new Command('metric-suite')
    .description('Conformance suite for clinical evaluation metrics')
    .version(packageVersion())
    .exitOverride()
    .configureOutput({ writeOut: (s) => void io.stdout.write(s), writeErr: (s) => void io.stderr.write(s) })
    .addHelpText('after', '\nA bare `metric-suite` (or one with only options, e.g. `metric-suite -t effusion`) is `metric-suite run`:\nevery suite in suites/. `metric-suite run --help` lists its options and every reporter.\n');
  try {
    const registers = await Promise.all(commandsFor(argv).map((c) => c.load()));
    for (const register of registers) register(program, io, setExit).exitOverride();
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    io.stderr.write(`metric-suite: ${(e as Error).message}\n`);
    return 2;
  }
  return code;
}
