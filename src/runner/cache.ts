import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { appender } from './cache/appender.js';
import { parseBucket, recordLine, type Entry } from './cache/records.js';

/**
 * Content-addressed disk cache of metric outcomes, crash-safe. Entries live in 256 bucket
 * files per metric configuration (`<dir>/<metric>-<config>/<xx>.jsonl`), one line per entry
 * (cache/records.ts), appended as each score arrives, off the event loop (cache/appender.ts):
 * a run that is stopped, interrupted or crashes keeps every score it got (only a kill -9 in the
 * milliseconds before a line's write can lose it), and runs sharing a cache never overwrite
 * each other (appends, not rewrites). Each line carries a checksum of its key and value; a
 * line that fails it (hand-edited, torn) is not used (the request is scored again) and a
 * warning says so. Only successful outcomes are stored: an error is retried on the next run.
 */
export class DiskCache {
  private readonly buckets = new Map<string, Map<string, Entry>>();
  /** Bucket files present per namespace folder, listed once (a fresh namespace reads no file at all). */
  private readonly listed = new Map<string, Set<string>>();
  /** Files this cache appended to, for flush. */
  private readonly written = new Set<string>();
  private readonly failures: string[] = [];
  private readonly unwritable = new Set<string>();
  private readonly onError = (file: string, message: string): void => {
    if (this.unwritable.has(file)) return;
    this.unwritable.add(file);
    this.failures.push(message);
  };

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
    return this.bucket(ns, key.slice(0, 2)).get(key);
  }

  /** Stores an entry and queues its line for its bucket file at once (a failed write is reported by flush). */
  set(ns: string, key: string, entry: Entry): void {
    const prefix = key.slice(0, 2);
    const e: Entry = entry.details === undefined ? { value: entry.value } : { value: entry.value, details: entry.details };
    this.bucket(ns, prefix).set(key, e);
    const file = this.file(ns, prefix);
    if (this.unwritable.has(file)) return;
    this.written.add(file);
    appender.append(file, recordLine(key, e), this.onError);
  }

  /** Waits until every entry set is on disk and closes the files; returns the write failures since the last flush (a cache write never fails a run). */
  async flush(): Promise<string[]> {
    await appender.settle(this.written);
    this.written.clear();
    return this.failures.splice(0).sort();
  }

  /** Plain concatenation: path.join per lookup showed up in profiles of 30,000-request runs. */
  private file(ns: string, prefix: string): string {
    return `${this.dir}${path.sep}${ns}${path.sep}${prefix}.jsonl`;
  }

  private bucket(ns: string, prefix: string): Map<string, Entry> {
    const file = this.file(ns, prefix);
    let b = this.buckets.get(file);
    if (!b) {
      b = new Map();
      if (this.present(ns).has(`${prefix}.jsonl`) || appender.has(file)) this.read(file, b);
      this.buckets.set(file, b);
    }
    return b;
  }

  private present(ns: string): Set<string> {
    let names = this.listed.get(ns);
    if (!names) {
      try {
        names = new Set(readdirSync(`${this.dir}${path.sep}${ns}`));
      } catch {
        names = new Set(); // no such namespace yet
      }
      this.listed.set(ns, names);
    }
    return names;
  }

  /** Reads a bucket's lines, and those this process has not written yet; lines failing their checksum are dropped with a warning. */
  private read(file: string, out: Map<string, Entry>): void {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      /* none yet */
    }
    const bad = parseBucket(text + appender.unwritten(file), out);
    if (bad > 0) this.warn(`metric-suite: ${bad} cache entr${bad === 1 ? 'y' : 'ies'} in ${file} failed the checksum and will be scored again`);
  }
}
