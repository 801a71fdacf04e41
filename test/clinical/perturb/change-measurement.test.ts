import { describe, expect, it } from 'vitest';
import { changeMeasurement } from '../../../src/clinical/perturb/index.js';
import { extractFindings } from '../../../src/clinical/report/index.js';
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

  it('keeps a tube on its side of the carina window, so the edit changes nothing but the distance', () => {
    const ett = { name: 'endotracheal tube', status: 'present' as const, probability: 3 as const, measurementMm: 20, devicePosition: 'above carina', devicePlacement: 'appropriate' as const };
    for (let seed = 0; seed < 40; seed++) {
      const r = changeMeasurement({ findings: [ett], seed })!;
      const to = r.edit.to as number;
      expect(to >= 20 && to <= 70 && to !== 20).toBe(true);
      expect(extractFindings(r.text).find((f) => f.name === 'endotracheal tube')?.devicePlacement).toBe('appropriate');
    }
    // Too high already: stays too high (a third of 100 mm would be well placed).
    const high = changeMeasurement({ findings: [{ ...ett, measurementMm: 100, devicePlacement: 'malpositioned' as const }], seed: 3 })!;
    expect(high.edit.to as number).toBeGreaterThan(70);
  });

  it('does not apply without a measurement', () => {
    expect(changeMeasurement({ findings: [EFFUSION], seed: 1 })).toBeUndefined();
  });
});
