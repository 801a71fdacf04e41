/** One failing case (or law) rendered for a reader: what was expected, what happened, why. */
import type { ChalkInstance } from 'chalk';
import type { CaseResult, LawResult } from '../../src/runner/results.js';
import { candidateLabels, orderCandidates, safeJson, scoreLine } from './format.js';
import { renderLawBlock } from './laws.js';
import { expectedChain, topExpected } from './relations.js';
import { wordDiff } from './word-diff.js';

const LABEL: Record<string, string> = { fail: 'FAIL', error: 'ERROR', inconclusive: 'INCONCLUSIVE' };

/** `FAIL`, `ERROR` or `INCONCLUSIVE`, in red. */
export function verdictLabel(verdict: string, c: ChalkInstance): string {
  return c.red.bold(LABEL[verdict] ?? verdict.toUpperCase());
}

function location(r: CaseResult): string | undefined {
  if (!r.file) return undefined;
  if (r.line === undefined) return r.file;
  return r.column === undefined ? `${r.file}:${r.line}` : `${r.file}:${r.line}:${r.column}`;
}

/** Each candidate's clinical differences from the reference (computed by the runner). */
function clinicalLines(r: CaseResult, order: string[]): string[] {
  if (!r.clinical) return [];
  const lines = ['  clinical difference vs reference:'];
  for (const label of order) {
    const diffs = r.clinical[label];
    if (diffs) lines.push(`    ${label}: ${diffs.length ? diffs.join('; ') : 'none'}`);
  }
  return lines.length > 1 ? lines : [];
}

/** The wording difference of each candidate against the top expected one. */
function differences(r: CaseResult, order: string[], c: ChalkInstance): string[] {
  const texts = r.texts;
  if (!texts) return [];
  const labels = candidateLabels(r);
  if (labels.length < 2) {
    const label = labels[0];
    const text = label === undefined ? undefined : texts.candidates[label];
    return text === undefined ? [] : [`  wording vs reference: ${wordDiff(texts.reference, text, c)}`];
  }
  const top = topExpected(r.expectations, labels);
  const topText = top === undefined ? undefined : texts.candidates[top];
  if (top === undefined || topText === undefined) return [];
  // a word diff, never labelled clinical (the clinical difference is its own block, when computed)
  const lines = [`  wording vs ${top}:`];
  for (const label of order) {
    const text = texts.candidates[label];
    if (label === top || text === undefined) continue;
    lines.push(`    ${label}: ${wordDiff(topText, text, c)}`);
  }
  return lines.length > 1 ? lines : [];
}

/** The block printed for a failed, errored or inconclusive case × metric result. */
export function renderCaseFailure(r: CaseResult, c: ChalkInstance, suites?: string[]): string[] {
  const where = suites && suites.length > 0 ? c.dim(` (${suites.join(', ')})`) : '';
  const lines = [`${verdictLabel(r.verdict, c)} ${c.bold(r.caseId)} [${r.metric}]${where}`];
  if (r.title) lines.push(`  ${r.title}`);
  const loc = location(r);
  if (loc) lines.push(c.dim(`  at ${loc}`));
  // A failed expectation already says why; the reason line is for errors and skips.
  if (r.reason && r.expectations.every((e) => e.holds)) lines.push(`  reason: ${r.reason}`);
  for (const e of r.expectations) {
    if (!e.holds) lines.push(`  ${c.red('✗')} ${e.relation}${e.detail ? c.dim(`  ${e.detail}`) : ''}`);
  }
  const ranked = orderCandidates(r);
  if (ranked.length > 1) {
    if (r.expectations.length > 0) lines.push(`  expected: ${expectedChain(r.expectations)}`);
    lines.push(`  actual:   ${scoreLine(ranked)}`);
  } else if (ranked.length === 1 && ranked[0]!.score !== undefined) {
    lines.push(`  score:    ${scoreLine(ranked)}`);
  }
  // each error message once: the reason already quotes the messages the runner grouped
  const said = new Set<string>();
  for (const cand of ranked) {
    if (cand.error === undefined || said.has(cand.error) || r.reason?.includes(cand.error)) continue;
    said.add(cand.error);
    const same = ranked.filter((x) => x.error === cand.error).map((x) => x.label);
    lines.push(`  ${c.red('error')} ${same.join(', ')}: ${cand.error}`);
  }
  lines.push(...clinicalLines(r, ranked.map((x) => x.label)), ...differences(r, ranked.map((x) => x.label), c));
  return lines;
}

/** One line for a failing informational (non-gating) result. */
export function renderInformational(r: CaseResult, c: ChalkInstance): string {
  const failed = r.expectations.filter((e) => !e.holds).map((e) => e.relation);
  const what = r.verdict === 'fail' && failed.length > 0 ? failed.join(', ') : `${r.verdict}${r.reason ? `: ${r.reason}` : ''}`;
  return `  ${c.yellow('·')} ${r.caseId} [${r.metric}] ${c.dim(what)}`;
}

/** The block printed for a failed law: reason, the shrunk texts with scores, the clinical edit, seed, path and rerun command. */
export function renderLawFailure(l: LawResult, c: ChalkInstance): string[] {
  const head = l.expected === 'fail' && l.verdict === 'pass' ? c.red.bold('UNEXPECTED PASS') : verdictLabel(l.verdict, c);
  return renderLawBlock(l, c, head);
}
