/** The default reporter's one-liners: one per informational metric, one per known-failure list. */
import type { ChalkInstance } from 'chalk';
import type { RunReport } from '../../src/runner/results.js';
import { isProblemVerdict } from './format.js';
import { caseStanding, lawStanding } from './standing.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** As many ids as fit in about `width` characters, then `+N more`. */
function some(ids: string[], width = 60): string {
  const kept: string[] = [];
  for (const id of ids) {
    if (kept.length > 0 && [...kept, id].join(', ').length > width) break;
    kept.push(id);
  }
  return kept.length === ids.length ? kept.join(', ') : `${kept.join(', ')}, +${ids.length - kept.length} more`;
}

/** `· bleu: 80 of 114 cases not passing (clinical-ranking)`, per metric in order of appearance. */
export function renderInformationalLines(report: Pick<RunReport, 'results' | 'laws'>, c: ChalkInstance): string[] {
  const by = new Map<string, { bad: number; ran: number; laws: number; lawsRan: number; suites: Set<string> }>();
  const entry = (m: string) => by.get(m) ?? (by.set(m, { bad: 0, ran: 0, laws: 0, lawsRan: 0, suites: new Set() }), by.get(m)!);
  for (const r of report.results) {
    if (caseStanding(r) !== 'informational' || r.verdict === 'skip') continue;
    const e = entry(r.metric);
    e.ran++;
    if (isProblemVerdict(r.verdict)) (e.bad++, e.suites.add(r.suite));
  }
  for (const l of report.laws) {
    if (lawStanding(l) !== 'informational' || l.verdict === 'skip') continue;
    const e = entry(l.metric);
    e.lawsRan++;
    if (isProblemVerdict(l.verdict)) (e.laws++, e.suites.add(l.suite ?? 'laws'));
  }
  const lines: string[] = [];
  for (const [metric, e] of by) {
    if (e.bad + e.laws === 0) continue;
    const parts = [e.ran ? `${e.bad} of ${plural(e.ran, 'case')}` : '', e.lawsRan ? `${e.laws} of ${plural(e.lawsRan, 'law')}` : ''].filter(Boolean);
    lines.push(`  ${c.yellow('·')} ${metric}: ${parts.join(', ')} not passing ${c.dim(`(${[...e.suites].join(', ')})`)}`);
  }
  if (lines.length) lines.push(c.dim('  (--reporter verbose prints each with its diff)'));
  return lines;
}

/** `· crimson · crimson:lexicon: 3 cases failing as documented (a, b, c)`, per suite × metric. */
export function renderKnownLists(report: Pick<RunReport, 'results' | 'laws'>, c: ChalkInstance): string[] {
  const by = new Map<string, { cases: string[]; laws: string[] }>();
  const entry = (k: string) => by.get(k) ?? (by.set(k, { cases: [], laws: [] }), by.get(k)!);
  for (const r of report.results) if (caseStanding(r) === 'known failure' && isProblemVerdict(r.verdict)) entry(`${r.suite} · ${r.metric}`).cases.push(r.caseId);
  for (const l of report.laws) if (lawStanding(l) === 'known failure' && isProblemVerdict(l.verdict)) entry(`${l.suite ?? 'laws'} · ${l.metric}`).laws.push(l.law);
  return [...by].map(([key, e]) => {
    const parts = [e.cases.length ? `${plural(e.cases.length, 'case')} (${some(e.cases)})` : '', e.laws.length ? `${plural(e.laws.length, 'law')} (${some(e.laws)})` : ''].filter(Boolean);
    return `  ${c.yellow('·')} ${key}: ${parts.join(', ')}`;
  });
}
