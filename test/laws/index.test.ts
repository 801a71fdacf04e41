import { describe, expect, it } from 'vitest';
import { LAWS, getLaw, lawIds } from '../../src/laws/index.js';
import { clinical } from './_metrics.js';

describe('law registry', () => {
  it('has the 14 laws of the issue, each with a description, inputs and default numRuns', () => {
    expect(lawIds()).toEqual([
      'bounded', 'deterministic', 'identity-max', 'symmetric', 'whitespace-invariant', 'sentence-order-invariant', 'synonym-invariant',
      'false-finding-penalized', 'missing-finding-penalized', 'negation-sensitive', 'laterality-sensitive', 'severity-sensitive',
      'significance-ordered', 'normal-equivalence',
    ]);
    for (const law of Object.values(LAWS)) {
      expect(law.inputs).toContain('text');
      expect(law.defaultNumRuns).toBeGreaterThan(0);
    }
    expect(getLaw('nope')).toBeUndefined();
  });

  it('applies symmetric only to metrics that declare it, deterministic only to deterministic ones, text laws only to text metrics', () => {
    expect(getLaw('symmetric')!.appliesTo({ ...clinical, symmetric: false })).toMatch(/symmetric/);
    expect(getLaw('symmetric')!.appliesTo(clinical)).toBeUndefined();
    expect(getLaw('deterministic')!.appliesTo({ ...clinical, deterministic: false })).toMatch(/deterministic/);
    expect(getLaw('bounded')!.appliesTo({ ...clinical, inputs: ['image+prompt'] })).toMatch(/no text input/);
  });
});
