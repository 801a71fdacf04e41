/** Where the CLI writes and what it knows of its surroundings; tests pass their own. */
export interface CliIO {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  cwd: string;
  env: Record<string, string | undefined>;
}

export function processIO(): CliIO {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };
}

/** Colour when writing to a TTY, unless NO_COLOR is set; FORCE_COLOR forces it. */
export function useColor(io: CliIO): boolean {
  if (io.env.FORCE_COLOR && io.env.FORCE_COLOR !== '0') return true;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  return io.stdout.isTTY === true;
}
