/** Heart size stated by its cardiothoracic ratio (src/clinical/extract/heart-ratio.ts). */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/extract/index.js';

const heart = (text: string) => extractFindings(text).filter((f) => f.name === 'cardiomegaly').map((f) => [f.status, f.severity]);

describe('the cardiothoracic ratio', () => {
  it.each([
    ['Cardiothoracic ratio 0.58.', [['present', 'moderate']]],
    ['CTR is approximately 0.53, lungs clear.', [['present', 'mild']]],
    ['Cardiothoracic ratio of 64 %.', [['present', 'severe']]],
    ['CTR 0.45.', [['absent', undefined]]],
    ['Increased CTR. No effusion.', [['present', undefined]]],
    ['The CTR is enlarged.', [['present', undefined]]],
  ])('%s', (text, expected) => {
    expect(heart(text)).toEqual(expected);
  });

  it('gives way to the words of a sentence that names the heart size', () => {
    expect(heart('Heart size normal, CTR 0.52.')).toEqual([['absent', undefined]]);
    expect(heart('Moderate cardiomegaly, CTR 0.51.')).toEqual([['present', 'moderate']]);
  });

  it('reads no ratio from other numbers or words', () => {
    expect(heart('Tip of the catheter 0.5 cm above the carina.')).toEqual([]);
    expect(heart('Electrocardiogram electrodes. CTR not measurable on this AP film.')).toEqual([]);
  });
});
