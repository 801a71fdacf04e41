/**
 * Every reporter tells the story the exit code tells (issue 15). A passing run whose only
 * misses are informational (bleu) and known failures (a case in `knownFailures`, a law marked
 * `expected: fail`) shows no failure anywhere: no ❌ in the markdown matrix or gates, no
 * `::error`/`::warning` annotation, no red cell or FAIL case in the html, no `<failure>` in
 * JUnit, a last line with 0 failed. A gating miss its gate tolerates is counted, never red, and
 * never an error. A run with one gating failure shows exactly that one, in every reporter.
 */
import { describe, expect, it } from 'vitest';
import { createDefaultReporter } from '../../reporters/default.js';
import { makeGithubActionsReporter } from '../../reporters/github-actions.js';
import { createHtmlReporter } from '../../reporters/html.js';
import { createJunitReporter } from '../../reporters/junit.js';
import { createMarkdownReporter } from '../../reporters/markdown.js';
import { createVerboseReporter } from '../../reporters/verbose.js';
import type { CaseResult, GateResult, RunReport } from '../../src/runner/results.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

const byId = (metric: string, caseId: string): CaseResult => {
  const r = sampleReport.results.find((x) => x.metric === metric && x.caseId === caseId && x.suite === 'clinical');
  if (!r) throw new Error(`${metric} ${caseId}`);
  return { ...r };
};

const gate = (metric: string, over: Partial<GateResult> = {}): GateResult => ({
  suite: 'clinical', metric, state: 'pass', passed: true, informational: false, passRate: 1, minPassRate: 0.5,
  counts: { passed: 1, failed: 0, errors: 0, skipped: 0 }, failedRequired: [], unexpectedPasses: [], ...over,
});

const results: CaseResult[] = [
  byId('rouge-l', 'negation/no-pneumothorax'), // pass
  byId('crimson:lexicon', 'laterality/effusion-side'), // pass
  byId('bleu', 'laterality/effusion-side'), // informational pass
  byId('bleu', 'negation/no-pneumothorax'), // informational fail
  { ...byId('rouge-l', 'laterality/effusion-side'), knownFailure: true }, // known failure
];
// a gating miss crimson:lexicon's gate tolerates (1 of 2 at min 50 %)
const toleratedMiss = byId('crimson:lexicon', 'laterality/s-score-left-effusion');

const passing: RunReport = {
  summary: { passed: 3, failed: 2, errors: 0, skipped: 0 },
  results,
  laws: [
    { law: 'negation-lowers-score', metric: 'rouge-l', verdict: 'fail', numRuns: 100, seed: 42, expected: 'fail', reason: 'negating a finding did not lower the score' },
    { law: 'identity-is-best', metric: 'crimson:lexicon', verdict: 'pass', numRuns: 50, seed: 7 },
  ],
  gates: [
    gate('rouge-l', { passRate: 1, counts: { passed: 1, failed: 0, errors: 0, skipped: 0 } }),
    gate('crimson:lexicon'),
    gate('bleu', { informational: true, minPassRate: 0, passRate: 0.5, counts: { passed: 1, failed: 1, errors: 0, skipped: 0 } }),
  ],
  problems: [],
  exitCode: 0,
  durationMs: 10,
};

// one gating failure: rouge-l's effusion-side is no longer a known failure, and rouge-l's gate fails for it
const failing: RunReport = {
  ...passing,
  results: results.map((r) => (r.metric === 'rouge-l' && r.knownFailure ? { ...r, knownFailure: false } : r)),
  gates: passing.gates.map((g) => (g.metric === 'rouge-l' ? { ...g, state: 'fail', passed: false, passRate: 0.5, minPassRate: 0.9, failedRequired: [], reason: 'pass rate 50.0% < 90.0%' } : g)),
  exitCode: 1,
};

const gha = (report: RunReport) => runReporter(makeGithubActionsReporter({ env: {}, cwd: '/repo', appendFile: () => undefined }), report);
const section = (md: string, title: string): string => {
  const start = md.indexOf(`\n## ${title}`);
  if (start < 0) return '';
  const next = md.indexOf('\n## ', start + 1);
  return md.slice(start, next < 0 ? undefined : next);
};

