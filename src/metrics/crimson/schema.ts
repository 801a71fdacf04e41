/**
 * The judge's output (METRICS.md §1.1) as zod schemas.
 *
 * - `CrimsonEvaluationSchema` is the contract, strict: known labels only. The lexicon judge
 *   produces exactly this, and tests check it against it.
 * - `JudgeReplySchema` reads what an LLM actually returns: ids as strings or numbers (made
 *   strings), labels in any case or spacing (normalised; an unknown label is kept and weighs
 *   0.25 as in the reference), empty error lists that were left out. The four top-level keys
 *   must be there: a reply without them is not an evaluation, and a guess would be a silent
 *   number.
 */
import { z } from 'zod';
import { ATTRIBUTE_ERROR_TYPES } from './score.js';

export const SIGNIFICANCE_LEVELS = ['urgent', 'actionable_not_urgent', 'not_actionable_not_urgent', 'benign_expected'] as const;
export type SignificanceLevel = (typeof SIGNIFICANCE_LEVELS)[number];
export const ATTRIBUTE_SEVERITIES = ['significant', 'negligible'] as const;
export type AttributeSeverity = (typeof ATTRIBUTE_SEVERITIES)[number];
export { ATTRIBUTE_ERROR_TYPES, type AttributeErrorType } from './score.js';

const FindingSchema = z.object({
  id: z.string(),
  finding: z.string(),
  clinical_significance: z.enum(SIGNIFICANCE_LEVELS),
});

const AttributeErrorSchema = z.object({
  ref_id: z.string(),
  pred_id: z.string(),
  severity: z.enum(ATTRIBUTE_SEVERITIES),
  error_types: z.array(z.enum(ATTRIBUTE_ERROR_TYPES)).min(1),
  explanation: z.string(),
});

/** A judge evaluation with known labels only (the contract). */
export const CrimsonEvaluationSchema = z.object({
  reference_findings: z.array(FindingSchema),
  predicted_findings: z.array(FindingSchema),
  matched_findings: z.array(z.object({ ref_id: z.string(), pred_id: z.string() })),
  errors: z.object({
    false_findings: z.array(z.string()),
    missing_findings: z.array(z.string()),
    attribute_errors: z.array(AttributeErrorSchema),
  }),
});
export type CrimsonEvaluation = z.infer<typeof CrimsonEvaluationSchema>;
export type CrimsonFinding = z.infer<typeof FindingSchema>;
export type CrimsonAttributeError = z.infer<typeof AttributeErrorSchema>;

/** `"Actionable not urgent"`, `"actionable-not-urgent"` -> `actionable_not_urgent`. */
export function normaliseLabel(label: string): string {
  return label.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

const Id = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const Label = z.string().transform(normaliseLabel);
const LooseFinding = z.looseObject({
  id: Id,
  finding: z.string().optional().default(''),
  clinical_significance: Label.nullish(),
});
const LooseAttributeError = z.looseObject({
  ref_id: Id,
  pred_id: Id.nullish(),
  severity: Label.nullish(),
  error_types: z.union([z.array(Label), Label.transform((s) => [s])]).nullish(),
  explanation: z.string().nullish(),
});
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish().transform((v) => v ?? []);

/** What an LLM judge returns, read leniently (see the module comment). */
export const JudgeReplySchema = z.looseObject({
  reference_findings: z.array(LooseFinding),
  predicted_findings: z.array(LooseFinding),
  matched_findings: z.array(z.looseObject({ ref_id: Id, pred_id: Id })),
  errors: z.looseObject({
    false_findings: list(Id),
    missing_findings: list(Id),
    attribute_errors: list(LooseAttributeError),
  }),
});
export type JudgeReply = z.infer<typeof JudgeReplySchema>;

/**
 * Inconsistencies of an evaluation that the score tolerates (as the reference does) but a
 * reader should see: ids that name no finding, predictions neither matched nor false,
 * references neither matched nor missing, labels outside the known sets.
 */
export function evaluationWarnings(e: JudgeReply | CrimsonEvaluation): string[] {
  const out: string[] = [];
  const refs = new Set(e.reference_findings.map((f) => f.id));
  const preds = new Set(e.predicted_findings.map((f) => f.id));
  const matchedRefs = new Set(e.matched_findings.map((m) => m.ref_id));
  const matchedPreds = new Set(e.matched_findings.map((m) => m.pred_id));
  const known = new Set<string>(SIGNIFICANCE_LEVELS);
  for (const f of [...e.reference_findings, ...e.predicted_findings]) {
    const label = f.clinical_significance;
    if (label === null || label === undefined) out.push(`${f.id} has no clinical_significance (weighs 0.25)`);
    else if (!known.has(label)) out.push(`${f.id} has unknown clinical_significance "${label}" (weighs 0.25)`);
  }
  for (const m of e.matched_findings) {
    if (!refs.has(m.ref_id)) out.push(`matched ${m.ref_id} names no reference finding`);
    if (!preds.has(m.pred_id)) out.push(`matched ${m.pred_id} names no candidate finding`);
  }
  for (const id of e.errors.false_findings) {
    if (!preds.has(id)) out.push(`false finding ${id} names no candidate finding`);
    if (matchedPreds.has(id)) out.push(`${id} is both matched and false`);
  }
  for (const id of e.errors.missing_findings) {
    if (!refs.has(id)) out.push(`missing finding ${id} names no reference finding`);
    if (matchedRefs.has(id)) out.push(`${id} is both matched and missing`);
  }
  const falseIds = new Set(e.errors.false_findings);
  const missingIds = new Set(e.errors.missing_findings);
  for (const id of preds) if (!matchedPreds.has(id) && !falseIds.has(id)) out.push(`${id} is neither matched nor false`);
  for (const id of refs) if (!matchedRefs.has(id) && !missingIds.has(id)) out.push(`${id} is neither matched nor missing`);
  const severities = new Set<string>(ATTRIBUTE_SEVERITIES);
  for (const a of e.errors.attribute_errors) {
    if (!matchedRefs.has(a.ref_id)) out.push(`attribute error on unmatched ${a.ref_id} (ignored by the score)`);
    if (a.severity === null || a.severity === undefined) out.push(`attribute error on ${a.ref_id} has no severity (weighs 0.25)`);
    else if (!severities.has(a.severity)) out.push(`attribute error on ${a.ref_id} has unknown severity "${a.severity}" (weighs 0.25)`);
  }
  return out;
}
