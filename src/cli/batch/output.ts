/**
 * The scores file of a batch run: JSONL, one `{"id", "value", "details"?}` or `{"id", "error"}`
 * per row, appended as rows finish. Re-running the same command reads it first: ids that
 * already have a value are skipped (resumption after an interrupt), ids with only an error
 * are scored again (the later line wins). A line cut off by a kill is ignored.
 */
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { ScoreOutcome } from '../../metrics/contract.js';

export interface ScoredRow {
  id: string;
  value?: number;
  error?: string;
  details?: Record<string, unknown>;
}

export interface PreviousScores {
  /** Last entry per id. */
  byId: Map<string, ScoredRow>;
  /** Lines that could not be read (a cut-off last line). */
  unreadable: number;
}

export function readPrevious(file: string | undefined): PreviousScores {
  const byId = new Map<string, ScoredRow>();
  let unreadable = 0;
  if (!file || !existsSync(file)) return { byId, unreadable };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as ScoredRow;
      if (r && typeof r.id === 'string' && (typeof r.value === 'number' || typeof r.error === 'string')) byId.set(r.id, r);
      else unreadable++;
    } catch {
      unreadable++;
    }
  }
  return { byId, unreadable };
}

/** Appends rows to the scores file (synchronously: a row on disk is a row that survives SIGINT). */
export class ScoresWriter {
  private readonly fd: number;

  constructor(file: string) {
    const needsNewline = existsSync(file) && (() => {
      const t = readFileSync(file);
      return t.length > 0 && t[t.length - 1] !== 0x0a;
    })();
    this.fd = openSync(file, 'a');
    if (needsNewline) writeSync(this.fd, '\n');
  }

  write(rows: ScoredRow[]): void {
    if (rows.length) writeSync(this.fd, rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
  }

  close(): void {
    closeSync(this.fd);
  }
}

export function rowOf(id: string, o: ScoreOutcome, details: boolean): ScoredRow {
  if ('error' in o) return { id, error: o.error };
  return details && o.details ? { id, value: o.value, details: o.details } : { id, value: o.value };
}
