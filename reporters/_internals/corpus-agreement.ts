/** Lines for the corpus-level correlations of an agreement entry (src/runner/corpus-agreement.ts). */
import type { ChalkInstance } from 'chalk';
import type { CorpusCorrelation, CorrelationEstimate } from '../../src/runner/corpus-agreement.js';
import type { AgreementResult } from '../../src/runner/agreement.js';

const num = (x: number | null): string => (x === null ? '—' : x.toFixed(3));
const est = (e: CorrelationEstimate): string => `${num(e.value)}${e.low === null || e.high === null ? '' : ` [${num(e.low)}, ${num(e.high)}]`}`;

function block(title: string, c: CorpusCorrelation, ch: ChalkInstance, indent = '    '): string[] {
  const out = [`${indent}${title} ${ch.dim(`(${c.reports} rated, ${c.cases} cases)`)}  kendall ${est(c.kendall)} · spearman ${est(c.spearman)} · pearson ${est(c.pearson)}`];
  for (const r of c.raters) out.push(ch.dim(`${indent}  ${r.rater} (${r.reports})  kendall ${num(r.kendall)} · spearman ${num(r.spearman)} · pearson ${num(r.pearson)}`));
  return out;
}

/**
 *     per report vs mean rating (40 rated, 40 cases)  kendall 0.512 [0.301, 0.690] · spearman ... · pearson ...
 *     images vs mean rating (...)  ...; then one line per finding
 */
export function renderCorpusAgreement(a: AgreementResult, c: ChalkInstance): string[] {
  const out: string[] = [];
  if (a.corpus) out.push(...block('per report vs mean rating', a.corpus, c));
  if (a.images) {
    out.push(...block('images vs mean rating', a.images, c));
    for (const f of a.images.byFinding) out.push(...block(f.finding, f, c, '      ').slice(0, 1));
  }
  return out;
}

/** The default reporter's one-line form: ` · per report kendall 0.512 [0.301, 0.690] · spearman ... (40 rated)`; '' without ratings. */
export function corpusBrief(a: AgreementResult, c: ChalkInstance): string {
  const x = a.corpus ?? a.images;
  if (!x) return '';
  const what = a.corpus ? 'per report' : 'images';
  return ` · ${what} kendall ${est(x.kendall)} · spearman ${est(x.spearman)} ${c.dim(`(${x.reports} rated)`)}`;
}
