import { z } from 'zod';

/** A suite's gate for one metric (DESIGN §3). */
export const GateSchema = z
  .object({
    minPassRate: z.number().min(0).max(1).optional().describe('Share of non-skipped cases that must pass (default 1)'),
    required: z.array(z.string()).optional().describe('Case id globs that must pass whatever the rate'),
    informational: z.boolean().optional().describe('Report, never fail the run (baselines such as BLEU)'),
    maxErrors: z.number().int().min(0).optional().describe('Errored results allowed before the gate fails, whatever the pass rate (default: no limit; `metric-suite test` uses 0)'),
    knownFailures: z
      .array(z.string())
      .optional()
      .describe('Case id globs this metric is known to fail (documented limitations, like test.failing); a pass fails the gate so the list stays true'),
    minAgreement: z
      .union([
        z.number().min(0).max(1),
        z
          .object({
            majority: z.number().min(0).max(1).optional().describe("Majority raters' pairwise accuracy, tied ratings left out"),
            majorityWithTies: z.number().min(0).max(1).optional().describe("Majority raters' pairwise accuracy, tied ratings included"),
            tauB: z.number().min(-1).max(1).optional().describe('Kendall tau-b of score vs mean rating differences'),
            tauBLow: z.number().min(-1).max(1).optional().describe('Lower bound of the 95% bootstrap CI of tauB'),
            kendall: z.number().min(-1).max(1).optional().describe('Corpus level: Kendall tau-b of per-report scores vs mean rating (rated reports, else rated images)'),
            kendallLow: z.number().min(-1).max(1).optional().describe('Lower bound of the 95% bootstrap CI of kendall'),
            spearman: z.number().min(-1).max(1).optional().describe('Corpus level: Spearman rho of per-report scores vs mean rating'),
            spearmanLow: z.number().min(-1).max(1).optional().describe('Lower bound of the 95% bootstrap CI of spearman'),
            pearson: z.number().min(-1).max(1).optional().describe('Corpus level: Pearson r of per-report scores vs mean rating'),
            pearsonLow: z.number().min(-1).max(1).optional().describe('Lower bound of the 95% bootstrap CI of pearson'),
          })
          .strict(),
      ])
      .optional()
      .describe('Preference, rating and rated image cases: minimum agreement with the raters (a number: majority pairwise accuracy without tied ratings)'),
  })
  .strict();

export const LawSelectionSchema = z.union([
  z.string(),
  z
    .object({
      law: z.string(),
      numRuns: z.number().int().positive().optional(),
      seed: z.number().int().optional(),
      metrics: z.array(z.string()).optional(),
      expected: z.record(z.string(), z.enum(['pass', 'fail'])).optional().describe('Per metric: a known limitation is `fail`'),
      scaleByCost: z.boolean().optional().describe('Scale numRuns down by the metric cost (default true)'),
      minRuns: z.number().int().positive().optional().describe('The fewest runs cost scaling leaves (default 10)'),
      shrink: z.boolean().optional().describe('Shrink a failure to the smallest sample (default: for metrics of cost < 100)'),
    })
    .loose(),
]);

export const SuiteSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().regex(/^[\w.:-]+$/, 'letters, digits, "-", "_", "." or ":"'),
    description: z.string().optional(),
    cases: z.array(z.string()).default([]).describe('Case file globs, relative to the suite file'),
    metrics: z.array(z.string()).min(1),
    laws: z.array(LawSelectionSchema).optional(),
    /** Per metric id; `'*'` applies to metrics without their own entry. */
    gate: z.record(z.string(), GateSchema).optional(),
  })
  .strict();

export type Gate = z.infer<typeof GateSchema>;
export type LawSelection = z.infer<typeof LawSelectionSchema>;
export type SuiteInput = z.infer<typeof SuiteSchema>;

/** A loaded suite: case globs resolved against `dir`. */
export interface Suite extends SuiteInput {
  file: string;
  dir: string;
  /** Where each metric id is written in the suite file, for problems about it. */
  metricAt: Record<string, { file: string; line: number; column: number }>;
  /** The command (argv after `metric-suite`) that re-runs this suite, where `--suite <name>` cannot (a suite made by a command). */
  rerunWith?: string[];
}