describe('reporters agree with the exit code: a passing run with informational and known failures', () => {
  it('default and verbose end with 0 failed; default prints no failure block', async () => {
    for (const factory of [createDefaultReporter, createVerboseReporter]) {
      const out = await runReporter(factory, passing);
      expect(out.trimEnd().split('\n').at(-1)).toBe('3 passed, 0 failed');
      expect(out).toMatch(/informational: 1 case not passing on bleu \(not gating\)/);
    }
    // verbose prints the informational diff (FAIL … [bleu]); default only the one-line summaries
    const out = await runReporter(createDefaultReporter, passing);
    expect(out).not.toMatch(/^\s*(FAIL|ERROR)\b/m);
    expect(out).toContain('· clinical · rouge-l: 1 case (laterality/effusion-side)');
  });

  it('markdown: all gates pass, no ❌ in the gates or the matrix, no failures section', async () => {
    const md = await runReporter(createMarkdownReporter, passing);
    expect(md).toContain('**✅ all gates pass**');
    expect(section(md, 'Gates')).not.toContain('❌');
    const matrix = section(md, 'Capability × metric');
    expect(matrix).toContain('| laterality | ✅ 0/1 | ✅ 1/1 | ℹ️ 1/1 |');
    expect(matrix.split('\n').filter((l) => l.startsWith('|')).join('\n')).not.toContain('❌');
    expect(section(md, 'Failures')).toBe('');
    expect(section(md, 'Known failures, expected to fail')).toContain('`laterality/effusion-side` · rouge-l');
    expect(md.trimEnd().split('\n').at(-1)).toBe('3 passed, 0 failed');
  });

  it('github-actions: notices only, no error or warning', async () => {
    const lines = (await gha(passing)).trimEnd().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => !l.startsWith('::notice'))).toEqual([]);
    expect(lines).toContain('::notice title=informational%3A bleu (not gating)::1 case not passing; see the job summary or --reporter verbose');
    expect(lines).toContain('::notice title=known failures%3A rouge-l (not gating)::1 case and 1 law failing as documented in the suite');
  });

  it('html: all gates pass, no red cell, no FAIL case, no failing gate', async () => {
    const html = await runReporter(createHtmlReporter, passing);
    expect(html).toContain('<div class="status ok" id="status">all gates pass</div>');
    expect(html).not.toContain('data-tone="fail"');
    expect(html).not.toMatch(/<details class="case"[^>]*data-status="fail"/);
    expect(html).not.toContain('data-state="fail"');
    expect(html).toMatch(/data-tone="pass" data-capability="laterality" data-metric="rouge-l"/);
  });

  it('junit: no <failure> and no <error>; informational and known failures are <skipped> with the reason', async () => {
    const xml = await runReporter(createJunitReporter, passing);
    expect(xml).not.toMatch(/<failure\b/);
    expect(xml).not.toMatch(/<error\b/);
    expect(xml).toMatch(/failures="0"/);
    expect((xml.match(/<skipped\b/g) ?? []).length).toBeGreaterThanOrEqual(3);
  });
});

describe('reporters agree with the exit code: a gating miss within its gate', () => {
  const report: RunReport = {
    ...passing,
    results: [...results, toleratedMiss],
    gates: passing.gates.map((g) => (g.metric === 'crimson:lexicon' ? { ...g, passRate: 0.5, counts: { passed: 1, failed: 1, errors: 0, skipped: 0 } } : g)),
  };

  it('is counted on the last line, green in the matrices, a warning (not an error) in github-actions, no red html', async () => {
    const text = await runReporter(createDefaultReporter, report);
    expect(text.trimEnd().split('\n').at(-1)).toBe('3 passed, 1 failed');
    const md = await runReporter(createMarkdownReporter, report);
    expect(md).toContain('**✅ all gates pass**');
    expect(section(md, 'Capability × metric')).toContain('| laterality | ✅ 0/1 | ✅ 1/2 | ℹ️ 1/1 |');
    const lines = (await gha(report)).trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('::error'))).toEqual([]);
    expect(lines.filter((l) => l.startsWith('::warning'))).toHaveLength(1);
    expect(lines.find((l) => l.startsWith('::warning'))).toContain('(within the gate)');
    const html = await runReporter(createHtmlReporter, report);
    expect(html).not.toContain('data-tone="fail"');
    expect(html).not.toMatch(/<details class="case"[^>]*data-status="fail"/);
    expect(html).toMatch(/<details class="case"[^>]*data-case-id="laterality\/s-score-left-effusion"[^>]*data-status="tolerated"/);
    expect(html).toContain('<span class="status warn">FAIL (WITHIN THE GATE)</span>');
    expect(html).toContain('<div class="tolerated warn">within the gate: clinical · crimson:lexicon pass rate 50.0% &gt;&#x3D; 50.0%</div>');
    const xml = await runReporter(createJunitReporter, report);
    expect(xml).not.toMatch(/<failure\b/);
  });
});

describe('reporters agree with the exit code: one gating failure', () => {
  it('is the one ❌ of the markdown gates and matrix, the one ::error, the one red html cell, the one JUnit case failure', async () => {
    const md = await runReporter(createMarkdownReporter, failing);
    expect(md).toContain('**❌ 1 gate failed**');
    expect(section(md, 'Gates').match(/❌/g)).toHaveLength(1);
    const matrix = section(md, 'Capability × metric').split('\n').filter((l) => l.startsWith('|')).join('\n');
    // rouge-l: laterality (the failure) and (all) are red; negation passes; no other metric is red
    expect(matrix.match(/❌/g)).toHaveLength(2);
    expect(matrix).toContain('| laterality | ❌ 0/1 |');
    expect(matrix).toContain('| negation | ✅ 1/1 |');

    const errors = (await gha(failing)).split('\n').filter((l) => l.startsWith('::error'));
    expect(errors.filter((l) => l.includes('laterality/effusion-side'))).toHaveLength(1);
    expect(errors.every((l) => l.includes('rouge-l'))).toBe(true);

    const html = await runReporter(createHtmlReporter, failing);
    expect(html.match(/data-tone="fail"/g)).toHaveLength(2);
    expect(html.match(/<details class="case"[^>]*data-status="fail"/g)).toHaveLength(1);

    // JUnit: the case and its failed gate (the gates are test cases too), nothing else
    const xml = await runReporter(createJunitReporter, failing);
    expect(xml.match(/<failure\b/g)).toHaveLength(2);
    expect(xml).toMatch(/<testsuite name="clinical" tests="\d+" failures="1"/);
    expect(xml).toMatch(/<testsuite name="gates" tests="3" failures="1"/);

    const text = await runReporter(createDefaultReporter, failing);
    expect(text.trimEnd().split('\n').at(-1)).toBe('3 passed, 1 failed');
  });
});
