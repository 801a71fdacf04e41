/**
 * The cases of the html report. A case opens on why it failed: each failing relation with its
 * numbers and the word diff of the candidates it names; then every score, the full diffs, and
 * the raw JSON of its results behind a toggle. Failing cases come first.
 *
 * Scale (issue 14): full case markup stops at a byte budget; cases past it are one line each
 * up to a cap, the rest only counted. Above `aggregateAbove` results, only gating failures are
 * shown in full, cases failing only informational or known-failure results get one line each,
 * and passing and skipped cases are summarised per capability × metric (with every case past
 * the caps), so 100,000 results give a report of a few MB that a browser opens.
 */
import { diffWords } from 'diff';
import type { CaseResult, GateResult } from '../../src/runner/results.js';
import { fmtScore, isProblemVerdict, orderCandidates, safeJson } from './format.js';
import { expectedChain } from './relations.js';
import { NO_CAPABILITY, caseLocation, failureGroupOf } from './report-model.js';
import { gateIndex, toleratedBy } from './standing.js';
import { wordDiff } from './word-diff.js';

export interface CaseLimits {
  /** More results than this: passing cases are summarised, not listed. */
  aggregateAbove: number;
  /** UTF-8 bytes of full case markup; later cases become one line each. */
  fullBytes: number;
  /** One-line entries at most; later cases are only counted. */
  maxLines: number;
  /** Characters of raw JSON per case. */
  rawChars: number;
}

export const CASE_LIMITS: CaseLimits = { aggregateAbove: 2_000, fullBytes: 8 * 1024 * 1024, maxLines: 10_000, rawChars: 20_000 };

type Status = 'fail' | 'tolerated' | 'warn' | 'pass' | 'skip';
const STATUS_TEXT: Record<Status, string> = { fail: 'FAIL', tolerated: 'FAIL (WITHIN THE GATE)', warn: 'NOT GATING', pass: 'PASS', skip: 'SKIP' };
const STATUS_CLS: Record<Status, string> = { fail: 'bad', tolerated: 'warn', warn: 'warn', pass: 'ok', skip: 'muted' };
const RANK: Record<Status, number> = { fail: 0, tolerated: 1, warn: 2, pass: 3, skip: 4 };

type GateOf = (suite: string, metric: string) => GateResult | undefined;
const noGates: GateOf = () => undefined;

/**
 * `fail` when a gating result did not pass and its gate fails (or is unknown), `tolerated` when
 * every such miss is within a passing gate (the exit code does not count it), `warn` for
 * informational / known failures only.
 */
export function caseStatus(results: readonly CaseResult[], gateOf: GateOf = noGates): Status {
  const gating = results.filter((r) => isProblemVerdict(r.verdict) && failureGroupOf(r) === 'gating');
  if (gating.some((r) => toleratedBy(r, gateOf) === undefined)) return 'fail';
  if (gating.length > 0) return 'tolerated';
  if (results.some((r) => isProblemVerdict(r.verdict))) return 'warn';
  if (results.every((r) => r.verdict === 'skip')) return 'skip';
  return 'pass';
}

type Part = { text: string; del: boolean; ins: boolean };
const parts = (from: string, to: string): Part[] => diffWords(from, to).map((c) => ({ text: c.value, del: Boolean(c.removed), ins: Boolean(c.added) }));
const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Candidate labels a relation names (`exact > wrong_side`, `candidate >= 0.9`). */
export function labelsIn(relation: string, labels: readonly string[]): string[] {
  return labels.filter((l) => new RegExp(`(^|[^\\w-])${escapeRe(l)}($|[^\\w-])`).test(relation));
}

