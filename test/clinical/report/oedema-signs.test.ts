/** Septal lines and cuffing are the evidence of the oedema a report names (src/clinical/report/oedema-signs.ts). */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';

const names = (text: string): string[] => extractFindings(text).filter((f) => f.status !== 'absent').map((f) => f.name);

describe('signs of interstitial oedema', () => {
  it.each([
    ['Pulmonary vascular congestion with interstitial edema and Kerley B lines.', ['vascular congestion', 'pulmonary edema']],
    ['Septal lines at both bases and peribronchial cuffing. IMPRESSION: Interstitial pulmonary oedema.', ['pulmonary edema']],
    ['Cardiomegaly. Kerley B lines. Upper lobe diversion. Impression: cardiac failure with pulmonary oedema.', ['cardiomegaly', 'vascular congestion', 'pulmonary edema']],
  ])('%s', (text, expected) => {
    expect(names(text)).toEqual(expected);
  });

  it('keeps them as the oedema evidence', () => {
    const oedema = extractFindings('Interstitial oedema with Kerley B lines and peribronchial cuffing.').find((f) => f.name === 'pulmonary edema');
    expect(oedema?.evidence).toEqual(expect.arrayContaining(['interstitial opacities', 'bronchial wall thickening']));
  });

  it('leaves them alone where no oedema is named, or the oedema is denied', () => {
    expect(names('Kerley B lines at both bases.')).toEqual(['interstitial opacities']);
    expect(names('Peribronchial cuffing. No pulmonary oedema.')).toEqual(['bronchial wall thickening']);
  });
});
