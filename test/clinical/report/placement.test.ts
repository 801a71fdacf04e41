/** Device placement read at the report level (src/clinical/report/consolidate.ts): what the tip position alone does not say. */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';

const placed = (text: string) => extractFindings(text).find((f) => f.status === 'present')?.devicePlacement;

describe('device placement at the report level', () => {
  it('an introducer sheath ends in the great veins where it is placed', () => {
    expect(placed('Left internal jugular introducer, tip in the left brachiocephalic vein.')).toBe('appropriate');
    expect(placed('Right subclavian central line, tip in the right brachiocephalic vein.')).toBe('malpositioned');
  });
});
