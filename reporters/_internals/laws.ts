/** Law results in the text reporters: the failure block, known limitations, the law × metric matrix. */
import type { ChalkInstance } from 'chalk';
import { isUnexpectedPass, type LawResult } from '../../src/runner/results.js';
import { lawRerun } from '../../src/runner/rerun.js';
import { fmtScore, isProblemVerdict, safeJson } from './format.js';

interface Edit {
  op?: string;
  finding?: string;
  attribute?: string;
  from?: string | number;
  to?: string | number;
  significance?: string;
  clinical?: boolean;
}

interface Counterexample {
  reference: string;
  candidates?: Record<string, string>;
  candidate?: string;
  edit?: Edit | Edit[];
  scores?: Record<string, number>;
  errors?: Record<string, string>;
  probes?: { label: string; reference: string; candidate: string }[];
}

const isCounterexample = (x: unknown): x is Counterexample =>
  typeof x === 'object' && x !== null && typeof (x as { reference?: unknown }).reference === 'string';

/** `negate pleural effusion: present -> absent`, `addFinding granuloma (benign_expected)`, `paraphrase (wording only)`. */
export function formatEdit(e: Edit): string {
  const what = [e.op ?? 'edit', e.finding].filter(Boolean).join(' ');
  if (e.clinical === false) return `${what} (wording only, no clinical change)`;
  if (e.op === 'addFinding') return `${what}${e.significance ? ` (${e.significance})` : ''}: not in the reference -> present`;
  if (e.from !== undefined || e.to !== undefined) return `${what}${e.attribute ? ` ${e.attribute}` : ''}: ${e.from ?? '(none)'} -> ${e.to ?? '(none)'}`;
  return what;
}

const quote = (s: string): string => JSON.stringify(s);

/** The rerun command line a failure prints: the exact seed and counterexample path. */
export function rerunCommand(l: LawResult): string {
  return l.rerun ?? lawRerun(l);
}

/** The shrunk sample: reference and candidate texts with their scores, and the clinical edit. */
function sampleLines(cx: Counterexample, c: ChalkInstance): string[] {
  const lines: string[] = [];
  const edits = cx.edit === undefined ? [] : Array.isArray(cx.edit) ? cx.edit : [cx.edit];
  for (const e of edits) lines.push(`  clinical edit: ${c.yellow(formatEdit(e))}`);
  const candidates = cx.candidates ?? (cx.candidate === undefined ? {} : { candidate: cx.candidate });
  const labels = [...new Set([...Object.keys(candidates), ...Object.keys(cx.scores ?? {}), ...Object.keys(cx.errors ?? {})])];
  const width = Math.max('reference'.length, ...labels.map((l) => l.length));
  const score = (label: string): string => {
    const v = cx.scores?.[label];
    if (v !== undefined) return fmtScore(v);
    return cx.errors?.[label] !== undefined ? 'error ' : '      ';
  };
  lines.push(`  ${'reference'.padEnd(width)}          ${quote(cx.reference)}`);
  for (const label of labels) {
    const probe = cx.probes?.find((p) => p.label === label);
    const text = probe && probe.reference !== cx.reference
      ? `score(${quote(probe.reference)} as reference, ${quote(probe.candidate)} as candidate)`
      : quote(candidates[label] ?? (probe?.candidate ?? ''));
    lines.push(`  ${label.padEnd(width)}  ${score(label)}  ${text}`);
    if (cx.errors?.[label] !== undefined) lines.push(`  ${' '.repeat(width)}  ${c.red(cx.errors[label]!)}`);
  }
  return lines;
}

/** The block printed for a failed law (or an expected-fail law that passed). */
export function renderLawBlock(l: LawResult, c: ChalkInstance, head: string): string[] {
  const lines = [`${head} ${c.bold(`law ${l.law}`)} [${l.metric}]${l.suite ? c.dim(` · suite ${l.suite}`) : ''}`];
  if (l.description) lines.push(c.dim(`  ${l.description}`));
  if (isUnexpectedPass(l)) {
    lines.push(`  marked expected: fail, but held for all ${l.numRuns} runs: the limitation is gone, remove the mark`);
  } else if (l.reason) lines.push(`  reason: ${l.reason}`);
  if (l.counterexample !== undefined) {
    if (isCounterexample(l.counterexample)) lines.push(...sampleLines(l.counterexample, c));
    else lines.push(`  counterexample: ${safeJson(l.counterexample)}`);
  }
  const where = [`seed ${l.seed}`, ...(l.path ? [`path ${l.path}`] : []), `${l.numRuns} runs`, ...(l.shrinks ? [`${l.shrinks} shrinks`] : [])];
  lines.push(c.dim(`  ${where.join(', ')}`));
  if (l.verdict !== 'skip') lines.push(c.dim(`  rerun: ${rerunCommand(l)}`));
  return lines;
}

/** Gating law results that need a block: failures, errors, and expected-fail laws that passed. */
export const isLawFailure = (l: LawResult): boolean =>
  !l.informational && (l.expected === 'fail' ? isUnexpectedPass(l) || l.verdict === 'error' || l.verdict === 'inconclusive' : isProblemVerdict(l.verdict));

/** Known limitations: expected-fail laws that failed as documented, or informational ones. */
export function renderKnownLaw(l: LawResult, c: ChalkInstance): string {
  const at = l.verdict === 'skip' ? '' : ` (seed ${l.seed}${l.path ? `, path ${l.path}` : ''})`;
  return `  ${c.yellow('·')} law ${l.law} [${l.metric}] ${c.dim(`${l.verdict}${l.reason ? `: ${l.reason}` : ''}${at}`)}`;
}

/** One cell of the law × metric matrix. */
function cell(l: LawResult | undefined): string {
  if (!l) return '';
  if (isUnexpectedPass(l)) return '✓!';
  if (l.verdict === 'pass') return '✓';
  if (l.verdict === 'skip') return '-';
  if (l.verdict === 'fail') return l.expected === 'fail' ? '✗ (expected)' : '✗';
  return l.verdict;
}

/** Rows laws, columns metrics: `✓`, `✗`, `✗ (expected)`, `✓!` (an expected-fail law passed), `-` (not applicable). */
export function renderLawMatrix(laws: LawResult[], c: ChalkInstance): string[] {
  if (laws.length === 0) return [];
  const metrics = [...new Set(laws.map((l) => l.metric))];
  const rows = [...new Set(laws.map((l) => l.law))];
  const find = (law: string, metric: string) => laws.findLast((l) => l.law === law && l.metric === metric);
  const first = Math.max('law'.length, ...rows.map((r) => r.length));
  const widths = metrics.map((m) => Math.max(m.length, ...rows.map((r) => cell(find(r, m)).length)));
  const lines = [c.dim(['law'.padEnd(first), ...metrics.map((m, i) => m.padEnd(widths[i]!))].join('  ').trimEnd())];
  for (const row of rows) {
    const cells = metrics.map((m, i) => {
      const l = find(row, m);
      const text = cell(l).padEnd(widths[i]!);
      if (!l || l.verdict === 'skip') return c.dim(text);
      if (isLawFailure(l)) return c.red(text);
      return l.verdict === 'pass' ? c.green(text) : c.yellow(text);
    });
    lines.push([row.padEnd(first), ...cells].join('  ').trimEnd());
  }
  return lines;
}
