import type { Case } from '../cases/model.js';
import { clinicalDiff, formatDiff } from '../clinical/diff/index.js';
import type { InputKind, Report, ScoreOutcome, ScoreRequest } from '../metrics/contract.js';
import type { RegisteredMetric } from '../metrics/registry.js';
import { checkRelation, checkScore } from './expectations.js';
import { imageDigest } from './image-digest.js';
import type { CaseResult, ExpectationResult } from './results.js';

/** A case × metric pair to run, within a suite. */
export interface Task {
  suite: string;
  case: Case;
  metricId: string;
  informational: boolean;
  /** Listed in the gate's knownFailures. */
  knownFailure?: boolean;
  /** The case file as shown to the user (relative to the working directory). */
  file: string;
}

/** The `skip` reason of a scored preference case: its scores feed the suite's agreement statistics. */
export const PREFERENCE_REASON = 'preference case: scored, agreement with raters reported per suite';

/** The `skip` reason of a scored rating case: its score feeds the suite's corpus-level agreement. */
export const RATING_REASON = 'rating case: scored, agreement with raters reported per suite';

const kindOf = (r: Report): InputKind => (typeof r === 'string' ? 'text' : 'structured');

/** Why a metric cannot run a case (a `skip` reason), or undefined when it can. */
export function skipReason(c: Case, reg: RegisteredMetric): string | undefined {
  if (c.metrics?.only && !c.metrics.only.includes(reg.id)) return `case runs only on ${c.metrics.only.join(', ')}`;
  if (c.metrics?.skip?.includes(reg.id)) return `case skips ${reg.id}`;
  if (c.kind === 'score' && !Object.hasOwn(c.expect, reg.id)) return `no expectation for ${reg.id} in this case`;
  const inputs = reg.metric.inputs;
  if (c.kind === 'image') return inputs.includes('image+prompt') ? undefined : `${reg.id} does not take image+prompt input`;
  // the common case first, without an array or a set per case: every report is text, and text is taken
  if (inputs.includes('text') && kindOf(c.reference) === 'text' && (c.kind === 'score' ? kindOf(c.candidate) === 'text' : c.candidates.every((x) => kindOf(x.text) === 'text'))) return undefined;
  const reports = c.kind === 'score' ? [c.reference, c.candidate] : [c.reference, ...c.candidates.map((x) => x.text)];
  const missing = [...new Set(reports.map(kindOf))].filter((k) => !inputs.includes(k));
  return missing.length ? `${reg.id} does not take ${missing.join(' or ')} reports` : undefined;
}

/** The requests of a case, one per candidate label. */
export function requestsOf(c: Case): { label: string; request: ScoreRequest }[] {
  if (c.kind === 'score') return [{ label: 'candidate', request: withContext({ reference: c.reference, candidate: c.candidate }, c.context) }];
  if (c.kind === 'image') {
    return c.candidates.map((x) => ({
      label: x.label,
      request: withContext({ reference: c.prompt, candidate: x.text, prompt: c.prompt, ...imageOf(x.image) }, x.context),
    }));
  }
  return c.candidates.map((x) => ({ label: x.label, request: withContext({ reference: c.reference, candidate: x.text }, x.context) }));
}

/** The image path and, when the file can be read, its content hash (part of the cache key). */
function imageOf(image: string | undefined): Pick<ScoreRequest, 'image' | 'imageSha256'> {
  if (!image) return {};
  const sha = imageDigest(image);
  return sha ? { image, imageSha256: sha } : { image };
}

function withContext(r: ScoreRequest, context: ScoreRequest['context']): ScoreRequest {
  return context ? { ...r, context } : r;
}

const asText = (r: Report): string => (typeof r === 'string' ? r : JSON.stringify(r));

