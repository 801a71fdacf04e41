import { describe, expect, it } from 'vitest';
import type { Metric } from '../../src/metrics/contract.js';
import '../../src/vitest/index.js';
import { registeredOf } from '../../src/vitest/index.js';

const words = (s: unknown) => String(s).toLowerCase().match(/\w+/g) ?? [];

/** Word overlap (F1-like): ignores what the words mean, so a dropped "no" barely matters. */
const overlap: Metric = {
  id: 'overlap', version: '1', description: 'word overlap', direction: 'higher', range: [0, 1], tieTolerance: 0,
  deterministic: true, inputs: ['text'],
  score: (requests) => requests.map(({ reference, candidate }) => {
    const ref = new Set(words(reference));
    const cand = words(candidate);
    return { value: cand.length ? cand.filter((w) => ref.has(w)).length / Math.max(cand.length, ref.size) : 0 };
  }),
};

/** A distance: lower is better. */
const distance: Metric = { ...overlap, id: 'distance', direction: 'lower', score: async (requests) => (await overlap.score(requests, { signal: new AbortController().signal })).map((o) => ('value' in o ? { value: 1 - o.value } : o)) };

const broken: Metric = { ...overlap, id: 'broken', score: (requests) => requests.map(() => ({ error: 'model not loaded' })) };

describe('metric-suite/vitest matchers', () => {
  it('toRank passes when candidates are ordered best first, for either direction', async () => {
    await expect(overlap).toRank('Moderate left pleural effusion.', ['Moderate left pleural effusion.', 'Small left effusion.', 'Heart size normal.']);
    await expect(distance).toRank('Moderate left pleural effusion.', ['Moderate left pleural effusion.', 'Heart size normal.']);
    await expect(overlap).not.toRank('Left effusion.', ['Heart size normal.', 'Left effusion.']);
    await expect(registeredOf(overlap)).toRank('Left effusion.', ['Left effusion.', 'Right effusion.']);
  });

  it('toRank fails with the scores side by side and the tolerance', async () => {
    const err = await expect(overlap).toRank('Moderate left pleural effusion.', ['Moderate left pleural effusion.', 'Moderate right pleural effusion.'], { tolerance: 0.5 }).then(() => undefined, (e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err!.message).toBe([
      'expected metric "overlap" to rank the candidates best first (higher is better, tolerance 0.5)',
      'reference: "Moderate left pleural effusion."',
      '  #1     1  "Moderate left pleural effusion."',
      '  #2  0.75  "Moderate right pleural effusion."   ✗ not below #1 by more than 0.5',
    ].join('\n'));
  });

  it('a tiny tolerance (a tieTolerance of 1e-9) prints as the number it is, not "0."', async () => {
    const err = await expect(overlap).toRank('Left effusion.', ['Right effusion.', 'Left effusion.'], { tolerance: 1e-9 }).then(() => undefined, (e: Error) => e);
    expect(err!.message.split('\n')[0]).toMatch(/tolerance 1e-9\)$/);
    expect(err!.message).toContain('by more than 1e-9');
    expect(err!.message).not.toMatch(/\b0\.(\)|$)/m);
  });

  it('toScoreBetween checks an inclusive range', async () => {
    await expect(overlap).toScoreBetween('Left effusion.', 'Left effusion.', 0.99, 1);
    await expect(overlap).not.toScoreBetween('Left effusion.', 'Heart normal.', 0.5, 1);
    await expect(expect(overlap).toScoreBetween('Left effusion.', 'Right effusion.', 0.9, 1)).rejects.toThrow(
      'expected metric "overlap" to score between 0.9 and 1, got 0.5\nreference: "Left effusion."\ncandidate: "Right effusion."',
    );
  });

  it('a metric error is an error naming the candidate, not a ranking', async () => {
    await expect(expect(broken).toRank('a', ['a', 'b'])).rejects.toThrow('metric "broken" returned an error for candidate #1 "a": model not loaded');
    await expect(expect(overlap).toRank('a', ['a'])).rejects.toThrow(/at least two candidates/);
    await expect(expect({ id: 'x' } as unknown as Metric).toRank('a', ['a', 'b'])).rejects.toThrow(/invalid metric "x"/);
  });

  it('toSatisfyLaw passes for a law the metric satisfies', async () => {
    await expect(overlap).toSatisfyLaw('bounded', { numRuns: 20 });
    await expect(overlap).toSatisfyLaw('identity-max', { numRuns: 20, seed: 7 });
  });

  it('toSatisfyLaw fails with the shrunk counterexample and how to replay it', async () => {
    const err = await expect(overlap).toSatisfyLaw('negation-sensitive', { numRuns: 30 }).then(() => undefined, (e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    const m = err!.message;
    expect(m).toMatch(/^expected metric "overlap" to satisfy law negation-sensitive: /);
    expect(m).toMatch(/\nit failed: /);
    expect(m).toMatch(/\nshrunk counterexample \(seed -?\d+, path "[\d:]+", \d+ shrinks\):\n {2}reference: "/);
    expect(m).toMatch(/\nreplay: toSatisfyLaw\("negation-sensitive", \{ seed: -?\d+, path: "[\d:]+" \}\)$/);
    await expect(overlap).not.toSatisfyLaw('negation-sensitive', { numRuns: 30 });
  });

  it('unknown and inapplicable laws are errors', async () => {
    await expect(expect(overlap).toSatisfyLaw('no-such-law')).rejects.toThrow(/unknown law "no-such-law" \(laws: bounded, /);
    await expect(expect(overlap).toSatisfyLaw('negation-sensitiv')).rejects.toThrow(/^unknown law "negation-sensitiv" \(did you mean negation-sensitive\?\)$/);
    await expect(expect(overlap).toSatisfyLaw('symmetric')).rejects.toThrow(/law symmetric does not apply to metric "overlap"/);
  });
});
