/** Small formatting pieces shared by the text reporters. */
import type { CaseResult, LawResult, Verdict } from '../../src/runner/results.js';

/** Separator between candidates on a score line. */
export const SEP = ' │ ';

/** Scores always with 4 decimals so columns line up and near-ties are visible. */
export function fmtScore(value: number): string {
  return Number.isFinite(value) ? value.toFixed(4) : String(value);
}

/** A candidate in the order the metric actually ranked it. */
export interface RankedCandidate {
  label: string;
  score?: number;
  error?: string;
}

type Rankable = Pick<CaseResult, 'scores' | 'errors' | 'direction' | 'texts'>;

/** Every candidate label a result knows of, in the case's own order. */
export function candidateLabels(r: Rankable): string[] {
  const labels = [...Object.keys(r.scores), ...Object.keys(r.errors ?? {})];
  if (r.texts) labels.push(...Object.keys(r.texts.candidates));
  return [...new Set(labels)];
}

/**
 * Candidates best first per `direction` (higher unless told otherwise); ties keep the case
 * order; candidates without a usable score go last.
 */
export function orderCandidates(r: Rankable): RankedCandidate[] {
  const rows = candidateLabels(r).map((label, i) => {
    const score = r.scores[label];
    const error = r.errors?.[label];
    return { label, i, ...(score === undefined ? {} : { score }), ...(error === undefined ? {} : { error }) };
  });
  const usable = (s: number | undefined): s is number => typeof s === 'number' && !Number.isNaN(s);
  rows.sort((a, b) => {
    const ua = usable(a.score);
    const ub = usable(b.score);
    if (ua !== ub) return ua ? -1 : 1;
    if (ua && ub) {
      const d = a.score! < b.score! ? -1 : a.score! > b.score! ? 1 : 0;
      if (d !== 0) return r.direction === 'lower' ? d : -d;
    }
    return a.i - b.i;
  });
  return rows.map(({ i: _i, ...rest }) => rest);
}

/** `exact 0.8123 │ wrong_side 0.8120 │ missed error` */
export function scoreLine(ranked: RankedCandidate[]): string {
  return ranked
    .map((c) => `${c.label} ${c.score === undefined ? (c.error === undefined ? 'n/a' : 'error') : fmtScore(c.score)}`)
    .join(SEP);
}

/** fail, error and inconclusive are all "not passed" for the summary line. */
export const isProblemVerdict = (v: Verdict): boolean => v === 'fail' || v === 'error' || v === 'inconclusive';

export interface Tally {
  passed: number;
  failed: number;
  errors: number;
  inconclusive: number;
  /** Skipped results, todo ones left out (they are counted in `todo`). */
  skipped: number;
  /** Todo results (cases not finished, vitest's it.todo); absent when none. */
  todo?: number;
}

/** Counts case and law verdicts. */
export function tally(report: { results: Pick<CaseResult, 'verdict'>[]; laws: Pick<LawResult, 'verdict'>[] }): Tally {
  const t: Tally = { passed: 0, failed: 0, errors: 0, inconclusive: 0, skipped: 0 };
  for (const { verdict } of [...report.results, ...report.laws]) {
    if (verdict === 'pass') t.passed++;
    else if (verdict === 'fail') t.failed++;
    else if (verdict === 'error') t.errors++;
    else if (verdict === 'inconclusive') t.inconclusive++;
    else t.skipped++;
  }
  return t;
}

/** The last line of every text report: `N passed, N failed` plus `, N skipped` and `, N todo` when any. */
export function summaryLine(t: Tally): string {
  const failed = t.failed + t.errors + t.inconclusive;
  return `${t.passed} passed, ${failed} failed${t.skipped > 0 ? `, ${t.skipped} skipped` : ''}${t.todo ? `, ${t.todo} todo` : ''}`;
}

/** `1.23s`, or `850ms` under a second. */
export function fmtDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(2)}s`;
}

/** Compact JSON for counterexamples and details: never throws (bigint, cycles). */
export function safeJson(value: unknown, space?: number): string {
  const seen = new WeakSet<object>();
  try {
    const out = JSON.stringify(
      value,
      (_key, v: unknown) => {
        if (typeof v === 'bigint') return `${v}n`;
        if (typeof v === 'object' && v !== null) {
          if (seen.has(v)) return '[Circular]';
          seen.add(v);
        }
        return v;
      },
      space,
    );
    return out ?? String(value);
  } catch {
    return String(value);
  }
}

