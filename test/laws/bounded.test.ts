import { describe, expect, it } from 'vitest';
import { getLaw } from '../../src/laws/index.js';
import { check, clinical, violates } from './_metrics.js';

describe('law bounded', () => {
  it('is registered with a description and a default numRuns', () => {
    const law = getLaw('bounded')!;
    expect(law.description.length).toBeGreaterThan(20);
    expect(law.defaultNumRuns).toBeGreaterThan(0);
  });

  it('FAILS on a metric built to violate it, with a shrunk counterexample, seed and path', async () => {
    const r = await check('bounded', violates['bounded']!);
    expect(r.verdict, r.reason).toBe('fail');
    expect(r.reason).toBeTruthy();
    expect(r.path).toMatch(/^\d+(:\d+)*$/);
    expect(r.counterexample?.reference).toEqual(expect.any(String));
    expect(Object.keys({ ...r.counterexample?.scores, ...r.counterexample?.errors }).length).toBeGreaterThan(0);
  });

  it('PASSES on a metric that satisfies it', async () => {
    const r = await check('bounded', clinical);
    expect(r.verdict, `${r.reason}\n${JSON.stringify(r.counterexample, null, 1)}`).toBe('pass');
  });
});