function resultView(r: CaseResult, suites: string[], gateOf: GateOf) {
  const ranked = orderCandidates(r);
  const order = ranked.map((c) => c.label);
  return {
    metric: r.metric,
    verdict: r.verdict,
    suites,
    problem: isProblemVerdict(r.verdict),
    informational: Boolean(r.informational),
    knownFailure: Boolean(r.knownFailure),
    reason: r.reason,
    tolerated: isProblemVerdict(r.verdict) && failureGroupOf(r) === 'gating' ? toleratedBy(r, gateOf) : undefined,
    scores: ranked.map((c) => ({ label: c.label, value: c.score === undefined ? (c.error === undefined ? 'n/a' : 'error') : fmtScore(c.score), error: c.error })),
    expected: r.expectations.length > 1 ? expectedChain(r.expectations) : '',
    expectations: r.expectations.map((e) => ({ relation: e.relation, holds: e.holds, detail: e.detail })),
    failing: r.expectations.filter((e) => !e.holds).map((e) => ({ relation: e.relation, detail: e.detail })),
    errors: Object.entries(r.errors ?? {}).map(([label, message]) => ({ label, message })),
    clinical: r.clinical ? order.filter((l) => r.clinical![l] !== undefined).map((l) => ({ label: l, text: r.clinical![l]!.length ? r.clinical![l]!.join('; ') : 'none' })) : [],
  };
}

function rawJson(list: readonly CaseResult[], max: number): string {
  const raw = list.map(({ texts: _texts, ...r }) => r);
  const json = safeJson(raw.length === 1 ? raw[0] : raw, 2);
  return json.length <= max ? json : `${json.slice(0, max)}\n… (${json.length - max} more characters: see the json reporter)`;
}

/** Failing gates first, then misses within a gate, known failures, informational results. */
const whyRank = (r: { informational: boolean; knownFailure: boolean; tolerated?: string }): number => (r.informational ? 3 : r.knownFailure ? 2 : r.tolerated ? 1 : 0);

/** The full view of one case (its results in run order). */
export function caseView(id: string, anchor: string, list: readonly CaseResult[], rawChars = CASE_LIMITS.rawChars, gateOf: GateOf = noGates) {
  // one row per metric × verdict, listing the suites that agree (a case shared by suites shows once)
  const rows = new Map<string, { r: CaseResult; suites: string[] }>();
  for (const r of list) {
    const key = `${r.metric}\u0000${r.verdict}`;
    const row = rows.get(key);
    if (row) {
      if (!row.suites.includes(r.suite)) row.suites.push(r.suite);
    } else rows.set(key, { r, suites: [r.suite] });
  }
  const first = list[0]!;
  const texts = list.find((r) => r.texts)?.texts;
  const status = caseStatus(list, gateOf);
  const results = [...rows.values()].map(({ r, suites }) => resultView(r, suites, gateOf));
  const candidates = texts ? Object.entries(texts.candidates).map(([label, text]) => ({ label, parts: parts(texts.reference, text), summary: wordDiff(texts.reference, text) })) : [];
  const labels = candidates.map((c) => c.label);
  // the why block: gating problems first, each with the diffs of the candidates its failing relations name
  const why = results
    .filter((r) => r.problem)
    .sort((a, b) => whyRank(a) - whyRank(b))
    .map((r) => {
      const named = new Set([...r.failing.flatMap((f) => labelsIn(f.relation, labels)), ...r.errors.map((e) => e.label)]);
      const clinical = named.size ? r.clinical.filter((c) => named.has(c.label)) : r.clinical;
      return { ...r, clinical, diffs: candidates.filter((c) => named.has(c.label)) };
    });
  return {
    id,
    anchor,
    title: first.title,
    capability: first.capability ?? NO_CAPABILITY,
    location: caseLocation(first),
    suites: [...new Set(list.map((r) => r.suite))],
    metricList: [...new Set(list.map((r) => r.metric))].join(' '),
    status,
    statusText: STATUS_TEXT[status],
    statusCls: STATUS_CLS[status],
    open: status === 'fail' || status === 'tolerated',
    why,
    results,
    texts: texts ? { reference: texts.reference, candidates } : undefined,
    raw: rawJson(list, rawChars),
  };
}

export type CaseView = ReturnType<typeof caseView>;

