/**
 * Blind RadGraph set: how far `radgraph-f1:lexicon` ranks report pairs as RadGraph-F1 computed
 * on independent RadGraph-style annotations does (a stand-in for the RadGraph-XL model, which
 * cannot run here).
 *
 *   npx tsx bench/rgset/evaluate.ts <folder> [--part dev|third|all] [--level partial] [--json]
 *
 * <folder> holds reports-<X>.jsonl ({id: "P001-ref" | "P001-a", text}) and ann/<X>.jsonl
 * ({id, entities: [{tokens, label: ANAT-DP|OBS-DP|OBS-U|OBS-DA, relations: [[type, index]]}]}),
 * annotated by hand by one annotator per part X. Pairs: "similar" (each candidate against its
 * own reference) and "random" (a reference against the candidates of other items annotated by
 * the same annotator, so conventions that differ between annotators add no noise). Prints
 * Kendall tau-b between the lexicon's RadGraph-F1 and the annotations' RadGraph-F1 per pair
 * kind, and entity-level agreement (tuples of the chosen level) of the lexicon's annotation
 * with the hand annotation. Items whose id number is divisible by 3 are the held-aside third.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { annotateWithLexicon } from '../../src/metrics/radgraph/extractors/lexicon.js';
import type { RadGraphAnnotation } from '../../src/metrics/radgraph/extractors/types.js';
import { radgraphF1, type RadGraphLevel } from '../../src/metrics/radgraph/score.js';
import { kendallTauB } from '../../src/stats/kendall.js';

const LABELS: Record<string, string> = {
  'ANAT-DP': 'Anatomy::definitely present',
  'OBS-DP': 'Observation::definitely present',
  'OBS-U': 'Observation::uncertain',
  'OBS-DA': 'Observation::definitely absent',
};

interface HandEntity { tokens: string; label: string; relations?: [string, number][] }
interface Report { id: string; text: string; part: string; hand: RadGraphAnnotation }

const readJsonl = <T>(file: string): T[] => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);

function toAnnotation(list: HandEntity[]): RadGraphAnnotation {
  const entities: RadGraphAnnotation['entities'] = {};
  list.forEach((e, i) => {
    const label = LABELS[e.label];
    if (!label) throw new Error(`unknown label ${e.label}`);
    entities[String(i + 1)] = { tokens: e.tokens.trim().split(/\s+/).join(' '), label, start_ix: 0, end_ix: 0, relations: (e.relations ?? []).filter(([, t]) => list[t]).map(([type, t]) => [type, String(t + 1)]) };
  });
  return { entities };
}

function readReports(folder: string, part: string): Report[] {
  const out: Report[] = [];
  for (const f of readdirSync(folder).filter((x) => /^reports-\w+\.jsonl$/.test(x)).sort()) {
    const who = f.slice('reports-'.length, -'.jsonl'.length);
    const annFile = path.join(folder, 'ann', `${who}.jsonl`);
    let ann: Map<string, HandEntity[]>;
    try {
      ann = new Map(readJsonl<{ id: string; entities: HandEntity[] }>(annFile).map((a) => [a.id, a.entities]));
    } catch {
      continue; // not annotated (yet)
    }
    for (const r of readJsonl<{ id: string; text: string }>(path.join(folder, f))) {
      const third = Number(r.id.replace(/-.*$/, '').replace(/\D/g, '')) % 3 === 0;
      if (part !== 'all' && third !== (part === 'third')) continue;
      const hand = ann.get(r.id);
      if (hand) out.push({ ...r, part: who, hand: toAnnotation(hand) });
    }
  }
  return out;
}

function main(argv: string[]): void {
  // the folder is the argument that is neither a flag nor a flag's value
  const folder = argv.find((a, i) => !a.startsWith('--') && !(i > 0 && ['--part', '--level'].includes(argv[i - 1]!)));
  if (!folder) throw new Error('usage: evaluate.ts <folder> [--part dev|third|all] [--level partial] [--json]');
  const opt = (name: string, dflt: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1]! : dflt);
  const part = opt('--part', 'all');
  const level = opt('--level', 'partial') as RadGraphLevel;
  const reports = readReports(folder, part);
  const lex = new Map(reports.map((r) => [r.id, annotateWithLexicon(r.text)]));
  const byItem = new Map<string, Report[]>();
  for (const r of reports) byItem.set(r.id.replace(/-.*$/, ''), [...(byItem.get(r.id.replace(/-.*$/, '')) ?? []), r]);
  const pairs: { kind: 'similar' | 'random'; ref: Report; cand: Report }[] = [];
  const items = [...byItem.values()];
  items.forEach((rs, i) => {
    const ref = rs.find((r) => r.id.endsWith('-ref'));
    if (!ref) return;
    for (const c of rs) if (c !== ref) pairs.push({ kind: 'similar', ref, cand: c });
    // random: the next items of the same annotator (deterministic)
    const others = items.filter((o, j) => j !== i && o[0]!.part === ref.part);
    for (let k = 0; k < Math.min(3, others.length); k++) {
      const o = others[(i * 7 + k * 13) % others.length]!;
      const c = o.find((r) => !r.id.endsWith('-ref'));
      if (c) pairs.push({ kind: 'random', ref, cand: c });
    }
  });
  const rows = (['similar', 'random'] as const).map((kind) => {
    const ps = pairs.filter((p) => p.kind === kind);
    const hand = ps.map((p) => radgraphF1(p.cand.hand, p.ref.hand)[level]);
    const lexF1 = ps.map((p) => radgraphF1(lex.get(p.cand.id)!, lex.get(p.ref.id)!)[level]);
    return { kind, pairs: ps.length, tauB: kendallTauB(lexF1, hand), meanHand: mean(hand), meanLexicon: mean(lexF1) };
  });
  // entity agreement: the lexicon's tuples against the hand annotation's, per report (setF1 at the level)
  const agreement = mean(reports.map((r) => radgraphF1(lex.get(r.id)!, r.hand).simple));
  if (argv.includes('--json')) {
    console.log(JSON.stringify({ part, level, reports: reports.length, rows, entityF1: agreement }, null, 2));
    return;
  }
  console.log(`${path.basename(folder)} (${part}, ${level}): ${reports.length} annotated reports, ${byItem.size} items`);
  for (const r of rows) console.log(`  ${r.kind.padEnd(8)} ${String(r.pairs).padStart(4)} pairs  Kendall tau-b ${r.tauB.toFixed(3)}  (mean F1: hand ${r.meanHand.toFixed(3)}, lexicon ${r.meanLexicon.toFixed(3)})`);
  console.log(`  lexicon entities vs hand entities (simple level, mean F1 per report): ${agreement.toFixed(3)}`);
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

main(process.argv.slice(2));
