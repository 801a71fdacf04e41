import { describe, expect, it } from 'vitest';
import { packOutcomes, packRequests, unpackOutcomes, unpackRequests } from '../../../src/metrics/adapters/module-wire.js';

/** The compact host <-> worker forms must give back exactly what was sent, and step aside for anything but the plain case. */
describe('module worker wire forms', () => {
  it('text pairs travel as one string array and come back as the same requests', () => {
    const requests = [{ reference: 'a', candidate: 'b' }, { reference: 'é✓', candidate: '' }];
    const w = packRequests(requests);
    expect('texts' in w).toBe(true);
    expect(unpackRequests(structuredClone(w))).toEqual(requests);
  });

  it('requests with a context, an image or a structured report travel as they are', () => {
    for (const r of [{ reference: 'a', candidate: 'b', context: { age: 3 } }, { reference: { findings: [] }, candidate: 'b' }, { reference: 'p', candidate: 'x', image: 'i.png' }]) {
      const w = packRequests([{ reference: 'a', candidate: 'b' }, r as never]);
      expect(w).toEqual({ requests: [{ reference: 'a', candidate: 'b' }, r] });
    }
  });

  it('bare values travel as a Float64Array (NaN and out-of-range values included, for the runner to report)', () => {
    const outcomes = [{ value: 0.5 }, { value: Number.NaN }, { value: 7 }];
    const w = packOutcomes(outcomes);
    expect(w).toHaveProperty('values');
    expect(unpackOutcomes(structuredClone(w))).toEqual(outcomes);
  });

  it('errors, details, odd shapes and non-lists travel as they are', () => {
    for (const outcomes of [[{ value: 1 }, { error: 'x' }], [{ value: 1, details: { a: 1 } }], [{ value: '1' }], [null], 'nope', [new (class { value = 1; })()]]) {
      expect(packOutcomes(outcomes)).toEqual({ outcomes });
    }
  });
});
