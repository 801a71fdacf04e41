/** The `score --input` action: read pairs, score them (resumable), print the corpus summary. */
import path from 'node:path';
import type { MetricRegistry } from '../../metrics/registry.js';
import { DiskCache } from '../../runner/cache.js';
import type { CliIO } from '../io.js';
import { DEFAULT_COLUMNS, readPairs } from './input.js';
import { scoreBatch } from './run.js';
import { formatSummary } from './summary.js';

export interface ScoreInputFlags {
  metric: string;
  input?: string;
  output?: string;
  idColumn: string;
  referenceColumn: string;
  candidateColumn: string;
  contextColumns?: string;
  details: boolean;
  cache: boolean;
  cacheDir?: string;
  offline?: boolean;
  json?: boolean;
}

/** Returns the exit code: 0 every row scored, 1 some rows are errors, 2 input problems, 130 interrupted. */
export async function runScoreInput(io: CliIO, registry: MetricRegistry, f: ScoreInputFlags, configCacheDir: string | undefined, configProblems: boolean): Promise<number> {
  const file = path.resolve(io.cwd, f.input!);
  const output = f.output ? path.resolve(io.cwd, f.output) : undefined;
  const columns = {
    ...DEFAULT_COLUMNS,
    id: f.idColumn,
    reference: f.referenceColumn,
    candidate: f.candidateColumn,
    context: f.contextColumns ? f.contextColumns.split(',').map((s) => s.trim()).filter(Boolean) : [],
  };
  const { rows, problems } = readPairs(file, columns);
  for (const p of problems) io.stderr.write(`${p}\n`);
  const reg = await registry.get(f.metric);
  const cache = f.cache ? new DiskCache(f.cacheDir ? path.resolve(io.cwd, f.cacheDir) : (configCacheDir ?? path.resolve(io.cwd, '.metric-suite/cache'))) : undefined;
  const stop = { stopped: false };
  const onSigint = () => {
    if (stop.stopped) process.exit(130);
    stop.stopped = true;
    io.stderr.write('\nmetric-suite: stopping after the rows in flight (Ctrl-C again to quit at once)\n');
  };
  process.on('SIGINT', onSigint);
  let result;
  try {
    result = await scoreBatch({
      reg,
      rows,
      ...(output ? { output } : { rowSink: io.stdout }),
      ...(cache ? { cache } : {}),
      ...(f.offline ? { offline: true } : {}),
      details: f.details,
      progress: io.stderr as { write(t: string): unknown; isTTY?: boolean },
      stopSignal: stop,
    });
  } finally {
    process.off('SIGINT', onSigint);
  }
  const text = f.json ? `${JSON.stringify({ ...result.summary, skipped: result.skipped, scoredNow: result.scoredNow, interrupted: result.interrupted, inputProblems: problems.length }, null, 2)}\n` : formatSummary(result.summary, problems.length);
  // With --output the summary is the command's output; without, rows own stdout.
  (output ? io.stdout : io.stderr).write(text);
  if (result.skipped) io.stderr.write(result.skipped === 1 ? `1 row was already in ${f.output} and was skipped\n` : `${result.skipped} rows were already in ${f.output} and were skipped\n`);
  if (result.unreadable) io.stderr.write(`${result.unreadable} unreadable lines in ${f.output} were ignored (a run cut off mid-write)\n`);
  if (result.interrupted) {
    io.stderr.write(`interrupted: ${result.summary.scored} of ${rows.length} rows have a score${output ? `; run the same command again to resume` : ''}\n`);
    return 130;
  }
  if (problems.length || configProblems) return 2;
  return result.summary.errors ? 1 : 0;
}
