/** What a run produces. The JSON reporter writes these (DESIGN §6 is the CONTRACT). */
import type { AgreementCheck, AgreementResult } from './agreement-types.js';
import type { BaselineComparison } from './baseline/types.js';
import type { RunPlan } from './shard/types.js';
import type { Verdict } from './verdict.js';
import type { Problem } from '../cases/problem.js';

export { formatProblem, usageProblem, type Problem } from '../cases/problem.js';

export type { Verdict };

/** One expectation of a case, checked against the scores. */
export interface ExpectationResult {
  /** The relation as written, one adjacent pair of a chain: `exact > wrong_side`. */
  relation: string;
  holds: boolean;
  /** Why it failed, with the numbers: `0.42 > 0.57 is false (tolerance 0)`. */
  detail?: string;
}

/** A case × metric verdict. */
export interface CaseResult {
  suite: string;
  caseId: string;
  kind: string;
  capability?: string;
  title?: string;
  tags?: string[];
  /** Where the case was written, for annotations and `path:line:col` messages. */
  file?: string;
  line?: number;
  column?: number;
  metric: string;
  verdict: Verdict;
  /** Candidate label (or `candidate` for score cases) -> value. */
  scores: Record<string, number>;
  /** Candidate label -> the metric's error for it, when any. */
  errors?: Record<string, string>;
  /** Candidate label -> the metric's details, when any. */
  details?: Record<string, Record<string, unknown>>;
  expectations: ExpectationResult[];
  reason?: string;
  /** The metric's gate ignores this result (baselines such as BLEU). */
  informational?: boolean;
  /** The suite lists this case as a known failure of this metric (it is expected to fail). */
  knownFailure?: boolean;
  /**
   * The case is not finished (vitest's `it.todo`): verdict `skip` (the contract's enum is
   * closed), reason `todo: <why>`, never scored, left out of its gate.
   */
  todo?: boolean;
  /**
   * For failing text cases: each candidate's clinical differences from the reference, one
   * line each (`laterality: left -> right (pleural effusion)`), from the clinical core.
   */
  clinical?: Record<string, string[]>;
  /** Texts for diffs in reporters: the reference and each candidate. */
  texts?: { reference: string; candidates: Record<string, string> };
  /** Better-is-higher or lower, to order candidates in reports. */
  direction?: 'higher' | 'lower';
  /** Image cases with roles: label -> `faithful` | `corrupted` (the per-finding summary counts faithful images only). */
  roles?: Record<string, 'faithful' | 'corrupted'>;
}

/** A law × metric verdict (DESIGN §6: `law`, `metric`, `verdict`, `numRuns`, `seed`, `counterexample?`). */
export interface LawResult {
  law: string;
  metric: string;
  verdict: Verdict;
  numRuns: number;
  seed: number;
  /**
   * The shrunk failing sample. Laws of src/laws write `{ reference, candidates, edit?, scores,
   * errors?, probes? }` (LawCounterexample); reporters also accept any JSON value.
   */
  counterexample?: unknown;
  reason?: string;
  /** The suite that selected the law. */
  suite?: string;
  /** The law's one-line statement, for reports. */
  description?: string;
  /** fast-check's counterexample path: `--seed <seed> --law-path <path>` replays the failure. */
  path?: string;
  /** The command line that replays this result, where `--suite` cannot name its suite (`metric-suite test <metric> --law ...`). */
  rerun?: string;
  /** Shrink steps fast-check took to reach the counterexample. */
  shrinks?: number;
  /** `fail` when the suite marks the law a known limitation of this metric (`expected: fail`). */
  expected?: 'fail';
  /** The metric's gate ignores this result. */
  informational?: boolean;
}

/** An `expected: fail` law that passed: the documented limitation is gone, so the suite must change. */
export const isUnexpectedPass = (l: Pick<LawResult, 'expected' | 'verdict'>): boolean => l.expected === 'fail' && l.verdict === 'pass';


/**
 * A gate's state: `pass`, `fail`, or `not run` (its metric could not be created, or a filter or
 * shard left it nothing to score). Only `fail` fails the run; an informational gate never fails.
 */
export type GateState = 'pass' | 'fail' | 'not run';

/** A suite's gate for one metric. */
export interface GateResult {
  suite: string;
  metric: string;
  state: GateState;
  /** `state !== 'fail'`: the gate does not fail the run. */
  passed: boolean;
  informational: boolean;
  passRate: number;
  minPassRate: number;
  counts: { passed: number; failed: number; errors: number; skipped: number };
  /** Todo results of the suite × metric, left out of `counts` and the pass rate (set when there are any). */
  todo?: number;
  /** Required cases that did not pass. */
  failedRequired: string[];
  /** Known failures that passed (`law <id>` for expected-fail laws): the limitation is gone, so the list must be updated. */
  unexpectedPasses: string[];
  /** Laws that did not pass (and were not expected to fail). */
  failedLaws?: string[];
  /** `minAgreement` checks, when the gate sets it (src/runner/agreement.ts). */
  agreement?: AgreementCheck[];
  /** Why the gate failed, or (state `not run`) why it did not run. */
  reason?: string;
  /** With `--baseline`: cases (and `law <id>`) that passed in the baseline and fail or error now; they decide the gate. */
  newlyBroken?: string[];
  /** With `--baseline`: cases (and `law <id>`) that did not pass in the baseline and pass now. */
  newlyFixed?: string[];
}

export interface Summary {
  passed: number;
  failed: number;
  errors: number;
  /** Every `skip` verdict, todo results included. */
  skipped: number;
  /** Of `skipped`, the todo results (set when there are any). */
  todo?: number;
}

export interface RunReport {
  summary: Summary;
  results: CaseResult[];
  laws: LawResult[];
  gates: GateResult[];
  problems: Problem[];
  /** 0 all gates pass, 1 a gate fails, 2 usage/config/load errors, 130 interrupted (SIGINT/SIGTERM). */
  exitCode: 0 | 1 | 2 | 130;
  durationMs: number;
  /** Set when --bail stopped the run early. */
  bailed?: boolean;
  /** Set when a signal stopped the run: the results are those completed so far (DESIGN §9). */
  interrupted?: boolean;
  /** Agreement with raters per suite × metric, for suites with preference cases (src/runner/agreement.ts). */
  agreement?: AgreementResult[];
  /** Metric id -> declared version, for every metric created (baselines record it). */
  metricVersions?: Record<string, string>;
  /** What was planned (work keys in run order, gates), for shards and merge-reports (src/shard). */
  plan?: RunPlan;
  /** Set with `--baseline`: newly broken and newly fixed results against the baseline file (src/baseline). */
  baseline?: BaselineComparison;
}

/** Counts verdicts: inconclusive ones count as errors (they neither pass nor fail cleanly). */
export function summarize(verdicts: Iterable<{ verdict: Verdict; todo?: boolean }>): Summary {
  const s: Summary = { passed: 0, failed: 0, errors: 0, skipped: 0 };
  for (const { verdict, todo } of verdicts) {
    if (todo) s.todo = (s.todo ?? 0) + 1;
    if (verdict === 'pass') s.passed++;
    else if (verdict === 'fail') s.failed++;
    else if (verdict === 'skip') s.skipped++;
    else s.errors++;
  }
  return s;
}
