/**
 * Report arbitraries the laws share: a rendered reference, a candidate with the same findings
 * (in the reference's words or in other words), and a clinical or wording edit on top.
 */
import fc from 'fast-check';
import { reportArb, type GeneratedReport } from '../../clinical/arbitraries.js';
import { applyPerturbation, perturbationArb } from '../../clinical/perturb/arbitrary.js';
import { CLINICAL_OPS, perturb } from '../../clinical/perturb/index.js';
import type { ClinicalEdit, PerturbationOp } from '../../clinical/perturb/types.js';
import { renderReport, type RenderableFinding } from '../../clinical/render/index.js';
import type { LawInstance } from './types.js';

/** Reports of 1..4 findings (laws stay fast and counterexamples short). */
export const referenceArb = (minFindings = 1, maxFindings = 4): fc.Arbitrary<GeneratedReport> => reportArb({ minFindings, maxFindings });

/** Render seeds: 31-bit. */
export const seedArb = fc.nat({ max: 0x7fffffff });

/** Keeps the samples an operator applied to (fast-check retries the others). */
export const defined = <T>(arb: fc.Arbitrary<T | undefined>): fc.Arbitrary<T> => arb.filter((x): x is T => x !== undefined);

/**
 * A clinical edit of the reference, applied to a candidate that states the reference's findings
 * in its words (shrinks to this) or in other words (another render seed): the law compares the
 * unedited candidate with the edited one, both scored against the reference. `eligible` limits
 * the findings the edit may target (e.g. only stated findings may go missing).
 */
export function clinicalEditArb(op: PerturbationOp, label: string, options: { eligible?: (f: RenderableFinding) => boolean; minFindings?: number } = {}): fc.Arbitrary<LawInstance> {
  return defined(
    fc
      .record({
        report: referenceArb(options.minFindings ?? 1),
        wording: fc.option(seedArb, { nil: undefined, freq: 2 }),
        target: fc.nat({ max: 31 }),
      })
      .map(({ report, wording, target }) => {
        const seed = wording ?? report.seed;
        let index = target;
        if (options.eligible) {
          const ok = report.findings.flatMap((f, i) => (options.eligible!(f) ? [i] : []));
          if (ok.length === 0) return undefined;
          index = ok[target % ok.length]!;
        }
        const edited = perturb(op, { findings: report.findings, seed, target: index });
        if (!edited) return undefined;
        const unedited = renderReport(report.findings, { seed });
        return {
          reference: report.text,
          candidates: { unedited, [label]: edited.text },
          probes: [
            { label: 'unedited', reference: report.text, candidate: unedited },
            { label, reference: report.text, candidate: edited.text },
          ],
          edit: edited.edit,
        } satisfies LawInstance;
      }),
  );
}

/**
 * A wording edit (noise, reordering, paraphrase) of a candidate: the reference itself (shrinks to
 * this) or the reference with one clinical edit. The law compares the candidate before and after.
 */
export function wordingEditArb(op: PerturbationOp, label: string, minFindings = 1): fc.Arbitrary<LawInstance> {
  return defined(
    fc
      .record({ report: referenceArb(minFindings), spec: fc.option(perturbationArb({ ops: CLINICAL_OPS }), { nil: undefined, freq: 2 }) })
      .map(({ report, spec }) => {
        const base = spec ? applyPerturbation(spec, report) : undefined;
        const findings = base?.findings ?? report.findings;
        const candidate = renderReport(findings, { seed: report.seed });
        const worded = perturb(op, { findings, seed: report.seed });
        if (!worded || worded.text === candidate) return undefined;
        const edit: ClinicalEdit | ClinicalEdit[] = base ? [base.edit, worded.edit] : worded.edit;
        return {
          reference: report.text,
          candidates: { candidate, [label]: worded.text },
          probes: [
            { label: 'candidate', reference: report.text, candidate },
            { label, reference: report.text, candidate: worded.text },
          ],
          edit,
        } satisfies LawInstance;
      }),
  );
}

/** Any candidate for a reference: a perturbation of it (any operator) or an unrelated report. */
export function pairArb(): fc.Arbitrary<{ reference: GeneratedReport; candidate: string; edit?: ClinicalEdit }> {
  return fc.oneof(
    fc.record({ report: referenceArb(), spec: perturbationArb() }).map(({ report, spec }) => {
      const p = applyPerturbation(spec, report);
      return p ? { reference: report, candidate: p.text, edit: p.edit } : { reference: report, candidate: report.text };
    }),
    fc.record({ reference: referenceArb(), other: reportArb({ minFindings: 0, maxFindings: 4 }) }).map(({ reference, other }) => ({ reference, candidate: other.text })),
  );
}
