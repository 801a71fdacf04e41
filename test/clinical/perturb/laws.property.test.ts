/**
 * The perturbations do what their edit says: non-clinical ones leave the extracted findings as
 * they were; clinical ones change exactly what `edit` describes, as the clinical diff sees it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportArb } from '../../../src/clinical/arbitraries.js';
import { clinicalDiff } from '../../../src/clinical/diff/index.js';
import { extractFindings } from '../../../src/clinical/extract/index.js';
import { applyPerturbation, perturbationArb } from '../../../src/clinical/perturb/arbitrary.js';
import { CLINICAL_OPS, expectedDiff, NON_CLINICAL_OPS } from '../../../src/clinical/perturb/index.js';
import { comparableFindings, type RenderableFinding } from '../../../src/clinical/render/index.js';
import { assertProperty } from '../render/_property.js';

/** Findings as a multiset: reordering sentences reorders them. */
const bag = (fs: readonly RenderableFinding[]) => comparableFindings(fs).map((f) => JSON.stringify(f)).sort();

describe('perturbation laws', () => {
  it('non-clinical perturbations leave the extracted findings unchanged (500 runs)', () => {
    assertProperty(
      fc.property(reportArb({ maxFindings: 5 }), perturbationArb({ ops: NON_CLINICAL_OPS }), (report, spec) => {
        const p = applyPerturbation(spec, report);
        if (!p) return;
        expect(p.edit.clinical).toBe(false);
        expect(p.text).not.toBe(report.text);
        expect(bag(extractFindings(p.text)), `${report.text}\n-> ${p.text}`).toEqual(bag(extractFindings(report.text)));
        expect(clinicalDiff(report.text, p.text)).toEqual([]);
      }),
      500,
    );
  });

  it('clinical perturbations change exactly what the edit describes (500 runs)', () => {
    assertProperty(
      fc.property(reportArb({ maxFindings: 5 }), perturbationArb({ ops: CLINICAL_OPS }), (report, spec) => {
        const p = applyPerturbation(spec, report);
        if (!p) return;
        expect(p.edit.clinical).toBe(true);
        const label = `${report.text}\n-> ${p.text}\n${JSON.stringify(p.edit)}`;
        expect(comparableFindings(extractFindings(p.text)), label).toEqual(comparableFindings(p.findings));
        const diff = clinicalDiff(report.text, p.text).map(({ laterality: _l, status: _s, significance: _w, significanceTo: _t, ...rest }) => rest);
        expect(diff, label).toEqual([expectedDiff(p.edit)]);
      }),
      500,
    );
  });

  it('each operator applies somewhere', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(reportArb({ minFindings: 2, maxFindings: 5 }), perturbationArb(), (report, spec) => {
        const p = applyPerturbation(spec, report);
        if (p) seen.add(p.edit.op);
      }),
      { numRuns: 300, seed: 7 },
    );
    expect([...seen].sort()).toEqual([...CLINICAL_OPS, ...NON_CLINICAL_OPS].sort());
  });
});
