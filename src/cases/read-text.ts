import { readFileSync } from 'node:fs';
import type { Problem } from './problem.js';

/** Largest case, suite or config file read (bytes): a bigger file is a problem, not an allocation. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A file's text, or the problem reading it. Bytes that are not UTF-8 (Latin-1 exports, for
 * instance) are a problem at the first bad byte, never silently replaced. Synchronous on
 * purpose: for thousands of small case files, fs/promises' per-call overhead costs several
 * times the read itself, and nothing else runs while loading.
 */
export function readText(file: string, display: string, what: string): string | Problem {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    return { file: display, line: 1, column: 1, message: `cannot read ${what}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  if (bytes.length > MAX_FILE_BYTES) {
    return { file: display, line: 1, column: 1, message: `${what} is ${bytes.length} bytes; the limit is ${MAX_FILE_BYTES} (split it into several files)` };
  }
  try {
    return utf8.decode(bytes);
  } catch {
    const bad = firstInvalidUtf8(bytes);
    const { line, column } = bytePosition(bytes, bad);
    return { file: display, line, column, message: `${what} is not UTF-8 (byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} at offset ${bad}); save it as UTF-8` };
  }
}

/** Offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (n === 0) return i;
    for (let k = 1; k < n; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    // overlongs and surrogates are rejected by TextDecoder too: point at the lead byte
    const c1 = bytes[i + 1] ?? 0;
    if ((b === 0xe0 && c1 < 0xa0) || (b === 0xed && c1 > 0x9f) || (b === 0xf0 && c1 < 0x90) || (b === 0xf4 && c1 > 0x8f)) return i;
    i += n;
  }
  return bytes.length;
}

/** 1-based line and column (in bytes) of an offset. */
function bytePosition(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) [line, start] = [line + 1, i + 1];
  return { line, column: offset - start + 1 };
}
