/** Device placement read at the report level (src/clinical/report/consolidate.ts): what the tip position alone does not say. */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';

const placed = (text: string) => extractFindings(text).find((f) => f.status === 'present')?.devicePlacement;

describe('device placement at the report level', () => {
  it('a short-term central line or PICC in the atrium is too deep, unless the report accepts it or the line lives there', () => {
    expect(placed('Left subclavian central line, tip in the right atrium.')).toBe('malpositioned');
    expect(placed('Right basilic PICC, tip in the right atrium.')).toBe('malpositioned');
    expect(placed('Left subclavian central line, tip in the right atrium, acceptable.')).toBe('appropriate');
    expect(placed('Right IJ tunnelled line, tip in the right atrium.')).toBe('appropriate');
    expect(placed('Left subclavian central line, tip at the cavoatrial junction.')).toBe('appropriate');
  });

  it('an introducer sheath ends in the great veins where it is placed', () => {
    expect(placed('Left internal jugular introducer, tip in the left brachiocephalic vein.')).toBe('appropriate');
    expect(placed('Right subclavian central line, tip in the right brachiocephalic vein.')).toBe('malpositioned');
  });
});
