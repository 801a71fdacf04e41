import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ScoreOutcome } from '../metrics/contract.js';

type Entry = Extract<ScoreOutcome, { value: number }>;
type Bucket = Record<string, Entry>;

/**
 * Content-addressed disk cache of metric outcomes. Entries live in 256 bucket files per
 * metric configuration (`<dir>/<metric>-<config>/<xx>.json`), so a run of thousands of
 * cases writes hundreds of files, not thousands. Writes are atomic (temp file + rename)
 * and merge what another process wrote meanwhile; a corrupt bucket reads as empty.
 * Only successful outcomes are stored: an error is retried on the next run.
 */
export class DiskCache {
  private readonly buckets = new Map<string, Promise<Bucket>>();
  private readonly dirty = new Map<string, Bucket>();

  constructor(readonly dir: string) {}

  /** Namespace of one metric configuration: readable prefix plus a hash of what defines it. */
  static namespace(metricId: string, version: string, configHash: string): string {
    const safe = metricId.replace(/[^\w.-]+/g, '_');
    return `${safe}-${createHash('sha256').update(`${metricId}\0${version}\0${configHash}`).digest('hex').slice(0, 16)}`;
  }

  /** Key of one request inside a namespace. */
  static key(requestJson: string): string {
    return createHash('sha256').update(requestJson).digest('hex');
  }

  async get(ns: string, key: string): Promise<Entry | undefined> {
    const file = this.file(ns, key);
    return this.dirty.get(file)?.[key] ?? (await this.bucket(file))[key];
  }

  set(ns: string, key: string, entry: Entry): void {
    const file = this.file(ns, key);
    const pending = this.dirty.get(file) ?? {};
    pending[key] = entry.details === undefined ? { value: entry.value } : { value: entry.value, details: entry.details };
    this.dirty.set(file, pending);
  }

  /** Writes every changed bucket; returns the failures (a cache write never fails a run). */
  async flush(): Promise<string[]> {
    const failures: string[] = [];
    for (const [file, entries] of this.dirty) {
      try {
        const merged = { ...(await readBucket(file)), ...entries };
        await mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        await writeFile(tmp, JSON.stringify(merged));
        await rename(tmp, file);
        this.buckets.set(file, Promise.resolve(merged));
      } catch (e) {
        failures.push(`cache write ${file}: ${(e as Error).message}`);
      }
    }
    this.dirty.clear();
    return failures;
  }

  private file(ns: string, key: string): string {
    return path.join(this.dir, ns, `${key.slice(0, 2)}.json`);
  }

  private bucket(file: string): Promise<Bucket> {
    let b = this.buckets.get(file);
    if (!b) {
      b = readBucket(file);
      this.buckets.set(file, b);
    }
    return b;
  }
}

async function readBucket(file: string): Promise<Bucket> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Bucket) : {};
  } catch {
    return {};
  }
}
