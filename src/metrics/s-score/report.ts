import { z } from 'zod';

/**
 * The structured report S-Score compares (seed 001, Fig. 4, the MIMIC-STRUC template): positive
 * findings with `name`, `probability` (1..3, higher = more certain), `level` (severity) and
 * `location`, and negative findings with a `name`. Attributes the report does not state are
 * absent (not null). Tolerant input is mapped onto this form by parse.ts.
 */

export type Probability = 1 | 2 | 3;

export interface PositiveFinding {
  name: string;
  probability?: Probability;
  level?: string;
  location?: string;
}

export interface NegativeFinding {
  name: string;
}

export interface StructuredReport {
  positive: PositiveFinding[];
  negative: NegativeFinding[];
}

const Name = z.string().trim().min(1);

export const PositiveFindingSchema = z.strictObject({
  name: Name,
  probability: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  level: z.string().trim().min(1).optional(),
  location: z.string().trim().min(1).optional(),
});

export const NegativeFindingSchema = z.strictObject({ name: Name });

/** The canonical structured report (what `parseStructuredReport` returns). */
export const StructuredReportSchema = z.strictObject({
  positive: z.array(PositiveFindingSchema),
  negative: z.array(NegativeFindingSchema),
});

/** A report with no findings: what an unparseable report scores as under `onUnparseable: empty`. */
export const emptyReport = (): StructuredReport => ({ positive: [], negative: [] });
