import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Where a module failed to compile, 1-based. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

/** An import that failed to compile: the message names `file:line:col` and what is wrong. */
export class ModuleSyntaxError extends Error {
  override readonly name = 'ModuleSyntaxError';
  constructor(message: string, readonly location: SourceLocation | undefined, options?: ErrorOptions) {
    super(message, options);
  }
}

interface EsbuildMessage {
  text?: string;
  location?: { file?: string; line?: number; column?: number } | null;
}

/**
 * The compile error behind a failed import, with its location: esbuild's (a .ts module through
 * tsx: the `errors` array, else the lines of "Transform failed with N errors:"), or Node's
 * SyntaxError (a .js/.mjs module, whose message has no location: found with `node --check`).
 * Anything else (a module that throws while loading, a missing import) is returned unchanged.
 */
export function explainImportError(e: unknown, file: string): unknown {
  if (!(e instanceof Error)) return e;
  const found = esbuildErrors(e) ?? (e.name === 'SyntaxError' ? nodeSyntaxError(e, file) : undefined);
  if (!found || found.length === 0) return e;
  const text = found.map(({ location: l, text }) => (l ? `${display(l.file)}:${l.line}:${l.column}: ${text}` : text)).join('; ');
  const more = found.length > 1 ? ` (${found.length} errors)` : '';
  return new ModuleSyntaxError(`${text}${more}`, found[0]!.location, { cause: e });
}

interface Found {
  text: string;
  location?: SourceLocation;
}

function esbuildErrors(e: Error): Found[] | undefined {
  const errors = (e as { errors?: EsbuildMessage[] }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map((m) => ({
      text: m.text ?? 'syntax error',
      // esbuild's columns are 0-based
      location: m.location?.file ? { file: m.location.file, line: m.location.line ?? 1, column: (m.location.column ?? 0) + 1 } : undefined,
    }));
  }
  if (!/^(Transform|Build) failed with \d+ errors?:/.test(e.message)) return undefined;
  return e.message.split('\n').slice(1).flatMap((line): Found[] => {
    const m = /^(.*?):(\d+):(\d+): (?:ERROR: )?(.*)$/.exec(line.trim());
    if (m) return [{ text: m[4]!, location: { file: m[1]!, line: Number(m[2]), column: Number(m[3]) + 1 } }];
    return line.trim() ? [{ text: line.trim().replace(/^ERROR: /, '') }] : [];
  });
}

/** Node's SyntaxError: the location from the decorated stack if it has one, else from `node --check`. */
function nodeSyntaxError(e: Error, file: string): Found[] {
  const decorated = locate(e.stack ?? '', file);
  if (decorated) return [{ text: e.message, location: decorated }];
  const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 10_000 });
  return [{ text: e.message, location: check.status === 1 ? locate(check.stderr ?? '', file) : undefined }];
}

/** `file:LINE` on a line of its own, the source line, then a caret under the column (Node's arrow message). */
function locate(text: string, file: string): SourceLocation | undefined {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /:(\d+)$/.test(l) && (l.includes(file) || l.includes(encodeURI(file))));
  if (at < 0) return undefined;
  const line = Number(/:(\d+)$/.exec(lines[at]!)![1]);
  const caret = lines[at + 2]?.indexOf('^') ?? -1;
  return { file, line, column: caret >= 0 ? caret + 1 : 1 };
}

/** A path as the user wrote it: relative to the working folder when inside it. */
function display(file: string): string {
  const f = file.startsWith('file://') ? decodeURI(new URL(file).pathname) : file;
  const rel = path.relative(process.cwd(), f);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : f;
}
