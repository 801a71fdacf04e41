import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { getReporter, reporters as builtins } from '../../reporters/index.js';
import { createProgressReporter, shouldShowProgress } from '../../reporters/progress.js';
import { importModule, mainExport } from '../metrics/adapters/module.js';
import type { Reporter, ReporterFactory } from '../reporting/reporter.js';
import { useColor, type CliIO } from './io.js';

/** A reporter plus, for --output-file, the file it writes when the run ends. */
export interface ActiveReporters {
  reporters: Reporter[];
  /** Writes buffered output files; returns problems writing them. */
  finish(): string[];
  /** Some reporter writes to stdout (else the run's problems are echoed on stderr). */
  toTerminal: boolean;
}

/** Resolves `--reporter` names (built-in or module paths) and `--output-file name=path`. */
export async function createReporters(names: string[] | undefined, outputFiles: string[] | undefined, io: CliIO, color?: boolean): Promise<ActiveReporters> {
  const targets = new Map<string, string>();
  for (const spec of outputFiles ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0) throw new Error(`--output-file takes name=path, got "${spec}"`);
    targets.set(spec.slice(0, eq), path.resolve(io.cwd, spec.slice(eq + 1)));
  }
  const list = [...new Set([...(names?.length ? names : ['default']), ...targets.keys()])];
  const sinks: FileSink[] = [];
  const reporters: Reporter[] = [];
  for (const name of list) {
    const factory = await resolveFactory(name, io);
    const file = targets.get(name);
    if (file) {
      const sink = new FileSink(file);
      sinks.push(sink);
      reporters.push(factory({ write: (t) => sink.write(t), color: false }));
    } else {
      reporters.push(factory({ write: (t) => void io.stdout.write(t), color: useColor(io, color) }));
    }
  }
  // a progress line on a terminal (stderr, cleared before the reports print); silent in CI or a pipe
  if (shouldShowProgress(io.stdout.isTTY, io.env)) reporters.unshift(createProgressReporter({ stream: io.stderr }));
  return {
    reporters,
    toTerminal: list.some((name) => !targets.has(name)),
    finish: () => sinks.flatMap((sink) => sink.finish()),
  };
}

/**
 * An --output-file target, written as the reporter writes (a large report is never held in
 * memory) into a temporary file beside it, renamed into place when the run ends: the file is
 * never left half-written.
 */
class FileSink {
  private fd: number | undefined;
  private pending = '';
  private error: string | undefined;
  private readonly partial: string;

  constructor(private readonly file: string) {
    this.partial = `${file}.partial-${process.pid}`;
  }

  write(text: string): void {
    this.pending += text;
    if (this.pending.length >= 1 << 16) this.flush();
  }

  /** Closes and renames the file; returns the problem writing it, if any. */
  finish(): string[] {
    this.flush();
    try {
      if (this.error) throw new Error(this.error);
      if (this.fd === undefined) this.open();
      closeSync(this.fd!);
      this.fd = undefined;
      renameSync(this.partial, this.file);
      return [];
    } catch (e) {
      rmSync(this.partial, { force: true });
      return [`cannot write ${this.file}: ${(e as Error).message}`];
    }
  }

  private open(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    this.fd = openSync(this.partial, 'w');
  }

  private flush(): void {
    if (!this.pending || this.error) return;
    try {
      if (this.fd === undefined) this.open();
      writeSync(this.fd!, this.pending);
    } catch (e) {
      this.error = (e as Error).message;
    }
    this.pending = '';
  }
}

async function resolveFactory(name: string, io: CliIO): Promise<ReporterFactory> {
  const builtin = getReporter(name);
  if (builtin) return builtin;
  if (!/[./\\]/.test(name)) throw new Error(`unknown reporter "${name}" (built in: ${Object.keys(builtins).join(', ')}; or a module path)`);
  const mod = await importModule(path.resolve(io.cwd, name));
  const exported = mainExport(mod, 'reporter');
  if (typeof exported === 'function') return exported as ReporterFactory;
  if (exported && typeof exported === 'object') return () => exported as Reporter;
  throw new Error(`reporter module ${name} must export a reporter factory or object`);
}

/** The built-in reporter names, from the registry (for `--help`). */
export function reporterNames(): string[] {
  return Object.keys(builtins);
}
