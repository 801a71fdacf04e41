/** What a run planned, carried on the RunReport so shard outputs can be merged as one run. */
import type { Case } from '../../cases/model.js';
import type { Gate } from '../../suite/schema.js';
import type { Shard } from './index.js';

export interface PlannedGate {
  suite: string;
  metric: string;
  gate: Gate;
  /** The metric's declaration fields agreement with raters reads. */
  direction?: 'higher' | 'lower';
  tieTolerance?: number;
  /** The metric could not be created: the gate is `not run` with this reason. */
  notRun?: string;
}

export interface RunPlan {
  /** Every planned item (case × metric, law × metric) of the whole run, in run order. */
  work: string[];
  /** The gates an unsharded run evaluates, in its order. */
  gates: PlannedGate[];
  /** Suite names and created metric ids, as onRunStart announces them. */
  suites: string[];
  metrics: string[];
  shard?: Shard;
  /** Suite -> its rated cases (preference, rating, rated image cases): merge-reports computes agreement with raters from them. */
  preferenceCases?: Record<string, Case[]>;
}
