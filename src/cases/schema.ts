import { z } from 'zod';

/**
 * zod schemas for case files (DESIGN §2, a CONTRACT). The kind union is discriminated on
 * `kind` so that a new kind is one more schema in `CaseSchema`.
 */

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

export const ContextSchema = z
  .record(z.string(), Scalar)
  .describe('Patient or study context: age, sex, indication, ...');

/** Free text, or a structured report (object or list). */
export const ReportSchema = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .describe('Report text, or a structured report');

export const ProvenanceSchema = z
  .object({
    author: z.string().optional(),
    reviewed_by: z.union([z.string(), z.array(z.string())]).optional(),
    source: z.string().optional(),
    license: z.string().optional(),
  })
  .loose();

const MetricSelectionSchema = z
  .object({ only: z.array(z.string()).optional(), skip: z.array(z.string()).optional() })
  .strict()
  .describe('Restrict which metrics run this case');

/** Fields every kind shares. All optional here: a `cases:` list may supply defaults. */
const common = {
  $schema: z.string().optional(),
  id: z.string().min(1).optional().describe('Unique id; defaults to the file path without extension'),
  title: z.string().optional(),
  capability: z.string().min(1).optional().describe('Clinical ability tested, e.g. laterality'),
  tags: z.array(z.string()).optional(),
  rationale: z.string().optional().describe('Why a clinician expects this'),
  provenance: ProvenanceSchema.optional(),
  metrics: MetricSelectionSchema.optional(),
  tolerance: z.number().nonnegative().optional().describe('Tie tolerance overriding the metric'),
  context: ContextSchema.optional(),
  todo: z
    .union([z.boolean(), z.string().min(1)])
    .optional()
    .describe('Not finished (like vitest\'s it.todo): reported as todo, never scored nor gated; a string says why. false: score it even if its reports hold TODO'),
};

export const CandidateSchema = z.union([
  z.string(),
  z.object({ text: ReportSchema, context: ContextSchema.optional() }).strict(),
]);

/** `A > B >= C`, `A = B`, `A >= 0.8`: see relations.ts for the grammar. */
export const ExpectListSchema = z.union([z.string(), z.array(z.string()).min(1)]);

export const RankingCaseSchema = z
  .object({
    ...common,
    kind: z.literal('ranking'),
    reference: ReportSchema,
    candidates: z.record(z.string(), CandidateSchema).refine((c) => Object.keys(c).length >= 1, 'at least one candidate'),
    expect: ExpectListSchema,
  })
  .strict();

export const ScoreExpectationSchema = z
  .object({
    value: z.number().optional(),
    tolerance: z.number().nonnegative().optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
    error: z.union([z.boolean(), z.string()]).optional().describe('Expect an error outcome (optionally containing this text)'),
  })
  .strict()
  .refine((e) => e.min === undefined || e.max === undefined || e.min <= e.max, { message: 'min is greater than max: no score can satisfy it', path: ['min'] });

export const ScoreCaseSchema = z
  .object({
    ...common,
    kind: z.literal('score'),
    reference: ReportSchema,
    candidate: ReportSchema,
    expect: z.record(z.string(), ScoreExpectationSchema).describe('Expectations per metric id'),
  })
  .strict();

/**
 * Ratings of one report or image, one per rater: a map (`{ r1: 2, r2: 1 }`) or a list
 * (`[{ rater: r1, score: 2 }]`); higher = better, any ordinal or numeric scale.
 */
export const RatingsSchema = z
  .union([
    z.record(z.string().min(1), z.number()),
    z.array(z.object({ rater: z.string().min(1), score: z.number() }).strict()),
  ])
  .describe('Ratings per rater: { rater: score } or [{ rater, score }]; higher = better');

/** CSEval image roles: `faithful` (the generator's output for the prompt; Table 2 counts these) or `corrupted` (a deliberate corruption, for ranking expectations only). */
export const ImageRoleSchema = z.enum(['faithful', 'corrupted']);

export const ImageEntrySchema = z
  .object({
    path: z.string().optional(),
    findings: z.string().optional(),
    context: ContextSchema.optional(),
    role: ImageRoleSchema.optional().describe('faithful (default; counted in the per-finding summary) or corrupted (a deliberate corruption)'),
    ratings: RatingsSchema.optional().describe("Expert ratings of the image's alignment with the prompt (e.g. 0/1/2 per rater)"),
  })
  .strict();

export const ImageCaseSchema = z
  .object({
    ...common,
    kind: z.literal('image'),
    prompt: z.string().min(1),
    images: z.record(z.string(), ImageEntrySchema),
    expect: ExpectListSchema,
  })
  .strict();

export const PreferenceCaseSchema = z
  .object({
    ...common,
    kind: z.literal('preference'),
    reference: ReportSchema,
    candidates: z.record(z.string(), CandidateSchema),
    ratings: z.array(z.object({ rater: z.string(), scores: z.record(z.string(), z.number()) }).strict()).min(1),
  })
  .strict();

/** A reference, one candidate and its ratings: corpus-level agreement (S-RRG-Bench, ReXVal style). */
export const RatingCaseSchema = z
  .object({
    ...common,
    kind: z.literal('rating'),
    reference: ReportSchema,
    candidate: CandidateSchema,
    ratings: RatingsSchema,
  })
  .strict();

export const CaseSchema = z.discriminatedUnion('kind', [
  RankingCaseSchema,
  ScoreCaseSchema,
  ImageCaseSchema,
  PreferenceCaseSchema,
  RatingCaseSchema,
]);

/** A file: one case, or `cases:` with shared `defaults` (any common field, incl. kind). */
export const CaseFileSchema = z.union([
  z
    .object({
      $schema: z.string().optional(),
      defaults: z.record(z.string(), z.unknown()).optional(),
      cases: z.array(z.record(z.string(), z.unknown())).min(1),
    })
    .strict(),
  CaseSchema,
]);

export const CASE_KINDS = ['ranking', 'score', 'image', 'preference', 'rating'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export type RankingCaseInput = z.infer<typeof RankingCaseSchema>;
export type ScoreCaseInput = z.infer<typeof ScoreCaseSchema>;
export type ImageCaseInput = z.infer<typeof ImageCaseSchema>;
export type PreferenceCaseInput = z.infer<typeof PreferenceCaseSchema>;
export type RatingCaseInput = z.infer<typeof RatingCaseSchema>;
export type RatingsInput = z.infer<typeof RatingsSchema>;
export type CaseInput = z.infer<typeof CaseSchema>;
export type ScoreExpectation = z.infer<typeof ScoreExpectationSchema>;
