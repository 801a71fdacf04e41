/** An operation named with the hardware it left is that hardware's cause (src/clinical/report/consolidate.ts). */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';

const names = (text: string): string[] => extractFindings(text).filter((f) => f.status !== 'absent').map((f) => f.name);

describe('the operation behind post-surgical hardware', () => {
  it.each([
    ['Surgical clips in the right upper quadrant from cholecystectomy.', ['surgical clips']],
    ['Surgical clips at the gastro-oesophageal junction (prior fundoplication).', ['surgical clips']],
  ])('%s', (text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it('keeps an operation stated on its own, or in another sentence', () => {
    expect(names('Status post cholecystectomy.')).toEqual(['surgical procedure']);
    expect(names('Prior cholecystectomy. Surgical clips in the left axilla.')).toEqual(['surgical procedure', 'surgical clips']);
  });
});

describe('an operation beside other hardware', () => {
  it('stays a finding of its own', () => {
    expect(names('Status after bilateral lung transplantation with intact sternal wires.')).toContain('sternotomy wires');
    expect(names('Status after bilateral lung transplantation with intact sternal wires.')).toHaveLength(2);
  });
});
