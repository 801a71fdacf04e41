import { describe, expect, it } from 'vitest';
import { changeMeasurement } from '../../../src/clinical/perturb/index.js';
import { EFFUSION, NODULE, REPORT } from './_fixtures.js';

describe('changeMeasurement', () => {
  it('changes a stated size to a clearly different whole number of millimetres', () => {
    for (let seed = 0; seed < 30; seed++) {
      const r = changeMeasurement({ ...REPORT, seed })!;
      expect(r.edit).toMatchObject({ op: 'changeMeasurement', finding: 'nodule', attribute: 'measurementMm', from: 8, clinical: true });
      const to = r.edit.to as number;
      expect(Number.isInteger(to) && to >= 1 && to !== 8).toBe(true);
      expect(r.findings[1]).toEqual({ ...NODULE, measurementMm: to });
    }
  });

  it('changes device distances too, dropping stale dimensions', () => {
    const ett = { name: 'endotracheal tube', status: 'present' as const, probability: 3 as const, measurementMm: 40, devicePosition: 'above carina', devicePlacement: 'appropriate' as const };
    const r = changeMeasurement({ findings: [ett], seed: 1 })!;
    expect(r.text).toMatch(/above the carina/);
    const withDims = changeMeasurement({ findings: [{ ...NODULE, dimensionsMm: [5, 8] }], seed: 1 })!;
    expect(withDims.findings[0]?.dimensionsMm).toBeUndefined();
  });

  it('does not apply without a measurement', () => {
    expect(changeMeasurement({ findings: [EFFUSION], seed: 1 })).toBeUndefined();
  });
});
