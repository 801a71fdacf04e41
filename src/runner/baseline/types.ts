/** The baseline file's model (`metric-suite.baseline.json`) and what comparing a run with it yields. */
import type { Verdict } from '../verdict.js';

/** One case × metric (or law × metric) verdict as recorded. */
export interface BaselineEntry {
  verdict: Verdict;
  /** Candidate label -> score, rounded to 1e-6 (for review; gates compare verdicts only). */
  scores?: Record<string, number>;
}

/** Everything recorded for one metric of one suite. */
export interface BaselineMetric {
  /** The metric's declared version when the baseline was recorded. */
  version: string;
  cases: Record<string, BaselineEntry>;
  laws: Record<string, BaselineEntry>;
}

export interface Baseline {
  format: 'metric-suite-baseline';
  formatVersion: 1;
  /** suite -> metric id -> what was recorded. */
  suites: Record<string, Record<string, BaselineMetric>>;
}

/** A result whose verdict changed class against the baseline. */
export interface BaselineChange {
  suite: string;
  metric: string;
  /** The case id, or `law <id>`. */
  id: string;
  /** The baseline's verdict; undefined when the baseline does not have this result. */
  before?: Verdict;
  after: Verdict;
}

/** A run compared with a baseline (RunReport.baseline). */
export interface BaselineComparison {
  /** Passed (or not recorded) in the baseline, fail/error/inconclusive now: these fail the gates. */
  newlyBroken: BaselineChange[];
  /** Not passing in the baseline, passing now. */
  newlyFixed: BaselineChange[];
  /** Results failing both in the baseline and now (they do not fail the gates). */
  stillFailing: number;
  /** Metrics whose version differs from the baseline's: compared anyway. */
  versionChanges: { suite: string; metric: string; baseline: string; current: string }[];
  /** Suite × metric pairs the baseline does not have (every failure of theirs is newly broken). */
  notInBaseline: { suite: string; metric: string }[];
}
