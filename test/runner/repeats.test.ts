import { describe, expect, it } from 'vitest';
import { applyRepeats } from '../../src/runner/repeats.js';
import type { CaseResult } from '../../src/runner/results.js';

const base: CaseResult = { suite: 's', caseId: 'c', kind: 'ranking', metric: 'm', verdict: 'pass', scores: { a: 0.9 }, expectations: [] };

describe('applyRepeats', () => {
  it('keeps a result whose repeats agree within the tolerance', () => {
    expect(applyRepeats(base, [{ label: 'a', outcome: { value: 0.9 }, again: [{ value: 0.91 }] }], 0.05)).toBe(base);
  });

  it('turns disagreement into inconclusive, naming the values', () => {
    const r = applyRepeats(base, [{ label: 'a', outcome: { value: 0.9 }, again: [{ value: 0.2 }] }], 0.05);
    expect(r).toMatchObject({ verdict: 'inconclusive', reason: 'repeats disagree beyond the tie tolerance 0.05: a: 0.9, 0.2' });
  });

  it('makes an erroring repeat an error, and leaves skips and errors alone', () => {
    const r = applyRepeats(base, [{ label: 'a', outcome: { value: 0.9 }, again: [{ error: 'HTTP 500' }] }], 0.05);
    expect(r).toMatchObject({ verdict: 'error', reason: 'repeat 2 of a: HTTP 500' });
    const skip = { ...base, verdict: 'skip' as const };
    expect(applyRepeats(skip, [{ label: 'a', outcome: { value: 0.9 }, again: [{ value: 0 }] }], 0)).toBe(skip);
  });
});
