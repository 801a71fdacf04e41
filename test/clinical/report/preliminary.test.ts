/** A preliminary read corrected by the final read states nothing about the study (src/clinical/report/preliminary.ts). */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { supersededReads } from '../../../src/clinical/report/preliminary.js';

const found = (text: string): string[] => extractFindings(text).filter((f) => f.status !== 'absent').map((f) => f.name);

describe('preliminary reads', () => {
  it('drops what only a corrected preliminary read states', () => {
    const text =
      'PRELIMINARY: Large right pneumothorax. Right IJ line tip in the SVC.\n' +
      'ATTENDING ADDENDUM: I disagree with the preliminary read. The line over the right apex is a skin fold. No pneumothorax. Right IJ line tip in the SVC.';
    expect(found(text)).toEqual(['central venous catheter']);
  });

  it('keeps a finding the corrected read states anew', () => {
    const text = 'Prelim (night resident): Clear lungs.\nAddendum: Correction - there is a small left pleural effusion.';
    expect(found(text)).toEqual(['pleural effusion']);
  });

  it('leaves a preliminary read standing when the final read agrees or only adds', () => {
    const text = 'PRELIMINARY READ: Small right pleural effusion.\nATTENDING ADDENDUM: Agree with the above. Additionally, a 6 mm nodule at the left base.';
    expect(found(text)).toEqual(expect.arrayContaining(['pleural effusion', 'nodule']));
  });

  it('needs both a preliminary header and a later final read', () => {
    expect(supersededReads('The preliminary interpretation was revised. Small right effusion.')).toEqual([]);
    expect(supersededReads('PRELIMINARY: Small right effusion, corrected on review.')).toEqual([]);
    const text = 'PRELIMINARY: Left lower lobe pneumonia.\nFINAL REPORT: Revised: a moderate hiatal hernia behind the heart; the lungs are clear.';
    expect(supersededReads(text)).toEqual([[0, text.indexOf('FINAL')]]);
    expect(found(text)).toEqual(['hiatal hernia']);
  });
});
