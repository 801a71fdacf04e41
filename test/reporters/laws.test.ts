/** Law results in every reporter: seed, path, rerun command, shrunk texts, clinical edit, scores, expected fails. */
import { describe, expect, it } from 'vitest';
import { createDefaultReporter } from '../../reporters/default.js';
import { reportJson } from '../../reporters/json.js';
import { renderJunit } from '../../reporters/junit.js';
import { createVerboseReporter } from '../../reporters/verbose.js';
import type { ReporterFactory } from '../../src/reporting/reporter.js';
import type { LawResult, RunReport } from '../../src/runner/results.js';

const failed: LawResult = {
  law: 'laterality-sensitive', metric: 'rouge-l', verdict: 'fail', numRuns: 100, seed: 1748433693, suite: 'laws', path: '0:1:2', shrinks: 4,
  description: 'Swapping left and right lowers the score.',
  reason: 'wrong_side 0.75 is not worse than unedited 0.75 (tolerance 0, higher is better)',
  counterexample: {
    reference: 'Left hydropneumothorax.',
    candidates: { unedited: 'Left-sided hydropneumothorax is present.', wrong_side: 'Right-sided hydropneumothorax is present.' },
    edit: { op: 'swapSide', finding: 'hydropneumothorax', attribute: 'laterality', from: 'left', to: 'right', clinical: true },
    scores: { unedited: 0.75, wrong_side: 0.75 },
  },
};
const known: LawResult = { ...failed, metric: 'bleu', expected: 'fail' };
const unexpected: LawResult = { law: 'negation-sensitive', metric: 'crimson:lexicon', verdict: 'pass', numRuns: 100, seed: 3, suite: 'laws', expected: 'fail' };
const report: RunReport = {
  summary: { passed: 1, failed: 2, errors: 0, skipped: 0 }, results: [], laws: [failed, known, unexpected], gates: [], problems: [], exitCode: 1, durationMs: 5,
};

async function render(factory: ReporterFactory): Promise<string> {
  let out = '';
  const r = factory({ write: (t) => void (out += t), color: false });
  for (const l of report.laws) await r.onLawResult?.(l);
  await r.onRunEnd?.(report);
  return out;
}

describe('law output', () => {
  it('default: a failure shows the texts, the clinical edit, the scores, seed, path and the rerun command', async () => {
    const out = await render(createDefaultReporter);
    expect(out).toContain('FAIL law laterality-sensitive [rouge-l] · suite laws');
    expect(out).toContain('clinical edit: swapSide hydropneumothorax laterality: left -> right');
    expect(out).toContain('reference           "Left hydropneumothorax."');
    expect(out).toContain('wrong_side  0.7500  "Right-sided hydropneumothorax is present."');
    expect(out).toContain('seed 1748433693, path 0:1:2, 100 runs, 4 shrinks');
    expect(out).toContain('rerun: npx metric-suite --suite laws --law laterality-sensitive --metric rouge-l --seed 1748433693 --law-path 0:1:2');
  });

  it('default: expected failures are one known-failure line; an unexpected pass is a failure', async () => {
    const out = await render(createDefaultReporter);
    expect(out).toContain('Known failures, expected to fail\n  · laws · bleu: 1 law (laterality-sensitive)\n');
    expect(out).toContain('UNEXPECTED PASS law negation-sensitive [crimson:lexicon]');
    expect(out).toContain('marked expected: fail, but held for all 100 runs');
    expect(out).toContain('Failures (2)');
    // the law × metric matrix is verbose's
    expect(out).not.toContain('Laws (law × metric)');
    const verbose = await render(createVerboseReporter);
    expect(verbose).toMatch(/laterality-sensitive +✗ +✗ \(expected\)/);
    expect(verbose).toMatch(/negation-sensitive +✓!/);
  });

  it('verbose: one line per law with its verdict, runs, seed and path', async () => {
    const out = await render(createVerboseReporter);
    expect(out).toContain('✗ law laterality-sensitive [rouge-l] 100 runs, seed 1748433693, path 0:1:2 — failed: wrong_side');
    expect(out).toContain('✗ law laterality-sensitive [bleu] 100 runs, seed 1748433693, path 0:1:2 — failed as expected (known limitation)');
    expect(out).toContain('✗ law negation-sensitive [crimson:lexicon] 100 runs, seed 3 — unexpected pass: marked expected: fail');
  });

  it('json: the contract keys first, then suite, path, expected and unexpectedPass', () => {
    const laws = reportJson(report).laws as Record<string, unknown>[];
    expect(Object.keys(laws[0]!)).toEqual(['law', 'metric', 'verdict', 'numRuns', 'seed', 'counterexample', 'reason', 'suite', 'path', 'shrinks']);
    expect(laws[1]).toMatchObject({ expected: 'fail' });
    expect(laws[2]).toMatchObject({ expected: 'fail', unexpectedPass: true });
  });

  it('junit: a documented failure is skipped, an unexpected pass is a failure', () => {
    const xml = renderJunit(report);
    expect(xml).toContain('<testsuite name="laws" tests="3" failures="2" errors="0" skipped="1"');
    expect(xml).toContain('expected failure (known limitation)');
    expect(xml).toContain('unexpected pass: the law is marked expected: fail for this metric');
    expect(xml).toContain('--law-path 0:1:2');
  });
});
