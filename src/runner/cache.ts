import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { ScoreOutcome } from '../metrics/contract.js';

type Entry = Extract<ScoreOutcome, { value: number }>;

/**
 * Open append handles kept at once. A namespace has 256 bucket files and keys spread evenly,
 * so fewer handles than that reopen a file for most writes (open + mkdir per judge call showed
 * up as the largest CPU cost of a 1,000-call judge run); two namespaces' worth stays well under
 * the usual descriptor limits.
 */
const OPEN_FILES = 512;

/**
 * Content-addressed disk cache of metric outcomes, crash-safe. Entries live in 256 bucket
 * files per metric configuration (`<dir>/<metric>-<config>/<xx>.jsonl`), one line per entry,
 * appended the moment a score arrives: a run stopped by SIGINT or kill -9 keeps every score
 * it got, and runs sharing a cache never overwrite each other (appends, not rewrites). Each
 * line carries a checksum of its key and value; a line that fails it (hand-edited, torn) is
 * not used (the request is scored again) and a warning says so. Only successful outcomes are
 * stored: an error is retried on the next run.
 */
export class DiskCache {
  private readonly buckets = new Map<string, Map<string, Entry>>();
  private readonly open = new Map<string, number>();
  private readonly failures: string[] = [];
  private readonly unwritable = new Set<string>();

  constructor(readonly dir: string, private readonly warn: (message: string) => void = (m) => process.emitWarning(m)) {}

  /** Namespace of one metric configuration: readable prefix plus a hash of what defines it. */
  static namespace(metricId: string, version: string, configHash: string): string {
    const safe = metricId.replace(/[^\w.-]+/g, '_');
    return `${safe}-${createHash('sha256').update(`${metricId}\0${version}\0${configHash}`).digest('hex').slice(0, 16)}`;
  }

  /** Key of one request inside a namespace. */
  static key(requestJson: string): string {
    return createHash('sha256').update(requestJson).digest('hex');
  }

  /** Synchronous: a bucket is one small file, read once per run. */
  get(ns: string, key: string): Entry | undefined {
    return this.bucket(this.file(ns, key)).get(key);
  }

  /** Stores an entry and appends it to its bucket file at once (a failed write is reported by flush). */
  set(ns: string, key: string, entry: Entry): void {
    const file = this.file(ns, key);
    const e: Entry = entry.details === undefined ? { value: entry.value } : { value: entry.value, details: entry.details };
    this.bucket(file).set(key, e);
    if (this.unwritable.has(file)) return;
    const record = e.details === undefined ? { k: key, v: e.value, c: checksum(key, e) } : { k: key, v: e.value, d: e.details, c: checksum(key, e) };
    // a leading newline: a line torn by a crash never swallows the next record
    const line = `\n${JSON.stringify(record)}\n`;
    try {
      writeSync(this.handle(file), line);
    } catch (err) {
      this.unwritable.add(file);
      this.failures.push(`cache write ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  }

  /** Closes the open files; returns the write failures since the last flush (a cache write never fails a run). */
  async flush(): Promise<string[]> {
    for (const fd of this.open.values()) {
      try {
        closeSync(fd);
      } catch {
        /* already closed */
      }
    }
    this.open.clear();
    return this.failures.splice(0).sort();
  }

  /** Plain concatenation: path.join per lookup showed up in profiles of 30,000-request runs. */
  private file(ns: string, key: string): string {
    return `${this.dir}${path.sep}${ns}${path.sep}${key.slice(0, 2)}.jsonl`;
  }

  private handle(file: string): number {
    let fd = this.open.get(file);
    if (fd !== undefined) {
      this.open.delete(file);
      this.open.set(file, fd); // most recently used last
      return fd;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    fd = openSync(file, 'a');
    this.open.set(file, fd);
    if (this.open.size > OPEN_FILES) {
      const [oldest, oldFd] = this.open.entries().next().value as [string, number];
      this.open.delete(oldest);
      closeSync(oldFd);
    }
    return fd;
  }

  private bucket(file: string): Map<string, Entry> {
    let b = this.buckets.get(file);
    if (!b) {
      b = readBucket(file, this.warn);
      this.buckets.set(file, b);
    }
    return b;
  }
}

function checksum(key: string, e: Entry): string {
  return createHash('sha256').update(`${key}\0${JSON.stringify([e.value, e.details ?? null])}`).digest('hex').slice(0, 16);
}

/** Reads a bucket's lines (the last valid line of a key wins); lines failing their checksum are dropped with a warning. */
function readBucket(file: string, warn: (message: string) => void): Map<string, Entry> {
  const out = new Map<string, Entry>();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  let bad = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    let r: { k?: unknown; v?: unknown; d?: unknown; c?: unknown };
    try {
      r = JSON.parse(line) as typeof r;
    } catch {
      bad++; // torn by a crash, or edited by hand
      continue;
    }
    if (typeof r?.k !== 'string' || typeof r.v !== 'number') {
      bad++;
      continue;
    }
    const e: Entry = r.d === undefined ? { value: r.v } : { value: r.v, details: r.d as Record<string, unknown> };
    if (r.c !== checksum(r.k, e)) {
      bad++;
      continue;
    }
    out.set(r.k, e);
  }
  if (bad > 0) warn(`metric-suite: ${bad} cache entr${bad === 1 ? 'y' : 'ies'} in ${file} failed the checksum and will be scored again`);
  return out;
}
