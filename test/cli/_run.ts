import { main } from '../../src/cli/program.js';

/** Runs the CLI in-process with captured output. */
export async function cli(args: string[], cwd: string, env: Record<string, string | undefined> = { NO_COLOR: '1' }) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (t: string) => (stdout += t), isTTY: false },
    stderr: { write: (t: string) => (stderr += t) },
    cwd,
    env,
  });
  return { code, stdout, stderr, lastLine: stdout.trimEnd().split('\n').at(-1) };
}
