/**
 * `npm run bench`: every row of the performance table, each measured in this run against its
 * reference (nltk, scipy, Python ports of the published formulas in bench/_python/, vitest),
 * printed with the machine and its load, and written into bench/README.md (between its
 * markers). `npm run bench -- <id...>` runs some rows (ids below) or one of the detailed
 * benchmarks (`runner`, `extractor`, `bench/<name>.bench.ts`) and prints them; a full run rewrites
 * the README and bench/results.json, and `npm run bench -- --update <id...>` measures those rows
 * again and merges them into the last full table (each row says when it ran, at what load).
 * Targets live here, never in timed tests.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { extractorBench } from './extractor.js';
import { runnerBench } from './runner.js';
import { runnerScaleBench } from './runner-scale.js';
import { machine, load } from './_lib/machine.js';
import { markdownTable, writeReadme } from './_lib/readme.js';
import { mergeResults, RESULTS, tableHead, writeResults } from './_lib/results.js';
import type { BenchGroup, BenchRow } from './_lib/row.js';
import { defaultRunGroup } from './rows/default-run.js';
import { kendallGroup } from './rows/kendall.js';
import { startupGroup } from './rows/startup.js';
import { crimsonGroup, radgraphGroup } from './rows/structured-scorers.js';
import { extractorGroup, judgeGroup, runnerGroup } from './rows/system.js';
import { scaleGroup } from './rows/runner.js';
import { bleuGroup, rougeGroup } from './rows/text-scorers.js';

/** The table, in the issue's order. */
const TABLE: BenchGroup[] = [bleuGroup, radgraphGroup, crimsonGroup, kendallGroup, rougeGroup, extractorGroup, startupGroup, defaultRunGroup, runnerGroup, scaleGroup, judgeGroup];

const details: Record<string, () => Promise<void>> = { 'runner-detail': runnerBench, 'runner-scale': runnerScaleBench, 'extractor-detail': extractorBench };
for (const file of readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts')).sort()) {
  const name = file.replace(/\.bench\.ts$/, '');
  details[name] = async () => ((await import(`./${file}`)) as { default: () => Promise<void> }).default();
}

const args = process.argv.slice(2);
/** `--update`: measure the rows named and merge them into the last full table (bench/results.json). */
const update = args.includes('--update');
const names = args.filter((a) => !a.startsWith('-'));
const groups = names.length ? TABLE.filter((g) => names.includes(g.id) || g.rows.some((r) => names.includes(r))) : TABLE;
const unknown = names.filter((n) => !TABLE.some((g) => g.id === n || g.rows.includes(n)) && !details[n]);
if (unknown.length) {
  console.error(`unknown benchmark ${unknown.map((u) => `"${u}"`).join(', ')} (rows: ${TABLE.flatMap((g) => g.rows).join(', ')}; detailed: ${Object.keys(details).join(', ')})`);
  process.exit(2);
}
for (const n of names) if (details[n] && !TABLE.some((g) => g.id === n)) await details[n]();

if (groups.length && (!names.length || names.some((n) => TABLE.some((g) => g.id === n || g.rows.includes(n))))) {
  const started = Date.now();
  const rows: BenchRow[] = [];
  for (const g of groups) {
    process.stderr.write(`bench: ${g.id} ...\n`);
    // each row carries when it ran and the load average then: the machine is shared
    const measured = { measuredAt: new Date().toISOString(), load: load() };
    try {
      rows.push(...(await g.run()).map((r) => ({ ...r, ...measured })));
    } catch (e) {
      for (const id of g.rows) rows.push({ id, what: id, project: 'failed', reference: '—', result: (e as Error).message.split('\n')[0]!.slice(0, 200), goal: '—', met: false, ...measured });
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const order = TABLE.flatMap((g) => g.rows);
  const table = update ? mergeResults(RESULTS, rows, order) : rows;
  if (!names.length || update) writeResults(RESULTS, table);
  const head = tableHead(table, machine());
  const met = table.filter((r) => r.met).length;
  console.log(`\n${head}\n\n${markdownTable(rows)}\n\n${rows.filter((r) => r.met).length} of ${rows.length} goals met (${seconds.toFixed(0)} s).`);
  if (!names.length || update) {
    writeReadme(path.join(import.meta.dirname, 'README.md'), `## The performance table\n\n${head}\n\n${markdownTable(table)}\n\n${met} of ${table.length} goals met. Ratios are of CPU time (user + system) of the same work on the same inputs, outputs checked equal, so a loaded machine moves them less than wall time; the start-up, default-run, runner and judge rows are wall time, which on a loaded machine mostly measures the wait for a core (the default-run row gives the CPU time beside it).`);
  }
}