/** A case past the budget: one line saying what failed. */
function caseLine(id: string, list: readonly CaseResult[], gateOf: GateOf) {
  const status = caseStatus(list, gateOf);
  const what = list
    .filter((r) => isProblemVerdict(r.verdict))
    .map((r) => {
      const failing = r.expectations.filter((e) => !e.holds).map((e) => e.relation);
      return `${r.metric}: ${r.verdict === 'fail' && failing.length ? failing.join(', ') : `${r.verdict}${r.reason ? ` (${r.reason})` : ''}`}`;
    });
  const text = [...new Set(what)].join('; ');
  const first = list[0]!;
  return {
    id,
    capability: first.capability ?? NO_CAPABILITY,
    location: caseLocation(first),
    metricList: [...new Set(list.map((r) => r.metric))].join(' '),
    status,
    statusText: STATUS_TEXT[status],
    statusCls: STATUS_CLS[status],
    what: text.length > 300 ? `${text.slice(0, 299)}…` : text,
  };
}

export interface SummaryRow {
  capability: string;
  metric: string;
  passed: number;
  skipped: number;
  /** fail, error or inconclusive results of cases past both caps. */
  notPassing: number;
}

export interface CasesSection {
  /** Cases in the run. */
  total: number;
  /** Rendered markup of the cases shown in full. */
  full: { view: CaseView; html: string }[];
  lines: ReturnType<typeof caseLine>[];
  /** Not-passing cases neither in full nor listed (past both limits; counted in `summary`). */
  omitted: number;
  /** Passing / skipped cases summarised instead of listed. */
  summarised: number;
  aggregated: boolean;
  summary: SummaryRow[];
}

/** Groups results by case, orders failing cases first, renders within the limits. */
export function casesSection(results: readonly CaseResult[], render: (v: CaseView) => string, limits: CaseLimits = CASE_LIMITS, gates: GateResult[] = []): CasesSection {
  const gateOf = gateIndex(gates);
  const byCase = new Map<string, CaseResult[]>();
  for (const r of results) (byCase.get(r.caseId) ?? byCase.set(r.caseId, []).get(r.caseId)!).push(r);
  const aggregated = results.length > limits.aggregateAbove;
  const ordered = [...byCase].map(([id, list], i) => ({ id, list, status: caseStatus(list, gateOf), i })).sort((a, b) => RANK[a.status] - RANK[b.status] || a.i - b.i);
  const out: CasesSection = { total: byCase.size, full: [], lines: [], omitted: 0, summarised: 0, aggregated, summary: [] };
  const summary = new Map<string, SummaryRow>();
  const anchors = new Set<string>();
  let bytes = 0;
  const summarise = (list: readonly CaseResult[]): void => {
    for (const r of list) {
      const capability = r.capability ?? NO_CAPABILITY;
      const key = `${capability}\u0000${r.metric}`;
      const row = summary.get(key) ?? summary.set(key, { capability, metric: r.metric, passed: 0, skipped: 0, notPassing: 0 }).get(key)!;
      if (r.verdict === 'pass') row.passed++;
      else if (r.verdict === 'skip') row.skipped++;
      else row.notPassing++;
    }
  };
  for (const { id, list, status } of ordered) {
    if (aggregated && (status === 'pass' || status === 'skip')) {
      out.summarised++;
      summarise(list);
    } else if (bytes < limits.fullBytes && !(aggregated && status === 'warn')) {
      const base = id.replace(/[^A-Za-z0-9_-]+/g, '-');
      let anchor = base;
      for (let i = 2; anchors.has(anchor); i++) anchor = `${base}-${i}`;
      anchors.add(anchor);
      const view = caseView(id, anchor, list, limits.rawChars, gateOf);
      const html = render(view);
      bytes += Buffer.byteLength(html);
      out.full.push({ view, html });
    } else if (out.lines.length < limits.maxLines) out.lines.push(caseLine(id, list, gateOf));
    else {
      out.omitted++;
      summarise(list);
    }
  }
  out.summary = [...summary.values()].sort((a, b) => a.capability.localeCompare(b.capability) || a.metric.localeCompare(b.metric));
  return out;
}
