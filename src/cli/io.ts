/** Where the CLI writes and what it knows of its surroundings; tests pass their own. */
export interface CliIO {
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown };
  cwd: string;
  env: Record<string, string | undefined>;
  /** Standard input, for commands that read a report from it (`extract -`); absent: none. */
  stdin?: { isTTY?: boolean; read(): Promise<string> };
}

export function processIO(): CliIO {
  return { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env, stdin: { isTTY: process.stdin.isTTY === true, read: () => readStream(process.stdin) } };
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += chunk as string;
  return text;
}

/**
 * Colour when writing to a TTY. `--no-color` (flag false) turns it off; else FORCE_COLOR
 * decides when set (`0` or `false` off, anything else on, as chalk reads it); else NO_COLOR
 * (non-empty) turns it off.
 */
export function useColor(io: CliIO, flag?: boolean): boolean {
  if (flag === false) return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  return io.stdout.isTTY === true;
}
