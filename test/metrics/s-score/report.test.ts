import { describe, expect, it } from 'vitest';
import { emptyReport, StructuredReportSchema } from '../../../src/metrics/s-score/report.js';

describe('StructuredReportSchema', () => {
  it('accepts the template of seed 001 (Fig. 4)', () => {
    const report = { positive: [{ name: 'pleural effusion', probability: 2, level: 'small', location: 'left lower lobe' }, { name: 'cardiomegaly' }], negative: [{ name: 'pneumothorax' }] };
    expect(StructuredReportSchema.parse(report)).toEqual(report);
  });

  it('refuses probabilities outside 1..3, blank names and unknown keys', () => {
    expect(StructuredReportSchema.safeParse({ positive: [{ name: 'x', probability: 4 }], negative: [] }).success).toBe(false);
    expect(StructuredReportSchema.safeParse({ positive: [{ name: ' ' }], negative: [] }).success).toBe(false);
    expect(StructuredReportSchema.safeParse({ positive: [], negative: [{ name: 'x', probability: 3 }] }).success).toBe(false);
    expect(StructuredReportSchema.safeParse({ positive: [] }).success).toBe(false);
  });

  it('emptyReport has no findings', () => {
    expect(emptyReport()).toEqual({ positive: [], negative: [] });
    expect(emptyReport()).not.toBe(emptyReport());
  });
});
