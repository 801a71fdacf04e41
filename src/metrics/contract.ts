/**
 * The metric contract: what any metric (built in, a user's module, a Python process,
 * an HTTP service, an LLM judge) implements. Plain types on purpose: a metric author
 * can satisfy them with an object literal and never import metric-suite.
 */

/** Patient or study context passed with a request (age, sex, indication, ...). */
export type Context = Record<string, string | number | boolean>;

/** A report: free text, or a structured report (an object, e.g. S-Score JSON). */
export type Report = string | Record<string, unknown> | unknown[];

/** The kinds of input a metric can score. */
export type InputKind = 'text' | 'structured' | 'image+prompt';

/** One thing to score: a candidate against a reference. */
export interface ScoreRequest {
  reference: Report;
  candidate: Report;
  context?: Context;
  /** CSEval: the prompt an image was generated from, and the image path. */
  prompt?: string;
  image?: string;
  /**
   * CSEval: sha256 (hex) of the image file's bytes, set by the runner when the file can be read,
   * so that the request (and every cache key built from it) changes when the image does.
   */
  imageSha256?: string;
}

/** The result of scoring one request: a value, or an error with its reason. */
export type ScoreOutcome =
  | { value: number; details?: Record<string, unknown> }
  | { error: string };

/** Passed to `score`: cancellation when the runner's timeout fires. */
export interface ScoreContext {
  signal: AbortSignal;
}

/** What a metric declares about itself; the runner relies on every field. */
export interface MetricDeclaration {
  /** Unique id; variants use a colon (`crimson` vs `crimson:lexicon`). */
  id: string;
  /** Part of every cache key: bump it whenever scores may change. */
  version: string;
  description: string;
  /** Which way is better. */
  direction: 'higher' | 'lower';
  /** Declared bounds; a value outside them is an error verdict. */
  range: [number, number];
  /** Two scores closer than this are a tie unless a case sets its own tolerance. */
  tieTolerance: number;
  /** Same input, same output. Non-deterministic metrics may be repeated. */
  deterministic: boolean;
  inputs: InputKind[];
  /** score(a, b) === score(b, a); laws check it only where declared. */
  symmetric?: boolean;
  /** Requests per `score` call (default 64). */
  batchSize?: number;
  /** Concurrent `score` calls (default 4). */
  concurrency?: number;
  /** Per-batch timeout in milliseconds (default 60000). */
  timeoutMs?: number;
  /** Retries of a batch whose `score` throws or times out (default 0). */
  retries?: number;
  /** Calls a network service (LLM judge, HTTP metric): with `--offline` a cache miss is an error. */
  remote?: boolean;
  /** A remote metric's base URL, when not in its config (e.g. from an environment variable): the runner preflights it too. */
  endpoint?: string;
  /** Whether outcomes go to the disk cache (default true; cheap local metrics opt out). */
  cache?: boolean;
  /** Relative cost of one request, used to scale law runs (default 1; an LLM call ~1000). */
  cost?: number;
}

/** A metric: its declaration and a batch scorer returning one outcome per request, in order. */
export interface Metric extends MetricDeclaration {
  score(
    requests: ScoreRequest[],
    context: ScoreContext,
  ): Promise<ScoreOutcome[]> | ScoreOutcome[];
  /** Release resources (processes, sessions) at the end of a run. */
  close?(): Promise<void> | void;
}

/** True when an outcome is an error. */
export function isErrorOutcome(o: ScoreOutcome): o is { error: string } {
  return typeof (o as { error?: unknown }).error === 'string';
}
