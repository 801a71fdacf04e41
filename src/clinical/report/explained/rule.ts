/** The shape of one report-level "diagnosis explains its sign" pair (report/explained-signs.ts), apart so that the pair tables can name it. */
import type { Finding } from '../../model.js';

/** One diagnosis-sign pair: an affirmed `sign` is evidence of any affirmed one of `diagnoses` in the report. */
export interface ExplainedSign {
  diagnoses: readonly string[];
  sign: string;
  /** Whether this mention of the sign is the diagnosis's evidence (`span`: the sign's words in the report); unset: every mention. */
  stated?: (sign: Finding, span: string, text: string) => boolean;
  /** The least probability of an uncertain diagnosis that explains the sign (unset: any hedged diagnosis). */
  minProbability?: 1 | 2;
  /** The diagnosis is a diffuse process: a sign in both lungs is its evidence on either side, and puts it in both. */
  diffuse?: boolean;
}
