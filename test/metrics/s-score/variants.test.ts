import { describe, expect, it } from 'vitest';
import type { Metric, ScoreOutcome } from '../../../src/metrics/contract.js';
import { builtinProviders } from '../../../src/metrics/builtins.js';
import { sScoreProvider, sScoreProviders, sScoreRobustProvider, sScoreTextProvider } from '../../../src/metrics/s-score/variants.js';
import type { MetricProvider } from '../../../src/metrics/provider.js';

const env = { root: process.cwd() };
const signal = new AbortController().signal;
const create = (p: MetricProvider, options: Record<string, unknown> = {}): Metric => p.create(options, env) as Metric;
const score = async (m: Metric, reference: unknown, candidate: unknown): Promise<ScoreOutcome> =>
  (await m.score([{ reference: reference as string, candidate: candidate as string }], { signal }))[0]!;

const REF = {
  positive: [{ name: 'pleural effusion', probability: 3, level: 'small', location: 'left lower lobe' }],
  negative: [{ name: 'pneumothorax' }],
};

describe('s-score providers', () => {
  it('are built in', () => {
    const ids = builtinProviders.map((p) => p.id);
    for (const p of sScoreProviders) expect(ids).toContain(p.id);
    expect(sScoreProviders.map((p) => p.id)).toEqual(['s-score', 's-score:robust', 's-score:text']);
  });

  it('declare the metrics', () => {
    const common = { version: '1', direction: 'higher', tieTolerance: 1e-9, deterministic: true, symmetric: false, cache: false };
    expect(create(sScoreProvider)).toMatchObject({ id: 's-score', range: [-0.5, 1], inputs: ['structured', 'text'], ...common });
    expect(create(sScoreRobustProvider)).toMatchObject({ id: 's-score:robust', range: [0, 1], inputs: ['structured', 'text'], ...common });
    expect(create(sScoreTextProvider)).toMatchObject({ id: 's-score:text', range: [0, 1], inputs: ['text'], ...common, cache: true }); // runs the extractor: cached
    expect(create(sScoreProvider).description).toMatch(/raw MSE/);
    expect(create(sScoreTextProvider).description).toMatch(/^Approximate S-Score/);
  });

  it('strings: false declares structured input only', () => {
    expect(create(sScoreProvider, { strings: false }).inputs).toEqual(['structured']);
    expect(() => create(sScoreTextProvider, { strings: false })).toThrow(/strings applies to the structured variants only/);
  });

  it('follows reading options in the range', () => {
    expect(create(sScoreProvider, { probScale: 'scaled' }).range).toEqual([0, 1]);
    expect(create(sScoreRobustProvider, { probScale: 'raw' }).range).toEqual([-0.5, 1]);
  });

  it('rejects invalid options with the metric id', () => {
    expect(() => create(sScoreProvider, { smoothing: 1 })).toThrow(/invalid s-score options: .*smoothing/);
    expect(() => create(sScoreRobustProvider, { levelMatch: 'fuzzy' })).toThrow(/invalid s-score:robust options: levelMatch/);
  });

  it('scores with each variant\'s readings and returns the details', async () => {
    const literal = await score(create(sScoreProvider), REF, REF);
    expect('value' in literal && literal.value).toBeCloseTo(5 / 6, 15); // 3-token location: BLEU ~1e-77
    expect('value' in literal && literal.details).toMatchObject({ p: 1, pPos: 1, pNeg: 1, perDisease: [{ name: 'pleural effusion', side: 'both' }] });
    expect(await score(create(sScoreRobustProvider), REF, JSON.stringify(REF))).toMatchObject({ value: 1, details: { s: 1, d: 1 } });
    expect(await score(create(sScoreProvider, { preset: 'robust' }), REF, REF)).toMatchObject({ value: 1 });
  });

  it('returns an error outcome for an unparseable report, or scores it as empty when asked', async () => {
    const out = await score(create(sScoreProvider), REF, 'Small left effusion.');
    expect(out).toEqual({ error: expect.stringMatching(/^s-score: unparseable prediction: not a structured report: got a string/) });
    expect(await score(create(sScoreRobustProvider), '', REF)).toEqual({ error: 's-score:robust: unparseable reference: empty report text (no JSON)' });
    const empty = await score(create(sScoreRobustProvider, { onUnparseable: 'empty' }), REF, 'garbage');
    // robust: P_pos = 0, P_neg = 0 -> P = 0; D = 0 (the reference effusion is unmatched) -> S = 0
    expect(empty).toMatchObject({ value: 0, details: { warnings: [expect.stringMatching(/^prediction: unparseable, scored as empty/)] } });
  });

  it('s-score:text structures free text with the clinical extractor', async () => {
    const m = create(sScoreTextProvider);
    expect(await score(m, 'Small left pleural effusion. No pneumothorax.', 'Trace left effusion. No PTX.')).toMatchObject({ value: 1 });
    const wrong = await score(m, 'Small left pleural effusion. No pneumothorax.', 'Small right pleural effusion. No pneumothorax.');
    expect('value' in wrong && wrong.value).toBeCloseTo(5 / 6, 15);
    // An object given directly is read as a structured report.
    expect(await score(m, REF, REF)).toMatchObject({ value: 1 });
  });

  it('scores a batch in order', async () => {
    const m = create(sScoreRobustProvider);
    const outs = await m.score([
      { reference: REF, candidate: REF },
      { reference: REF, candidate: 'nope' },
      { reference: REF, candidate: { positive: [], negative: [{ name: 'pneumothorax' }] } },
    ], { signal });
    expect(outs.map((o) => ('value' in o ? o.value : 'error'))).toEqual([1, 'error', 0.25]);
  });
});
