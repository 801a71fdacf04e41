/**
 * Appends cache lines to bucket files off the event loop. Creating a bucket file costs ~0.2 ms
 * of system time here, and a fresh namespace has 256 of them: done synchronously, as before,
 * that stalled a 64-slot judge for tens of milliseconds while its first replies came in. Now
 * each file has a queue: a line is handed to the thread pool at once (open once, then one
 * write per batch, lines that arrive meanwhile going into the next batch), so a run keeps
 * every score it got within milliseconds of getting it.
 *
 * One appender per process, so two caches on one directory keep the order of their writes.
 * What is not yet on disk when the process exits (process.exit, an uncaught exception, the
 * CLI's second Ctrl-C) is written synchronously by an `exit` hook; only a kill -9 or a power
 * cut in the few milliseconds between a score and its write can lose it (the next run scores
 * it again). Lines the hook writes may already be on disk: a duplicate line is harmless (same
 * key, same value).
 */
import { appendFileSync, close, closeSync, mkdir, mkdirSync, open, write } from 'node:fs';
import path from 'node:path';

/**
 * Open append handles kept at once. A namespace has 256 bucket files and keys spread evenly,
 * so fewer handles than that would reopen a file for most writes; two namespaces' worth stays
 * well under the usual descriptor limits.
 */
const OPEN_FILES = 512;

type OnError = (file: string, message: string) => void;

interface FileQueue {
  /** Lines waiting for the next write. */
  pending: string[];
  /** Lines of the write in progress, not yet confirmed on disk. */
  writing: string[] | undefined;
  fd: number | undefined;
  /** Opening or writing. */
  busy: boolean;
  /** Callers to tell if a write fails (those that appended since the last failure). */
  listeners: Set<OnError>;
  idle: (() => void)[];
}

class Appender {
  private readonly queues = new Map<string, FileQueue>();
  /** Files with an open handle, least recently used first. */
  private readonly handles = new Set<string>();
  private readonly dirs = new Map<string, Promise<void>>();
  private hooked = false;

  /** Queues `text` for the end of `file`; `onError` hears of a failed write (the lines are dropped). */
  append(file: string, text: string, onError: OnError): void {
    let q = this.queues.get(file);
    if (!q) {
      q = { pending: [], writing: undefined, fd: undefined, busy: false, listeners: new Set(), idle: [] };
      this.queues.set(file, q);
    }
    q.pending.push(text);
    q.listeners.add(onError);
    if (!this.hooked) {
      this.hooked = true;
      process.on('exit', () => this.writeAllSync());
    }
    if (!q.busy) this.pump(file, q);
  }

  /** Lines of `file` not yet confirmed on disk (a reader in this process adds them to what it reads). */
  unwritten(file: string): string {
    const q = this.queues.get(file);
    return q ? (q.writing ?? []).concat(q.pending).join('') : '';
  }

  /** Whether this process has appended to `file` (it may exist although a directory listing missed it). */
  has(file: string): boolean {
    return this.queues.has(file);
  }

  /** Resolves once every line queued for `files` is written (or has failed), then closes their handles. */
  async settle(files: Iterable<string>): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const file of files) {
      const q = this.queues.get(file);
      if (q && (q.busy || q.pending.length > 0)) waits.push(new Promise((resolve) => q.idle.push(resolve)));
    }
    await Promise.all(waits);
    for (const file of files) {
      const q = this.queues.get(file);
      if (q && !q.busy && q.pending.length === 0) this.closeHandle(file, q);
    }
  }

  /** Resolves once every line queued for any file is written (or has failed): before a caller removes a cache folder it wrote to. */
  async settleAll(): Promise<void> {
    await this.settle([...this.queues.keys()]);
  }

  private pump(file: string, q: FileQueue): void {
    if (q.pending.length === 0) {
      q.busy = false;
      // everything appended is on disk: no one is left to tell of a failure (and a finished
      // run's cache must not be kept alive by its listener, e.g. across the runs of --watch)
      q.listeners.clear();
      for (const resolve of q.idle.splice(0)) resolve();
      return;
    }
    q.busy = true;
    if (q.fd !== undefined) return this.writeBatch(file, q, q.fd);
    this.openFile(file, true, (err, fd) => {
      if (err) return this.fail(file, q, err);
      q.fd = fd;
      this.handles.add(file);
      this.trimHandles();
      this.writeBatch(file, q, fd!);
    });
  }

  private writeBatch(file: string, q: FileQueue, fd: number): void {
    this.handles.delete(file);
    this.handles.add(file); // most recently used last
    q.writing = q.pending;
    q.pending = [];
    writeAll(fd, Buffer.from(q.writing.join(''), 'utf8'), (err) => {
      if (err) return this.fail(file, q, err);
      q.writing = undefined;
      this.pump(file, q);
    });
  }

  /** Opens for appending; a directory missing (never made, or removed since) is made first. */
  private openFile(file: string, retry: boolean, done: (err: NodeJS.ErrnoException | null, fd?: number) => void): void {
    this.dir(path.dirname(file)).then(
      () =>
        open(file, 'a', (err, fd) => {
          if (err?.code === 'ENOENT' && retry) {
            this.dirs.delete(path.dirname(file));
            return this.openFile(file, false, done);
          }
          done(err, fd);
        }),
      (err: NodeJS.ErrnoException) => done(err),
    );
  }

  private dir(dir: string): Promise<void> {
    let made = this.dirs.get(dir);
    if (!made) {
      made = new Promise<void>((resolve, reject) => mkdir(dir, { recursive: true }, (err) => (err ? reject(err) : resolve())));
      made.catch(() => this.dirs.delete(dir)); // tried again by the next write
      this.dirs.set(dir, made);
    }
    return made;
  }

  private fail(file: string, q: FileQueue, err: NodeJS.ErrnoException): void {
    const message = `cache write ${file}: ${err.code ?? err.message}`;
    q.writing = undefined;
    q.pending = [];
    this.closeHandle(file, q);
    const listeners = [...q.listeners];
    q.listeners.clear();
    for (const l of listeners) l(file, message);
    this.pump(file, q);
  }

  private closeHandle(file: string, q: FileQueue): void {
    if (q.fd === undefined) return;
    const fd = q.fd;
    q.fd = undefined;
    this.handles.delete(file);
    try {
      closeSync(fd);
    } catch {
      /* already closed */
    }
  }

  /** Closes the least recently used idle handles beyond OPEN_FILES. */
  private trimHandles(): void {
    if (this.handles.size <= OPEN_FILES) return;
    for (const file of this.handles) {
      if (this.handles.size <= OPEN_FILES) break;
      const q = this.queues.get(file)!;
      if (q.busy || q.fd === undefined) continue;
      const fd = q.fd;
      q.fd = undefined;
      this.handles.delete(file);
      close(fd, () => undefined);
    }
  }

  /** The exit hook: everything not confirmed on disk, written now. */
  private writeAllSync(): void {
    for (const [file, q] of this.queues) {
      const text = (q.writing ?? []).concat(q.pending).join('');
      if (!text) continue;
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        appendFileSync(file, text);
      } catch {
        /* nothing more can be done while exiting; the next run scores these again */
      }
    }
  }
}

/** Writes the whole buffer (a regular file takes it in one write; a short write is continued). */
function writeAll(fd: number, buf: Buffer, done: (err: NodeJS.ErrnoException | null) => void, offset = 0): void {
  write(fd, buf, offset, buf.length - offset, null, (err, written) => {
    if (err) return done(err);
    if (offset + written < buf.length) return writeAll(fd, buf, done, offset + written);
    done(null);
  });
}

/** The process's appender. */
export const appender = new Appender();
