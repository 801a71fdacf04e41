/**
 * Blind preference set: how often each offline metric orders two candidate reports the way
 * independent raters do, measured through the product's own path (preference cases + `run`).
 *
 *   npx tsx bench/prefset/evaluate.ts <folder> [--part dev|third|all] [--json]
 *
 * <folder> holds items.jsonl ({id, context, reference, candidates: {a, b, c}}) and
 * ratings/<rater>.jsonl ({id, a, b, c}: 1-5). Items whose id number is divisible by 3 are the
 * held-aside third. The script writes one preference case file to a temporary folder, runs
 * `metric-suite run --cases ... --reporter json --no-cache` with the offline metrics, and prints
 * each metric's agreement with the raters' majority on untied pairs and Kendall tau-b.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';

const METRICS = ['bleu', 'rouge-l', 'radgraph-f1:lexicon', 's-score:text', 'crimson:lexicon'];

interface Item { id: string; context?: Record<string, unknown>; reference: string; candidates: Record<string, string> }
type Rating = { id: string } & Record<string, number>;

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l, i) => {
    try {
      return JSON.parse(l) as T;
    } catch (e) {
      throw new Error(`${file}:${i + 1}: ${(e as Error).message}`);
    }
  });
}

function inPart(id: string, part: string): boolean {
  const third = Number(id.replace(/\D/g, '')) % 3 === 0;
  return part === 'all' || (part === 'third' ? third : !third);
}

function toCases(folder: string, part: string): { cases: unknown[]; raters: string[] } {
  const items = readJsonl<Item>(path.join(folder, 'items.jsonl')).filter((it) => inPart(it.id, part));
  const dir = path.join(folder, 'ratings');
  const raters = readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort().map((f) => f.replace(/\.jsonl$/, ''));
  const byRater = new Map(raters.map((r) => [r, new Map(readJsonl<Rating>(path.join(dir, `${r}.jsonl`)).map((x) => [x.id, x]))]));
  const cases = items.map((it) => ({
    id: `prefset/${it.id}`,
    reference: it.reference,
    ...(it.context ? { context: it.context } : {}),
    candidates: it.candidates,
    ratings: raters.flatMap((rater) => {
      const row = byRater.get(rater)!.get(it.id);
      if (!row) return [];
      return [{ rater, scores: Object.fromEntries(Object.keys(it.candidates).map((k) => [k, row[k]])) }];
    }),
  }));
  return { cases, raters };
}

function main(argv: string[]): void {
  const folder = argv.find((a) => !a.startsWith('--'));
  if (!folder) throw new Error('usage: evaluate.ts <folder> [--part dev|third|all] [--json]');
  const part = argv.includes('--part') ? argv[argv.indexOf('--part') + 1]! : 'all';
  const { cases, raters } = toCases(folder, part);
  const tmp = mkdtempSync(path.join(tmpdir(), 'prefset-'));
  const file = path.join(tmp, 'prefset.yaml');
  writeFileSync(file, stringify({ defaults: { kind: 'preference' }, cases }));
  const bin = path.join(import.meta.dirname, '../../dist/src/cli/bin.js');
  const args = [bin, 'run', '--cases', file, ...METRICS.flatMap((m) => ['--metric', m]), '--reporter', 'json', '--no-cache'];
  let out: string;
  try {
    out = execFileSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'inherit'] });
  } catch (e) {
    out = (e as { stdout?: string }).stdout ?? ''; // a failing gate exits non-zero; the report is still printed
  }
  if (!out.trim()) throw new Error(`metric-suite run printed no JSON report for ${file} (see its stderr above)`);
  const report = JSON.parse(out) as { agreement?: Array<{ metric: string; pairs: number; majority: { untiedPairs: number; correctUntied: number; withoutTies: number }; tauB: { value: number; low: number; high: number }; corpus?: { kendall?: { value: number } }; interRater?: { meanAgreementWithoutTies: number; meanTauB: number } }> };
  const rows = (report.agreement ?? []).map((a) => ({ metric: a.metric, untiedPairs: a.majority.untiedPairs, correct: a.majority.correctUntied, majority: a.majority.withoutTies, tauB: a.tauB.value, tauBLow: a.tauB.low, tauBHigh: a.tauB.high, corpusKendall: a.corpus?.kendall?.value, interRater: a.interRater }));
  if (argv.includes('--json')) {
    console.log(JSON.stringify({ part, items: cases.length, raters, rows }, null, 2));
    return;
  }
  console.log(`${path.basename(folder)} (${part}): ${cases.length} items, raters ${raters.join(', ')}`);
  const ir = rows[0]?.interRater;
  if (ir) console.log(`  raters with each other: ${(ir.meanAgreementWithoutTies * 100).toFixed(1)} % of untied pairs, tau-b ${ir.meanTauB.toFixed(3)}`);
  for (const r of rows) console.log(`  ${r.metric.padEnd(20)} majority ${(r.majority * 100).toFixed(1)} % (${r.correct}/${r.untiedPairs})  tau-b ${r.tauB.toFixed(3)} [${r.tauBLow.toFixed(3)}, ${r.tauBHigh.toFixed(3)}]  corpus Kendall ${r.corpusKendall?.toFixed(3) ?? '-'}`);
}

main(process.argv.slice(2));
