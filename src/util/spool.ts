import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Bytes gathered before a write to the spool file, and read back per chunk. */
const CHUNK = 1 << 20;

/**
 * An append-only temporary file for text produced while a run goes (a reporter's results),
 * read back once in chunks: what a large run produces stays on disk, not in memory. The file
 * is removed when read back, on `discard`, or when the process exits.
 */
export class Spool {
  private fd: number | undefined;
  private dir: string | undefined;
  private pending = '';
  private bytes = 0;
  private readonly cleanup = () => this.discard();

  /** Pieces appended so far. */
  count = 0;

  append(text: string): void {
    this.count++;
    this.pending += text;
    if (this.pending.length >= CHUNK) this.flush();
  }

  /** Hands the spooled text to `write` in chunks of about a megabyte, then removes the file. */
  drain(write: (text: string) => void): void {
    if (this.fd === undefined) {
      if (this.pending) write(this.pending);
      this.pending = '';
      return;
    }
    this.flush();
    const buf = Buffer.allocUnsafe(CHUNK);
    let carry = Buffer.alloc(0);
    for (let pos = 0; pos < this.bytes; ) {
      const n = readSync(this.fd, buf, 0, CHUNK, pos);
      if (n <= 0) break;
      pos += n;
      const chunk = carry.length ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
      // never cut a UTF-8 sequence: keep an incomplete tail for the next chunk
      const cut = completeLength(chunk);
      write(chunk.subarray(0, cut).toString('utf8'));
      carry = Buffer.from(chunk.subarray(cut));
    }
    if (carry.length) write(carry.toString('utf8'));
    this.discard();
  }

  /** Removes the file without reading it. */
  discard(): void {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        /* already closed */
      }
      this.fd = undefined;
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
    process.off('exit', this.cleanup);
  }

  private flush(): void {
    if (!this.pending) return;
    if (this.fd === undefined) {
      this.dir = mkdtempSync(path.join(os.tmpdir(), 'metric-suite-spool-'));
      this.fd = openSync(path.join(this.dir, 'spool'), 'w+');
      process.on('exit', this.cleanup);
    }
    this.bytes += writeSync(this.fd, this.pending);
    this.pending = '';
  }
}

/** Length of the longest prefix of `b` that ends on a UTF-8 character boundary. */
function completeLength(b: Buffer): number {
  let i = b.length;
  // step back over continuation bytes (at most 3) to the lead byte of the last character
  let k = i - 1;
  while (k >= 0 && i - k <= 4 && (b[k]! & 0xc0) === 0x80) k--;
  if (k < 0) return i;
  const lead = b[k]!;
  const need = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return i - k >= need ? i : k;
}
