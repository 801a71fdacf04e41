import { describe, expect, it } from 'vitest';
import { createJunitReporter } from '../../reporters/junit.js';
import { xmlAttr, xmlText } from '../../reporters/_internals/xml.js';
import type { RunReport } from '../../src/runner/results.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

describe('junit reporter', () => {
  it('matches the golden output', async () => {
    const out = await runReporter(createJunitReporter);
    await expect(out).toMatchFileSnapshot('./__golden__/junit.xml');
  });

  it('has one testsuite per suite plus laws, gates and problems, with counts', async () => {
    const out = await runReporter(createJunitReporter);
    const suites = [...out.matchAll(/<testsuite [^>]*>/g)].map((m) => m[0]);
    expect(suites.map((s) => attr(s, 'name'))).toEqual(['clinical', 'smoke', 'laws', 'gates', 'problems']);
    const clinical = suites[0]!;
    // rouge-l fails its gate: a failure; bleu (informational) and crimson:lexicon (within its gate's 50%) are skipped
    expect([attr(clinical, 'tests'), attr(clinical, 'failures'), attr(clinical, 'errors'), attr(clinical, 'skipped')]).toEqual(['8', '1', '1', '3']);
    const smoke = suites[1]!;
    expect([attr(smoke, 'tests'), attr(smoke, 'failures'), attr(smoke, 'errors'), attr(smoke, 'skipped')]).toEqual(['3', '0', '1', '1']);
    const gates = suites[3]!;
    expect([attr(gates, 'tests'), attr(gates, 'failures'), attr(gates, 'skipped')]).toEqual(['6', '2', '1']);
    const root = /<testsuites [^>]*>/.exec(out)![0];
    expect([attr(root, 'tests'), attr(root, 'failures'), attr(root, 'errors'), attr(root, 'skipped')]).toEqual(['20', '4', '3', '5']);
    expect(out).toContain('<property name="metric-suite.verdict" value="fail"/><property name="metric-suite.standing" value="informational"/>');
    expect(out).toContain('<skipped message="informational (not gating): fail: paraphrase &gt; negated');
  });

  it('names testcases by suite.metric and case id and puts the diff in the failure', async () => {
    const out = await runReporter(createJunitReporter);
    expect(out).toContain(
      '<testcase classname="clinical.rouge-l" name="laterality/effusion-side" file="cases/ranking/laterality/effusion-side.yaml" time="0">',
    );
    expect(out).toContain('<failure message="exact &gt; wrong_side: 0.8123 &gt; 0.8120 is false (tolerance 0.001)" type="fail">');
    expect(out).toContain('actual:   exact 0.8123 │ wrong_side 0.8120 │ missed 0.1000');
    expect(out).toContain('wrong_side: left -&gt; right');
    expect(out).toContain('<error message="repeats disagree: 2 of 3 runs pass" type="inconclusive">');
    expect(out).toContain('HTTP 504 &lt;gateway&gt; &amp; "proxy"');
  });

  it('escapes markup, quotes and control characters', () => {
    expect(xmlText('a < b & c > d')).toBe('a &lt; b &amp; c &gt; d');
    expect(xmlAttr(`"q" 'a'\n\tb`)).toBe('&quot;q&quot; &apos;a&apos;&#10;&#9;b');
    expect(xmlText('bell\u0007 esc\u001b[31m nul\u0000')).toBe('bell\\u0007 esc\\u001b[31m nul\\u0000');
    expect(xmlText('lone \uD800 ok \uD83D\uDE00')).toBe('lone \uFFFD ok \uD83D\uDE00');
  });

  it('writes no raw control characters even when results carry them', async () => {
    const base = sampleReport.results[0]!;
    const report: RunReport = {
      ...sampleReport,
      results: [{ ...base, caseId: 'x\u001by', reason: 'r\u0000', verdict: 'error', errors: { exact: 'e\u0008' } }],
      laws: [],
      problems: [],
    };
    const out = await runReporter(createJunitReporter, report);
    expect(out).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
    expect(out).toContain('name="x\\u001by"');
  });
});
