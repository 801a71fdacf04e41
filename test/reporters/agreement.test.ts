import { describe, expect, it } from 'vitest';
import { createDefaultReporter } from '../../reporters/default.js';
import { createJsonReporter } from '../../reporters/json.js';
import { createVerboseReporter } from '../../reporters/verbose.js';
import { preferenceReport as report } from './_fixtures/preference-report.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';


describe('agreement in reporters', () => {
  it('default: one agreement line per metric and the checks on the gate line', async () => {
    const out = await runReporter(createDefaultReporter, report);
    expect(out).toContain('Agreement with raters (preference cases)\n  preference · crimson:lexicon  majority acc 100.0% (2/2) · tau-b 0.500 [0.500, 0.500] (1 cases, 3 pairs)\n');
    expect(out).not.toContain('    r1        acc');
    expect(out).toMatch(/✓ preference · crimson:lexicon +agreement majority 1\.000 >= 0\.75/);
  });
  it('verbose: an "Agreement with raters" table before the gates', async () => {
    const out = await runReporter(createVerboseReporter, report);
    const lines = out.split('\n');
    const at = lines.indexOf('Agreement with raters (preference cases)');
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(lines.indexOf('Gates'));
    // pairs (exact,wrong) (exact,missed) (wrong,missed): Δmetric .5 1 .5; Δ r1 3 4 1, r2 4 3 -1, r3 2 2 0, mean 3 3 0;
    // majority + + (none for the last: +, -, 0). tau-b r1 2/√2/√3, r2 0, r3 and mean 1/√2/√2; rater pairs agree on 2 of 3 each.
    expect(lines.slice(at + 1, at + 8)).toEqual([
      '  preference · crimson:lexicon (1 cases, 3 pairs)',
      '    majority  acc 100.0% (2/2) · with ties 100.0% (2/2) · tau-b 0.500 [0.500, 0.500] · 1 without majority',
      '    r1        acc 100.0% (3/3) · with ties 100.0% (3/3) · tau-b 0.816',
      '    r2        acc  66.7% (2/3) · with ties  66.7% (2/3) · tau-b 0.000',
      '    r3        acc 100.0% (2/2) · with ties  66.7% (2/3) · tau-b 0.500',
      '    inter-rater: agreement 66.7% · without ties 88.9% · mean tau-b 0.655',
      '  acc: pairwise accuracy without tied ratings; tau-b vs mean rating, 95% bootstrap CI (1000 case resamples, seed 0)',
    ]);
  });
  it('json: an `agreement` key, and the gate checks, without touching the contract keys', async () => {
    const json = JSON.parse(await runReporter(createJsonReporter, report));
    expect(Object.keys(json).slice(0, 3)).toEqual(['summary', 'results', 'laws']);
    expect(json.agreement).toHaveLength(1);
    expect(json.agreement[0]).toMatchObject({ suite: 'preference', metric: 'crimson:lexicon', cases: 1, pairs: 3, majority: { withoutTies: 1, noMajority: 1 } });
    expect(json.agreement[0].tauB).toMatchObject({ resamples: 1000, seed: 0, confidence: 0.95 });
    expect(json.gates.at(-1).agreement).toEqual([{ stat: 'majority', value: 1, min: 0.75, holds: true }]);
    const pr = json.results.at(-1);
    expect(pr).toMatchObject({ kind: 'preference', verdict: 'skip', scores: { exact: 1, wrong_side: 0.5, missed: 0 } });
  });
  it('no section or key without preference cases', async () => {
    expect(await runReporter(createVerboseReporter)).not.toContain('Agreement with raters');
    expect(JSON.parse(await runReporter(createJsonReporter))).not.toHaveProperty('agreement');
  });
});
