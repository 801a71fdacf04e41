import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built entry point (`npm run build`, which `npm test` runs first). */
export const BIN = fileURLToPath(new URL('../../dist/src/cli/bin.js', import.meta.url));

export interface BinResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built bin as `npx metric-suite` would, without colour unless `env` asks for it. */
export function bin(args: string[], cwd: string, env: Record<string, string | undefined> = {}): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawnBin(args, cwd, env);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The bin as a child process (for --watch, which runs until stopped). */
export function spawnBin(args: string[], cwd: string, env: Record<string, string | undefined> = {}): ChildProcess {
  const base: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, CRIMSON_BASE_URL: undefined };
  return spawn(process.execPath, [BIN, ...args], { cwd, env: { ...base, ...env } as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
}
