import { describe, expect, it } from 'vitest';
import { changeSeverity } from '../../../src/clinical/perturb/index.js';
import { EFFUSION, NODULE, NO_PTX, REPORT } from './_fixtures.js';

describe('changeSeverity', () => {
  it('changes the grade of a graded finding', () => {
    const r = changeSeverity(REPORT)!;
    expect(r.edit).toMatchObject({ op: 'changeSeverity', finding: 'pleural effusion', attribute: 'severity', from: 'mild', clinical: true });
    expect(['moderate', 'severe']).toContain(r.edit.to);
    expect(r.findings[0]).toEqual({ ...EFFUSION, severity: r.edit.to });
  });

  it('drops a severity word that would contradict the new grade', () => {
    const r = changeSeverity({ findings: [{ ...EFFUSION, severityText: 'trace' }], seed: 2 })!;
    expect(r.findings[0]?.severityText).toBeUndefined();
  });

  it('reaches both other grades across seeds', () => {
    const tos = new Set(Array.from({ length: 30 }, (_, seed) => changeSeverity({ findings: [EFFUSION], seed })!.edit.to));
    expect(tos).toEqual(new Set(['moderate', 'severe']));
  });

  it('does not apply without a stated severity', () => {
    expect(changeSeverity({ findings: [NODULE, NO_PTX], seed: 1 })).toBeUndefined();
  });
});
