/** "Agreement with raters" (preference cases): a table per suite × metric, and its JSON form. */
import type { ChalkInstance } from 'chalk';
import type { AgreementResult } from '../../src/runner/agreement.js';
import { corpusBrief, renderCorpusAgreement } from './corpus-agreement.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const num = (x: number | null, digits = 3): string => (x === null ? '—' : x.toFixed(digits));
const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const frac = (ok: number, n: number): string => `${ok}/${n}`;

/**
 * One block per suite × metric:
 *   suite · metric  (N cases, P pairs)
 *     majority  acc 80.0% (8/10) · with ties 66.7% (8/12) · tau-b 0.612 [0.301, 0.850]
 *     r1        acc ...                                     · tau-b ...
 *     inter-rater: agreement 75.0% · without ties 90.0% · mean tau-b 0.700
 */
export function renderAgreement(entries: readonly AgreementResult[] | undefined, c: ChalkInstance): string[] {
  if (!entries || entries.length === 0) return [];
  const out: string[] = [];
  const BOOT = entries.find((e) => e.pairs > 0)?.tauB ?? entries.map((e) => e.corpus ?? e.images).find((x) => x) ?? { resamples: 1000, seed: 0 };
  for (const a of entries) {
    out.push(`  ${c.bold(`${a.suite} · ${a.metric}`)} ${c.dim(`(${a.cases} cases, ${a.pairs} pairs)`)}`);
    const names = ['majority', ...a.raters.map((r) => r.rater)];
    const width = Math.max(...names.map((n) => n.length));
    if (a.pairs === 0) {
      out.push(...renderCorpusAgreement(a, c)); // rating or image cases only: no preference pairs
      continue;
    }
    const m = a.majority;
    const ci = a.tauB.low === null || a.tauB.high === null ? '' : ` [${num(a.tauB.low)}, ${num(a.tauB.high)}]`;
    out.push(
      `    ${'majority'.padEnd(width)}  acc ${pct(m.withoutTies).padStart(6)} ${c.dim(`(${frac(m.correctUntied, m.untiedPairs)})`)} · with ties ${pct(m.withTies).padStart(6)} ${c.dim(`(${frac(m.correct, m.pairs)})`)}` +
        ` · tau-b ${num(a.tauB.value)}${ci}${m.noMajority ? c.dim(` · ${m.noMajority} without majority`) : ''}`,
    );
    for (const r of a.raters) {
      out.push(
        `    ${r.rater.padEnd(width)}  acc ${pct(r.withoutTies).padStart(6)} ${c.dim(`(${frac(r.correctUntied, r.untiedPairs)})`)} · with ties ${pct(r.withTies).padStart(6)} ${c.dim(`(${frac(r.correct, r.pairs)})`)} · tau-b ${num(r.tauB)}`,
      );
    }
    const ir = a.interRater;
    if (ir.pairs.length > 0) {
      out.push(c.dim(`    inter-rater: agreement ${pct(ir.meanAgreement)} · without ties ${pct(ir.meanAgreementWithoutTies)} · mean tau-b ${num(ir.meanTauB)}`));
    }
    out.push(...renderCorpusAgreement(a, c));
  }
  out.push(c.dim(`  acc: pairwise accuracy without tied ratings; tau-b vs mean rating, 95% bootstrap CI (${BOOT.resamples} case resamples, seed ${BOOT.seed})`));
  return out;
}

/** The default reporter's form: one line per suite × metric (majority accuracy, tau-b with its CI); verbose prints the full tables. */
export function renderAgreementBrief(entries: readonly AgreementResult[] | undefined, c: ChalkInstance): string[] {
  if (!entries || entries.length === 0) return [];
  const names = entries.map((a) => `${a.suite} · ${a.metric}`);
  const width = Math.max(...names.map((n) => n.length));
  const out = entries.map((a, i) => {
    if (a.pairs === 0) return `  ${names[i]!.padEnd(width)}  ${corpusBrief(a, c).slice(3)}`; // rating or image cases only
    const m = a.majority;
    const ci = a.tauB.low === null || a.tauB.high === null ? '' : ` [${num(a.tauB.low)}, ${num(a.tauB.high)}]`;
    return `  ${names[i]!.padEnd(width)}  majority acc ${pct(m.withoutTies).padStart(6)} ${c.dim(`(${frac(m.correctUntied, m.untiedPairs)})`)} · tau-b ${num(a.tauB.value)}${ci} ${c.dim(`(${a.cases} cases, ${a.pairs} pairs)`)}${corpusBrief(a, c)}`;
  });
  const boot = entries.find((e) => e.pairs > 0)?.tauB ?? { resamples: 1000, seed: 0 };
  out.push(c.dim(`  per rater and inter-rater: --reporter verbose; tau-b 95% bootstrap CI (${boot.resamples} case resamples, seed ${boot.seed})`));
  return out;
}

/** The JSON reporter's `agreement` key (null where a statistic is undefined). */
export function agreementJson(entries: readonly AgreementResult[]): Json {
  return entries.map((a) => JSON.parse(JSON.stringify(a)) as Json);
}
