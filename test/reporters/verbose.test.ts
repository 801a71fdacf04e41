import { describe, expect, it } from 'vitest';
import { createDefaultReporter } from '../../reporters/default.js';
import { createVerboseReporter } from '../../reporters/verbose.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

describe('verbose reporter', () => {
  it('matches the golden output', async () => {
    const out = await runReporter(createVerboseReporter);
    await expect(out).toMatchFileSnapshot('./__golden__/verbose.txt');
  });

  it('prints each result as it arrives, then the full summary: informational diffs, law matrix', async () => {
    const out = await runReporter(createVerboseReporter);
    const lines = out.split('\n');
    expect(lines).toContain('✓ laterality/effusion-side [crimson:lexicon] exact 1.0000 │ wrong_side 0.2500 │ missed 0.0000');
    expect(lines).toContain('↓ laterality/s-score-left-effusion [s-score] skipped (s-score is not configured; add it to metric-suite.config.ts)');
    expect(lines.some((l) => l.startsWith('✗ laterality/effusion-side [rouge-l]'))).toBe(true);
    expect(lines.some((l) => l.startsWith('✗ law negation-lowers-score [rouge-l]'))).toBe(true);
    // the default summary lists bleu in one line; verbose prints its failure in full, with the diff
    expect(await runReporter(createDefaultReporter)).not.toContain('FAIL negation/no-pneumothorax [bleu]');
    expect(out).toContain('FAIL negation/no-pneumothorax [bleu] (clinical)');
    expect(out).toContain('Laws (law × metric)');
    expect(out.trimEnd().split('\n').at(-1)).toBe('4 passed, 6 failed, 1 skipped');
  });

  it('writes each result during the run, not at the end', async () => {
    const writes: string[] = [];
    const reporter = createVerboseReporter({ write: (t) => writes.push(t), color: false });
    await reporter.onCaseResult?.(sampleReport.results[1]!);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^✓ laterality\/effusion-side \[crimson:lexicon\]/);
  });

  it('uses colour only when asked', async () => {
    const ansi = /\u001b\[/;
    expect(await runReporter(createVerboseReporter, sampleReport, false)).not.toMatch(ansi);
    expect(await runReporter(createVerboseReporter, sampleReport, true)).toMatch(ansi);
  });
});
