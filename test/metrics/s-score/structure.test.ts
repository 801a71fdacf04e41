import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/clinical/model.js';
import { structureFindings, structureReport } from '../../../src/metrics/s-score/structure.js';

let n = 0;
const finding = (f: Partial<Finding> & Pick<Finding, 'name' | 'status'>): Finding => ({ id: `F${++n}`, sentence: 0, span: [0, 1], ...f });

describe('structureFindings', () => {
  it('maps present and uncertain findings to positives, absent ones to negatives', () => {
    const r = structureFindings([
      finding({ name: 'pleural effusion', status: 'present', probability: 3, severity: 'mild', severityText: 'small', laterality: 'left', location: ['base'] }),
      finding({ name: 'pneumonia', status: 'uncertain', probability: 1 }),
      finding({ name: 'pneumothorax', status: 'absent' }),
    ]);
    expect(r).toEqual({
      positive: [
        { name: 'pleural effusion', probability: 3, level: 'mild', location: 'left base' },
        { name: 'pneumonia', probability: 1 },
      ],
      negative: [{ name: 'pneumothorax' }],
    });
  });

  it('fills a missing probability from the status and adds a device tip position to the location', () => {
    const r = structureFindings([
      finding({ name: 'nodule', status: 'present' }),
      finding({ name: 'mass', status: 'uncertain' }),
      finding({ name: 'central venous catheter', status: 'present', probability: 3, laterality: 'right', devicePosition: 'svc' }),
    ]);
    expect(r.positive).toEqual([
      { name: 'nodule', probability: 3 },
      { name: 'mass', probability: 1 },
      { name: 'central venous catheter', probability: 3, location: 'right svc' },
    ]);
  });

  it('merges repeated mentions: positive wins, highest probability, first stated attributes', () => {
    const r = structureFindings([
      finding({ name: 'pleural effusion', status: 'absent' }),
      finding({ name: 'pleural effusion', status: 'uncertain', probability: 2, laterality: 'right' }),
      finding({ name: 'pleural effusion', status: 'present', probability: 3, severity: 'moderate', laterality: 'left' }),
      finding({ name: 'pneumothorax', status: 'absent' }),
      finding({ name: 'pneumothorax', status: 'absent' }),
    ]);
    expect(r).toEqual({
      positive: [{ name: 'pleural effusion', probability: 3, level: 'moderate', location: 'right' }],
      negative: [{ name: 'pneumothorax' }],
    });
  });

  it('gives an empty report for no findings', () => {
    expect(structureFindings([])).toEqual({ positive: [], negative: [] });
  });
});

describe('structureReport', () => {
  it('runs the clinical extractor on report text', () => {
    expect(structureReport('Small left pleural effusion. No pneumothorax.')).toEqual({
      positive: [{ name: 'pleural effusion', probability: 3, level: 'mild', location: 'left' }],
      negative: [{ name: 'pneumothorax' }],
    });
    expect(structureReport('Possible right lower lobe pneumonia.').positive).toEqual([{ name: 'pneumonia', probability: 1, location: 'right lower lobe' }]);
    expect(structureReport('')).toEqual({ positive: [], negative: [] });
  });
});
