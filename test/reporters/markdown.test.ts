import { describe, expect, it } from 'vitest';
import { createMarkdownReporter, renderMarkdown } from '../../reporters/markdown.js';
import { mdCode, mdFence, mdText } from '../../reporters/_internals/markdown-text.js';
import type { RunReport } from '../../src/runner/results.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

const section = (out: string, title: string): string => {
  const start = out.indexOf(`\n## ${title}`);
  expect(start, `section ${title}`).toBeGreaterThanOrEqual(0);
  const next = out.indexOf('\n## ', start + 1);
  return out.slice(start, next < 0 ? undefined : next);
};

describe('markdown reporter', () => {
  it('matches the golden output', async () => {
    const out = await runReporter(createMarkdownReporter);
    await expect(out).toMatchFileSnapshot('./__golden__/report.md');
  });

  it('has the summary counts, and the summary line last', async () => {
    const out = await runReporter(createMarkdownReporter);
    expect(out.startsWith('# metric-suite report\n')).toBe(true);
    expect(out).toContain('| 4 | 4 | 1 | 1 | 1 |');
    expect(out.trimEnd().split('\n').at(-2)).toBe('informational: 1 case not passing on bleu (not gating)  ');
    expect(out.trimEnd().split('\n').at(-1)).toBe('4 passed, 6 failed, 1 skipped');
  });

  it('has a gates table with one row per gate', async () => {
    const gates = section(await runReporter(createMarkdownReporter), 'Gates');
    const rows = gates.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('|  | suite') && !l.startsWith('| :'));
    expect(rows).toHaveLength(sampleReport.gates.length);
    expect(gates).toContain('| ❌ | clinical | rouge-l | 50.0% | 90.0% | 1 | 1 | 0 | 0 | required failed: `laterality/effusion-side` |');
    expect(gates).toContain('| ℹ️ | clinical | bleu | 50.0% | 0.0% | 1 | 1 | 0 | 0 | informational (not gating) |');
  });

  it('has the capability × metric matrix', async () => {
    const matrix = section(await runReporter(createMarkdownReporter), 'Capability × metric');
    expect(matrix).toContain('| capability | rouge-l | crimson:lexicon | bleu | crimson | s-score |');
    // by gate outcome: rouge-l's clinical gate fails, crimson:lexicon's gate holds, bleu is informational
    expect(matrix).toContain('| laterality | ❌ 0/2 | ✅ 1/2 | ℹ️ 1/1 | ❌ 0/1 | skipped |');
    expect(matrix).toContain('| **(all)** | ❌ 2/4 | ✅ 1/2 | ℹ️ 1/2 | ❌ 0/2 | skipped |');
  });

  it('shows each failure once with expected vs actual order, scores and clinical differences', async () => {
    const failures = section(await runReporter(createMarkdownReporter), 'Failures');
    expect(failures).toContain('## Failures (5)');
    expect(failures.match(/^### /gm)).toHaveLength(5);
    expect(failures).toContain('### ❌ FAIL `laterality/effusion-side` · rouge-l');
    expect(failures).toContain('suites: clinical, smoke · at `cases/ranking/laterality/effusion-side.yaml:1:1`');
    expect(failures).toContain('expected: exact > wrong_side >= missed');
    expect(failures).toContain('actual:   exact 0.8123 │ wrong_side 0.8120 │ missed 0.1000');
    expect(failures).toContain('wrong_side: laterality: left -> right (pleural effusion)');
    expect(failures).toContain('error negated: judge timed out after 30000 ms (HTTP 504 <gateway> & "proxy")');
    expect(failures).toContain('### ❌ FAIL law `negation-lowers-score` · rouge-l');
  });

  it('lists informational results apart and has the laws matrix', async () => {
    const out = await runReporter(createMarkdownReporter);
    expect(section(out, 'Informational')).toContain('- `negation/no-pneumothorax` · bleu — `paraphrase > negated`');
    const laws = section(out, 'Laws');
    expect(laws).toContain('| `negation-lowers-score` | ❌ |  |');
    expect(laws).toContain('| `identity-is-best` |  | ✅ |');
  });

  it('escapes markdown and html in text, table cells and code', () => {
    expect(mdText('a|b <i>*x*</i> & [l](u)')).toBe('a\\|b &lt;i&gt;\\*x\\*&lt;/i&gt; &amp; \\[l\\](u)');
    expect(mdText('two\nlines')).toBe('two lines');
    expect(mdCode('a`b')).toBe('``a`b``');
    expect(mdCode('x|y')).toBe('`x\\|y`');
    expect(mdFence('has ``` inside')).toBe('````text\nhas ``` inside\n````');
  });

  it('keeps hostile case ids inside their table cells and code spans', async () => {
    const base = sampleReport.results[0]!;
    const report: RunReport = {
      ...sampleReport,
      results: [{ ...base, caseId: 'a|b`c', capability: 'cap|<x>', verdict: 'fail' }],
      laws: [],
      gates: [],
      problems: [],
    };
    const out = renderMarkdown(report);
    expect(out).toContain('| cap\\|&lt;x&gt; |');
    expect(out).toContain('### ❌ FAIL ``a\\|b`c`` · rouge-l');
    expect(out).not.toContain('<x>');
  });

  it('cuts the report at a section boundary under maxBytes, keeping the summary line', () => {
    const full = renderMarkdown(sampleReport);
    const cut = renderMarkdown(sampleReport, { maxBytes: 1500 });
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(1500);
    expect(Buffer.byteLength(cut)).toBeLessThan(Buffer.byteLength(full));
    expect(cut).toContain('The report was cut');
    expect(cut.trimEnd().split('\n').at(-1)).toBe('4 passed, 6 failed, 1 skipped');
  });
});
