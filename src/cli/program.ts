import { Command, CommanderError } from 'commander';
import { packageVersion } from '../util/package-root.js';
import { registerBaseline } from './commands/baseline.js';
import { registerImport } from './commands/import.js';
import { registerMergeReports } from './commands/merge-reports.js';
import { registerList } from './commands/list.js';
import { registerNew } from './commands/new.js';
import { registerRun } from './commands/run.js';
import { registerSchema } from './commands/schema.js';
import { registerScore } from './commands/score.js';
import { registerValidate } from './commands/validate.js';
import { processIO, type CliIO } from './io.js';

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
    .configureOutput({ writeOut: (s) => void io.stdout.write(s), writeErr: (s) => void io.stderr.write(s) });
  for (const register of [registerRun, registerList, registerValidate, registerSchema, registerScore, registerNew, registerImport, registerBaseline, registerMergeReports]) {
    register(program, io, setExit).exitOverride();
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    io.stderr.write(`metric-suite: ${(e as Error).message}\n`);
    return 2;
  }
  return code;
}
