/**
 * `crimson:lexicon` — an APPROXIMATION of CRIMSON, offline and deterministic: the judge's
 * evaluation object is built from the clinical core instead of an LLM, then scored by the
 * exact CRIMSON formula (../score.ts). It is never presented as `crimson`.
 *
 * - findings: the report-level present and uncertain findings of the clinical core (a sign and
 *   its interpretation are one finding; repeated mentions merged);
 * - significance: the lexicon's default, changed by the finding's size/grade/placement and by
 *   the patient's context (METRICS §1.5; src/clinical/significance.ts);
 * - matching and attribute errors: ./match.ts and ./attributes.ts;
 * - unmatched candidate findings are false, unmatched reference findings missing.
 *
 * What it cannot do (where an LLM judge is needed): wording the lexicon does not know,
 * descriptors (calcified, spiculated), diagnoses beyond the vocabulary, reasoning across findings.
 */
import { z } from 'zod';
import type { Context, Metric, ScoreOutcome, ScoreRequest } from '../../contract.js';
import { defineMetric } from '../../define.js';
import type { MetricProvider } from '../../provider.js';
import type { CrimsonEvaluation, CrimsonFinding } from '../schema.js';
import { computeCrimsonScore, SIGNIFICANCE_WEIGHTS } from '../score.js';
import { attributeErrors } from './attributes.js';
import { describeFinding, judgeReport, type Judged } from './judged.js';
import { alternatives, compatible, matchFindings, readingOf, signOf, type Match } from './match.js';

export { describeFinding } from './judged.js';

/** The evaluation and what an LLM would not show: the rules that set each significance. */
export interface LexiconJudgement {
  evaluation: CrimsonEvaluation;
  /** Finding id -> the size, placement or context rule that set its significance. */
  rules: Record<string, string>;
}

/** The evaluation object the lexicon judge produces for a report pair (METRICS.md §1.1). */
export function judgeByLexicon(reference: string, candidate: string, context: Context = {}): LexiconJudgement {
  const refs = judgeReport(reference, 'R', context);
  const preds = judgeReport(candidate, 'P', context);
  const matches = matchFindings(refs, preds);
  const matchedRefs = new Set(matches.map((m) => m.r));
  const matchedPreds = new Set(matches.map((m) => m.p));
  // a differential that nothing matched is one finding, weighed as its weightiest reading
  const refOr = foldAlternatives(refs.filter((r) => !matchedRefs.has(r)));
  const predOr = foldAlternatives(preds.filter((p) => !matchedPreds.has(p)));
  const listed = (j: Judged, or: Map<Judged, string[]>) => or.get(j)?.length !== 0;
  const asFinding = (or: Map<Judged, string[]>) => (j: Judged): CrimsonFinding => ({ id: j.id, finding: describeFinding(j.f, j.descriptors) + (or.get(j)?.length ? ` (or ${or.get(j)!.join(' or ')})` : ''), clinical_significance: j.significance });
  const order = (m: Match) => refs.indexOf(m.r) * 1000 + preds.indexOf(m.p);
  const sorted = [...matches].sort((x, y) => order(x) - order(y));
  const rules: Record<string, string> = {};
  for (const j of [...refs, ...preds]) if (j.rule) rules[j.id] = j.rule;
  return {
    evaluation: {
      reference_findings: refs.filter((r) => listed(r, refOr)).map(asFinding(refOr)),
      predicted_findings: preds.filter((p) => listed(p, predOr)).map(asFinding(predOr)),
      matched_findings: sorted.map((m) => ({ ref_id: m.r.id, pred_id: m.p.id })),
      errors: {
        false_findings: preds.filter((p) => !matchedPreds.has(p) && listed(p, predOr)).map((p) => p.id),
        missing_findings: refs.filter((r) => !matchedRefs.has(r) && listed(r, refOr)).map((r) => r.id),
        attribute_errors: sorted.flatMap((m) => attributeErrors(m, matches)),
      },
    },
    rules,
  };
}

/**
 * Unmatched findings that are alternatives of one sign (match.ts `alternatives`): the weightiest
 * reading stays, listing the others (kept -> their names); the others map to [] and are not listed.
 */
function foldAlternatives(unmatched: Judged[]): Map<Judged, string[]> {
  const out = new Map<Judged, string[]>();
  const w = (j: Judged) => SIGNIFICANCE_WEIGHTS[j.significance] ?? 0;
  // a sign named beside the finding read from it is that finding (§1.5), matched or not:
  // "peribronchial thickening, may reflect viral illness" is one false finding, not two
  // "possibly trace effusion or pleural thickening ... Possible trace left effusion" likewise
  for (const j of unmatched) if (unmatched.some((x) => x !== j && compatible(j, x) && (signOf(j.f, x.f) || readingOf(j.f, x.f)))) out.set(j, []);
  for (const j of unmatched) {
    if (out.has(j)) continue;
    const group = unmatched.filter((x) => x === j || (alternatives(x.f, j.f) && !out.has(x)));
    if (group.length < 2) continue;
    const kept = group.reduce((a, b) => (w(b) > w(a) ? b : a));
    for (const x of group) out.set(x, x === kept ? group.filter((y) => y !== kept).map((y) => y.f.name) : []);
  }
  return out;
}

/** Options of `crimson:lexicon`; unknown keys are an error. */
export const CrimsonLexiconOptionsSchema = z.strictObject({
  /** Apply the lexicon's patient-context rules to significance (default true). */
  patientContext: z.boolean().default(true),
});

function scoreOne(r: ScoreRequest, patientContext: boolean): ScoreOutcome {
  if (typeof r.reference !== 'string' || typeof r.candidate !== 'string') return { error: 'crimson:lexicon scores text reports; got a structured report' };
  const { evaluation, rules } = judgeByLexicon(r.reference, r.candidate, patientContext ? r.context : {});
  const result = computeCrimsonScore(evaluation);
  return {
    value: result.crimson_score,
    details: {
      approximation: 'crimson:lexicon: lexicon judge, not the CRIMSON LLM judge',
      ...result.metrics,
      error_counts: result.error_counts,
      evaluation,
      ...(Object.keys(rules).length ? { significance_rules: rules } : {}),
    },
  };
}

export const crimsonLexiconProvider: MetricProvider = {
  id: 'crimson:lexicon',
  description: 'APPROXIMATION of CRIMSON: a deterministic offline judge built on the clinical lexicon and extractor, scored with the exact CRIMSON formula',
  create(options): Metric {
    const parsed = CrimsonLexiconOptionsSchema.safeParse(options ?? {});
    if (!parsed.success) throw new Error(`invalid crimson:lexicon options: ${parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('; ')}`);
    const { patientContext } = parsed.data;
    return defineMetric({
      id: 'crimson:lexicon',
      version: '3',
      description: `APPROXIMATION of CRIMSON (lexicon judge, not the LLM judge)${patientContext ? '' : ', no patient context'}`,
      direction: 'higher',
      range: [-1, 1],
      tieTolerance: 0,
      deterministic: true,
      inputs: ['text'],
      symmetric: false,
      batchSize: 64,
      // the extractor on both reports costs more than a cache lookup: a warm run reuses the scores
      cache: true,
      score: (requests) => requests.map((r) => scoreOne(r, patientContext)),
    });
  },
};
