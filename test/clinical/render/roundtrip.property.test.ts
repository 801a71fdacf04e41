/**
 * The renderer's defining property (issue 3 acceptance): extracting a rendered report gives the
 * rendered findings back, for random finding sets (fast-check, fixed seed, 500 runs).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findingSetArb } from '../../../src/clinical/arbitraries.js';
import { extractFindings } from '../../../src/clinical/extract/index.js';
import { comparableFindings, renderReport } from '../../../src/clinical/render/index.js';
import { assertProperty } from './_property.js';

const seedArb = fc.nat({ max: 0x7fffffff });

describe('extract(render(findings)) == findings', () => {
  it('as sentences (500 runs)', () => {
    assertProperty(
      fc.property(findingSetArb({ minFindings: 0, maxFindings: 6 }), seedArb, (findings, seed) => {
        const text = renderReport(findings, { seed });
        expect(comparableFindings(extractFindings(text)), text).toEqual(comparableFindings(findings));
      }),
      500,
    );
  });

  it('as a numbered list (200 runs)', () => {
    assertProperty(
      fc.property(findingSetArb({ maxFindings: 5 }), seedArb, (findings, seed) => {
        const text = renderReport(findings, { seed, style: 'list' });
        expect(comparableFindings(extractFindings(text)), text).toEqual(comparableFindings(findings));
      }),
      200,
    );
  });
});
