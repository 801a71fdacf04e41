/** Advice to move a device makes it malpositioned (CONVENTIONS §23), also when the advice names it only as "the tube". */
import { describe, expect, it } from 'vitest';
import { brief } from './_helpers.js';

const placed = (t: string): string[] => brief(t).filter((x) => x.devicePlacement).map((x) => `${x.name}:${x.devicePlacement}`);

describe('advice to move a device', () => {
  it.each([
    ['ETT tip 2 cm above the carina - pull back 2 cm.', ['endotracheal tube:malpositioned']],
    ['Left IJ dialysis catheter tip in the left brachiocephalic vein, consider advancement.', ['dialysis catheter:malpositioned']],
    ['PICC tip in the upper right atrium; retraction by approximately 2 cm could be considered.', ['picc:malpositioned']],
  ])('in the sentence of the device: %s', (text, expected) => {
    expect(placed(text)).toEqual(expected);
  });

  it('reaches the device named before when the advice calls it "the tube" or names nothing', () => {
    expect(placed('Endotracheal tube in situ. Recommend withdrawal of the tube by 2 cm.')).toEqual(['endotracheal tube:malpositioned']);
    expect(placed('Nasogastric tube in situ. Right PICC in the SVC. Advance the tube by 10 cm.')).toEqual(['enteric tube:malpositioned', 'picc:appropriate']);
    expect(placed('NGT in the stomach. Right PICC in the SVC. Suggest withdrawing the line by 2 cm.')).toEqual(['enteric tube:appropriate', 'picc:malpositioned']);
  });

  it('reads an advice line under its own header, which states no finding of its own', () => {
    expect(placed('ETT and NGT in situ.\nRecommendation: withdraw ETT by 2 cm.')).toEqual(['endotracheal tube:malpositioned']);
  });

  it('leaves a move that was made, a grade and a description alone', () => {
    expect(placed('The ETT has been withdrawn and lies 4 cm above the carina.')).toEqual(['endotracheal tube:appropriate']);
    expect(placed('Advanced emphysema. ETT in satisfactory position.')).toEqual(['endotracheal tube:appropriate']);
    expect(placed('ETT in satisfactory position. Findings suggestive of withdrawal of the pleural fluid.')).toEqual(['endotracheal tube:appropriate']);
  });
});
