/**
 * `metric-suite score --input pairs.csv|jsonl [--output scores.jsonl]`: scores every row with
 * one metric through the runner's scheduler (dedup, cache, batches, concurrency, timeouts),
 * in chunks whose rows are appended to the output as soon as they are done. SIGINT stops
 * after the chunk in flight (a second SIGINT exits at once); re-running the same command
 * skips the rows already scored.
 */
import type { ScoreRequest } from '../../metrics/contract.js';
import type { RegisteredMetric } from '../../metrics/registry.js';
import type { DiskCache } from '../../runner/cache.js';
import { scoreRequests } from '../../runner/scheduler.js';
import type { PairRow } from './input.js';
import { readPrevious, rowOf, ScoresWriter, type ScoredRow } from './output.js';
import { Progress, type ProgressSink } from './progress.js';
import { summarize, type CorpusSummary } from './summary.js';

export interface BatchOptions {
  reg: RegisteredMetric;
  rows: PairRow[];
  /** Scores file; without it rows go to `rowSink` (stdout) and nothing can be resumed. */
  output?: string;
  rowSink?: { write(text: string): unknown };
  cache?: DiskCache;
  offline?: boolean;
  details: boolean;
  progress: ProgressSink;
  /** Resolves when the run should stop after the chunk in flight (SIGINT). */
  stopSignal?: { stopped: boolean };
}

export interface BatchResult {
  summary: CorpusSummary;
  /** Rows scored in this run / skipped because the output had them. */
  scoredNow: number;
  skipped: number;
  interrupted: boolean;
  /** Cut-off lines found in the output file. */
  unreadable: number;
}

const requestOf = (r: PairRow): ScoreRequest => ({ reference: r.reference, candidate: r.candidate, ...(r.context ? { context: r.context } : {}) });

export async function scoreBatch(o: BatchOptions): Promise<BatchResult> {
  const prev = readPrevious(o.output);
  const latest = new Map(prev.byId);
  const todo = o.rows.filter((r) => latest.get(r.id)?.value === undefined);
  const skipped = o.rows.length - todo.length;
  const writer = o.output ? new ScoresWriter(o.output) : undefined;
  const progress = new Progress(o.progress, todo.length, o.reg.id, skipped);
  const chunk = Math.max(o.reg.batchSize * o.reg.concurrency * 2, 32);
  let scoredNow = 0;
  try {
    for (let i = 0; i < todo.length && !o.stopSignal?.stopped; i += chunk) {
      const part = todo.slice(i, i + chunk);
      const { outcomes } = await scoreRequests(o.reg, part.map(requestOf), { ...(o.cache ? { cache: o.cache } : {}), ...(o.offline ? { offline: true } : {}) });
      const done: ScoredRow[] = part.map((r, k) => rowOf(r.id, outcomes[k]!, o.details));
      if (writer) writer.write(done);
      else o.rowSink?.write(done.map((r) => `${JSON.stringify(r)}\n`).join(''));
      // The summary sees the details even when the file gets values only.
      part.forEach((r, k) => latest.set(r.id, rowOf(r.id, outcomes[k]!, true)));
      scoredNow += part.length;
      await o.cache?.flush();
      progress.add(part.length);
    }
  } finally {
    writer?.close();
    progress.end();
  }
  const all = o.rows.flatMap((r) => {
    const x = latest.get(r.id);
    return x ? [x] : [];
  });
  return {
    summary: summarize(o.reg.id, all),
    scoredNow,
    skipped,
    interrupted: scoredNow < todo.length,
    unreadable: prev.unreadable,
  };
}