/** Turns the outcomes of a task's requests into its verdict. */
export function verdictOf(task: Task, reg: RegisteredMetric, outcomes: { label: string; outcome: ScoreOutcome }[]): CaseResult {
  const c = task.case;
  const result = base(task, reg);
  for (const { label, outcome } of outcomes) {
    if ('value' in outcome) {
      result.scores[label] = outcome.value;
      if (outcome.details) (result.details ??= {})[label] = outcome.details;
    } else (result.errors ??= {})[label] = outcome.error;
  }
  let expectations: ExpectationResult[];
  if (c.kind === 'score') {
    expectations = checkScore(c.expect[reg.id]!, outcomes[0]!.outcome);
    const expectsError = c.expect[reg.id]!.error;
    if (result.errors && (expectsError === undefined || expectsError === false)) return { ...result, verdict: 'error', reason: result.errors.candidate! };
  } else {
    if (result.errors) {
      return { ...result, verdict: 'error', reason: errorReason(result.errors, outcomes.length) };
    }
    // Scored like ranking candidates, but no pass/fail alone: the suite reports agreement (runner/agreement.ts).
    if (c.kind === 'preference') return { ...result, verdict: 'skip', reason: PREFERENCE_REASON };
    if (c.kind === 'rating') return { ...result, verdict: 'skip', reason: RATING_REASON };
    const tolerance = c.tolerance ?? reg.metric.tieTolerance;
    expectations = c.relations.map((r) => checkRelation(r, result.scores, reg.metric.direction, tolerance, reg.metric.range));
  }
  const failed = expectations.filter((e) => !e.holds);
  if (failed.length === 0) return { ...result, expectations, verdict: 'pass' };
  const reason = failed.map((e) => (e.detail ? `${e.relation} (${e.detail})` : e.relation)).join('; ');
  const clinical = clinicalDifferences(c);
  return { ...result, expectations, verdict: 'fail', reason, ...(clinical ? { clinical } : {}) };
}

/**
 * What each candidate says differently from the reference, clinically. Only computed for
 * failing text cases: it explains a failure, and extraction costs more than scoring a no-op.
 */
function clinicalDifferences(c: Case): Record<string, string[]> | undefined {
  if (c.kind !== 'ranking' && c.kind !== 'image') return undefined;
  const reference = c.kind === 'image' ? c.prompt : c.reference;
  if (typeof reference !== 'string') return undefined;
  const out: Record<string, string[]> = {};
  for (const x of c.candidates) {
    if (typeof x.text === 'string') out[x.label] = clinicalDiff(reference, x.text, x.context ?? {}).map((d) => formatDiff(d));
  }
  return out;
}

/** A skipped task's result. */
export function skipped(task: Task, reg: RegisteredMetric | undefined, reason: string): CaseResult {
  return { ...base(task, reg), verdict: 'skip', reason };
}

/**
 * The fields every result has. Set one by one, in the contract's order, rather than spread from
 * conditional objects: this runs once per case × metric, and the spreads were a fifth of it.
 */
function base(task: Task, reg: RegisteredMetric | undefined): CaseResult {
  const c = task.case;
  const r = { suite: task.suite, caseId: c.id, kind: c.kind } as CaseResult;
  if (c.capability) r.capability = c.capability;
  if (c.title) r.title = c.title;
  if (c.tags.length) r.tags = c.tags;
  r.file = task.file;
  r.line = c.location.line;
  r.column = c.location.column;
  r.metric = task.metricId;
  r.verdict = 'skip';
  r.scores = {};
  r.expectations = [];
  if (task.informational) r.informational = true;
  if (task.knownFailure) r.knownFailure = true;
  r.texts = textsOf(c);
  if (reg) r.direction = reg.metric.direction;
  if (c.kind === 'image' && c.candidates.some((x) => x.role)) r.roles = Object.fromEntries(c.candidates.map((x) => [x.label, x.role ?? 'faithful']));
  return r;
}

function textsOf(c: Case): NonNullable<CaseResult['texts']> {
  if (c.kind === 'score') return { reference: asText(c.reference), candidates: { candidate: asText(c.candidate) } };
  const candidates: Record<string, string> = {};
  for (const x of c.candidates) candidates[x.label] = asText(x.text);
  return { reference: c.kind === 'image' ? c.prompt : asText(c.reference), candidates };
}

/** The candidates' errors, each message once: `all 3 candidates: <message>`, `a, b: <message>`, else `a: x; b: y`. */
export function errorReason(errors: Record<string, string>, candidates: number): string {
  const byMessage = new Map<string, string[]>();
  for (const [label, e] of Object.entries(errors)) byMessage.set(e, [...(byMessage.get(e) ?? []), label]);
  return [...byMessage].map(([e, labels]) => `${labels.length === candidates && candidates > 1 ? `all ${candidates} candidates` : labels.join(', ')}: ${e}`).join('; ');
}
