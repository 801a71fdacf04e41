import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { createDefaultReporter } from '../../reporters/default.js';
import { orderCandidates, summaryLine, tally } from '../../reporters/_internals/format.js';
import { renderMatrix } from '../../reporters/_internals/matrix.js';
import { expectedChain, topExpected } from '../../reporters/_internals/relations.js';
import { wordDiff } from '../../reporters/_internals/word-diff.js';
import type { RunReport } from '../../src/runner/results.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

const ANSI = /\u001b\[[0-9;]*m/;
const lastLine = (out: string): string => out.trimEnd().split('\n').at(-1)!;

describe('default reporter', () => {
  it('matches the golden output', async () => {
    const out = await runReporter(createDefaultReporter);
    await expect(out).toMatchFileSnapshot('./__golden__/default.txt');
  });

  it('ends with the summary line and nothing after it', async () => {
    const out = await runReporter(createDefaultReporter);
    expect(out.endsWith('\n')).toBe(true);
    expect(out.endsWith('\n\n')).toBe(false);
    // gating results only: 4 pass; 3 fail + 1 law fail + 1 error + 1 inconclusive; 1 skip (bleu is informational)
    expect(lastLine(out)).toBe('4 passed, 6 failed, 1 skipped');
    expect(out.trimEnd().split('\n').at(-2)).toBe('informational: 1 case not passing on bleu (not gating)');
    expect(out).toContain('errors: 1, inconclusive: 1 (counted as failed)');
  });

  it('leaves out ", N skipped" when nothing was skipped and has no colour on the last line', async () => {
    const report: RunReport = { ...sampleReport, results: sampleReport.results.filter((r) => r.verdict !== 'skip') };
    const out = await runReporter(createDefaultReporter, report, true);
    expect(lastLine(out)).toBe('4 passed, 6 failed');
  });

  it('uses colour only when asked', async () => {
    expect(await runReporter(createDefaultReporter, sampleReport, false)).not.toMatch(ANSI);
    expect(await runReporter(createDefaultReporter, sampleReport, true)).toMatch(ANSI);
  });

  it('prints problems, then failures, then the matrix, then the gates', async () => {
    const out = await runReporter(createDefaultReporter);
    const at = (s: string): number => out.indexOf(s);
    expect(at('Problems (1)')).toBeGreaterThanOrEqual(0);
    expect(at('Problems (1)')).toBeLessThan(at('FAIL laterality/effusion-side [rouge-l]'));
    expect(at('FAIL laterality/effusion-side [rouge-l]')).toBeLessThan(at('Pass matrix'));
    expect(at('Informational, not gating')).toBeLessThan(at('Pass matrix'));
    expect(at('Pass matrix')).toBeLessThan(at('Gates'));
  });

  it('shows the actual order with scores and the clinical difference', async () => {
    const out = await runReporter(createDefaultReporter);
    expect(out).toContain('actual:   exact 0.8123 │ wrong_side 0.8120 │ missed 0.1000');
    expect(out).toContain('expected: exact > wrong_side >= missed');
    expect(out).toContain('wrong_side: left -> right');
    expect(out).toContain('judge timed out after 30000 ms');
    // an informational metric is one line, outside the failures section; verbose prints its diff
    expect(out).toContain('  · bleu: 1 of 2 cases not passing (clinical)');
    expect(out).not.toContain('negation/no-pneumothorax [bleu]');
  });

  it('prints a summary for an empty run', async () => {
    const empty: RunReport = {
      summary: { passed: 0, failed: 0, errors: 0, skipped: 0 },
      results: [], laws: [], gates: [], problems: [], exitCode: 0, durationMs: 3,
    };
    expect(await runReporter(createDefaultReporter, empty)).toBe('duration: 3ms\n0 passed, 0 failed\n');
  });
});

describe('reporter internals', () => {
  it('orders candidates best first per direction, errors last', () => {
    const scores = { a: 0.2, b: 0.9, c: 0.5 };
    expect(orderCandidates({ scores }).map((c) => c.label)).toEqual(['b', 'c', 'a']);
    expect(orderCandidates({ scores, direction: 'lower' }).map((c) => c.label)).toEqual(['a', 'c', 'b']);
    const withError = orderCandidates({ scores: { a: 0.1 }, errors: { z: 'boom' } });
    expect(withError).toEqual([{ label: 'a', score: 0.1 }, { label: 'z', error: 'boom' }]);
  });

  it('renders word differences as removed -> added', () => {
    expect(wordDiff('Moderate left pleural effusion.', 'Moderate right pleural effusion.')).toBe('left -> right');
    expect(wordDiff('Small effusion. Mild cardiomegaly.', 'Small effusion.')).toBe('Mild cardiomegaly. -> ∅');
    expect(wordDiff('No effusion.', 'No effusion.')).toBe('(same text)');
  });

  it('finds the top expected candidate and rebuilds chains', () => {
    const ex = [
      { relation: 'missed < wrong_side', holds: true },
      { relation: 'exact > wrong_side', holds: true },
    ];
    expect(topExpected(ex, ['missed', 'wrong_side', 'exact'])).toBe('exact');
    expect(expectedChain([{ relation: 'a > b', holds: true }, { relation: 'b >= c', holds: false }, { relation: 'c >= 0.1', holds: true }]))
      .toBe('a > b >= c >= 0.1');
    expect(expectedChain([{ relation: 'a > b', holds: true }, { relation: 'a = c', holds: true }])).toBe('a > b, a = c');
    // separate items that turn the other way are not shown as one chain
    expect(expectedChain([{ relation: 'exact >= 1.5', holds: false }, { relation: 'exact > wrong', holds: true }, { relation: 'wrong <= 0.5', holds: true }]))
      .toBe('exact >= 1.5, exact > wrong, wrong <= 0.5');
    expect(expectedChain([{ relation: 'a < b', holds: true }, { relation: 'b < c', holds: true }])).toBe('a < b < c');
  });

  it('counts verdicts and formats the summary line', () => {
    const t = tally(sampleReport);
    expect(t).toEqual({ passed: 5, failed: 5, errors: 1, inconclusive: 1, skipped: 1 });
    expect(summaryLine({ ...t, skipped: 0 })).toBe('5 passed, 7 failed');
  });

  it('colours matrix cells by gate outcome: red for a failing gate, green when the gate passes, yellow when informational', () => {
    const lines = renderMatrix(sampleReport.results, new Chalk({ level: 1 }), sampleReport.gates);
    const all = lines.at(-1)!;
    expect(all).toContain('\u001b[31m2/4'); // rouge-l: its clinical gate fails
    expect(all).toContain('\u001b[32m1/2'); // crimson:lexicon: 1 of 2 within its 50% gate
    expect(all).toContain('\u001b[33m1/2'); // bleu: informational
    // s-score scored nothing (its one result skipped): no column
    expect(renderMatrix(sampleReport.results, new Chalk({ level: 0 })).at(-1)).toBe(
      '(all)       2/4      1/2              1/2   0/2',
    );
  });
});

describe('default reporter: clinical differences', () => {
  it('prints each candidate’s clinical difference from the reference under the failure', async () => {
    const out = await runReporter(createDefaultReporter, sampleReport, false);
    expect(out).toContain('  clinical difference vs reference:\n    exact: none\n    wrong_side: laterality: left -> right (pleural effusion)');
  });
});

describe('default reporter: an error reason once per case', () => {
  it('prints a message shared by every candidate once', async () => {
    const msg = 'crimson: nothing is listening at http://127.0.0.1:9/v1 (connection refused)';
    const r = { ...sampleReport.results[0]!, verdict: 'error' as const, scores: {}, errors: { exact: msg, wrong_side: msg, missed: msg }, reason: `all 3 candidates: ${msg}`, expectations: [] };
    const out = await runReporter(createDefaultReporter, { ...sampleReport, results: [r], laws: [], problems: [] });
    expect(out.split(msg).length - 1).toBe(1);
    expect(out).toContain(`reason: all 3 candidates: ${msg}`);
  });
});
