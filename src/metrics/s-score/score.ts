import { scorePair, type CanonicalReport, type SScoreResult } from './formulas.js';
import { vocabularyFor, type Vocabulary } from './lexicon.js';
import { resolveReadings, type Readings, type SScoreOptions } from './options.js';
import { parseStructuredReport } from './parse.js';
import { emptyReport, type PositiveFinding, type StructuredReport } from './report.js';

/** A report as S-Score takes it: the structured object, or its JSON text (repaired if malformed). */
export type SScoreInput = StructuredReport | Record<string, unknown> | unknown[] | string;

/** The scores with what normalization noticed. */
export interface SScoreDetails extends SScoreResult {
  /** Names not in the clinical vocabulary (compared as written, lowercased). */
  unknownNames?: string[];
  /** Names both positive and negative in one report (each set keeps them, as the paper defines the sets). */
  conflicts?: { reference?: string[]; prediction?: string[] };
  /** Parsing and normalization notes: repaired JSON, duplicates, invalid fields. */
  warnings?: string[];
}

/** Thrown by `sScore` for a report that cannot be parsed (unless `onUnparseable: 'empty'`). */
export class SScoreParseError extends Error {
  override readonly name = 'SScoreParseError';
  constructor(readonly side: 'reference' | 'prediction', readonly reason: string) {
    super(`${side}: ${reason}`);
  }
}

interface Canonicalized {
  report: CanonicalReport;
  unknown: string[];
  conflicts: string[];
  warnings: string[];
}

/**
 * Canonical names, first occurrence wins for a disease listed twice (its details are kept, the
 * duplicate is reported), names that are both positive and negative reported as conflicts.
 */
export function canonicalize(report: StructuredReport, vocab: Vocabulary): Canonicalized {
  const warnings: string[] = [];
  const unknown = new Set<string>();
  const positive = new Map<string, PositiveFinding>();
  const resolve = (raw: string): string => {
    const { name, known } = vocab.names.resolve(raw);
    if (!known) unknown.add(name);
    return name;
  };
  for (const f of report.positive) {
    const name = resolve(f.name);
    if (positive.has(name)) warnings.push(`positive "${f.name}" repeats ${name}: the first entry's details are used`);
    else positive.set(name, { ...f, name });
  }
  const negative = new Set<string>();
  for (const f of report.negative) {
    const name = resolve(f.name);
    if (negative.has(name)) warnings.push(`negative "${f.name}" repeats ${name}`);
    negative.add(name);
  }
  const conflicts = [...negative].filter((n) => positive.has(n));
  return { report: { positive, negative }, unknown: [...unknown], conflicts, warnings };
}

/** Parses one side; throws SScoreParseError unless the readings score it as empty. */
export function readReport(input: unknown, side: 'reference' | 'prediction', r: Readings): { report: StructuredReport; warnings: string[] } {
  const parsed = parseStructuredReport(input);
  if (parsed.ok) return { report: parsed.report, warnings: parsed.warnings };
  if (r.onUnparseable === 'empty') return { report: emptyReport(), warnings: [`unparseable, scored as empty: ${parsed.reason}`] };
  throw new SScoreParseError(side, parsed.reason);
}

/** S-Score of already-read reports under resolved readings (the providers' entry point). */
export function scoreStructured(
  reference: { report: StructuredReport; warnings: string[] },
  prediction: { report: StructuredReport; warnings: string[] },
  r: Readings,
): SScoreDetails {
  const vocab = vocabularyFor(r.names);
  const ref = canonicalize(reference.report, vocab);
  const pred = canonicalize(prediction.report, vocab);
  const result: SScoreDetails = scorePair(ref.report, pred.report, r, vocab.severity);
  const unknownNames = [...new Set([...ref.unknown, ...pred.unknown])];
  if (unknownNames.length) result.unknownNames = unknownNames;
  if (ref.conflicts.length || pred.conflicts.length) {
    result.conflicts = { ...(ref.conflicts.length ? { reference: ref.conflicts } : {}), ...(pred.conflicts.length ? { prediction: pred.conflicts } : {}) };
  }
  const warnings = [
    ...[...reference.warnings, ...ref.warnings].map((w) => `reference: ${w}`),
    ...[...prediction.warnings, ...pred.warnings].map((w) => `prediction: ${w}`),
  ];
  if (warnings.length) result.warnings = warnings;
  return result;
}

/**
 * S-Score of a predicted structured report against the reference (DESIGN §8). Either side may be
 * an object or JSON text (repaired when malformed). Options pick a preset (`literal`, the default,
 * or `robust`) and override single readings; see README.md in src/metrics/s-score.
 *
 * @returns `{ s, p, d, pPos, pNeg }` plus the per-disease breakdown and normalization notes.
 * @throws SScoreParseError when a report cannot be parsed (unless `onUnparseable: 'empty'`);
 *   Error for invalid options.
 */
export function sScore(reference: SScoreInput, prediction: SScoreInput, options: SScoreOptions = {}): SScoreDetails {
  const r = resolveReadings(options);
  return scoreStructured(readReport(reference, 'reference', r), readReport(prediction, 'prediction', r), r);
}

/** Corpus S-Score: the mean of each score over the pairs (nulls, i.e. dropped parts, left out of their mean). */
export interface SScoreCorpus {
  s: number;
  p: number;
  pPos: number | null;
  pNeg: number | null;
  d: number | null;
  n: number;
}

/** The corpus score of the paper's tables: each report scored, then averaged. */
export function sScoreCorpus(pairs: readonly { reference: SScoreInput; prediction: SScoreInput }[], options: SScoreOptions = {}): SScoreCorpus {
  if (pairs.length === 0) throw new RangeError('sScoreCorpus needs at least one report pair');
  const results = pairs.map((x) => sScore(x.reference, x.prediction, options));
  const mean = (xs: (number | null)[]): number | null => {
    const v = xs.filter((x): x is number => x !== null);
    return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
  };
  return {
    s: mean(results.map((x) => x.s))!,
    p: mean(results.map((x) => x.p))!,
    pPos: mean(results.map((x) => x.pPos)),
    pNeg: mean(results.map((x) => x.pNeg)),
    d: mean(results.map((x) => x.d)),
    n: results.length,
  };
}
