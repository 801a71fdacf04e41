import { describe, expect, it } from 'vitest';
import { summarize } from '../../../src/cli/batch/summary.js';
import { sScore, sScoreCorpus } from '../../../src/metrics/s-score/index.js';

describe('corpus summary', () => {
  it('mean over scored rows with a bootstrap CI; errors counted, not averaged', () => {
    const s = summarize('bleu', [
      { id: '1', value: 0.2 },
      { id: '2', value: 0.4 },
      { id: '3', error: 'boom' },
      { id: '4', value: 0.9 },
    ]);
    expect(s).toMatchObject({ rows: 4, scored: 3, errors: 1, min: 0.2, max: 0.9 });
    expect(s.mean).toBeCloseTo(0.5, 12);
    expect(s.ci!.low).toBeGreaterThanOrEqual(0.2);
    expect(s.ci!.high).toBeLessThanOrEqual(0.9);
    expect(s.ci!.low).toBeLessThan(s.ci!.high);
    expect(summarize('bleu', [{ id: '1', error: 'x' }])).toMatchObject({ mean: null, ci: null });
  });

  it('for s-score equals sScoreCorpus over the same pairs', () => {
    const pairs = [
      { reference: { positive: [{ name: 'effusion', probability: 3, level: 'small', location: 'left' }], negative: [{ name: 'pneumothorax' }] }, prediction: { positive: [{ name: 'effusion', probability: 2, level: 'small', location: 'left' }], negative: [] } },
      { reference: { positive: [{ name: 'cardiomegaly', probability: 3, level: 'mild' }], negative: [] }, prediction: { positive: [], negative: [{ name: 'cardiomegaly' }] } },
    ];
    const rows = pairs.map((p, i) => {
      const r = sScore(p.reference, p.prediction);
      return { id: String(i), value: r.s, details: r as unknown as Record<string, unknown> };
    });
    const want = sScoreCorpus(pairs);
    expect(summarize('s-score', rows).sScoreCorpus).toEqual(want);
  });
});
