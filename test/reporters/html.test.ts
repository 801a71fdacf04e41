import { describe, expect, it } from 'vitest';
import { createHtmlReporter, heatColor, htmlView, renderHtml } from '../../reporters/html.js';
import { getReporter } from '../../reporters/index.js';
import type { RunReport } from '../../src/runner/results.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

const count = (s: string, re: RegExp): number => s.match(re)?.length ?? 0;

describe('html reporter', () => {
  it('is registered and writes one document', async () => {
    expect(getReporter('html')).toBe(createHtmlReporter);
    const out = await runReporter(createHtmlReporter);
    expect(out.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(count(out, /<html\b/g)).toBe(1);
    expect(out.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('matches the golden output', async () => {
    const out = await runReporter(createHtmlReporter);
    await expect(out).toMatchFileSnapshot('./__golden__/report.html');
  });

  it('is self-contained: inline CSS and JS only, nothing fetched', async () => {
    const out = await runReporter(createHtmlReporter);
    expect(out).not.toMatch(/<link\b/i);
    expect(out).not.toMatch(/<script[^>]+src=/i);
    expect(out).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(out).not.toMatch(/@import|url\(/i);
    expect(count(out, /<style>/g)).toBe(1);
    expect(count(out, /<script>/g)).toBe(1);
  });

  it('has the heat-map with cells coloured by pass rate', async () => {
    const out = await runReporter(createHtmlReporter);
    expect(out).toContain('<table id="heatmap">');
    const cells = [...out.matchAll(/<td class="cell[^"]*" data-capability="([^"]*)" data-metric="([^"]*)" data-passed="(\d+)" data-total="(\d+)" data-pass-rate="([^"]*)"(?: style="([^"]*)")?/g)];
    // 3 rows (laterality, negation, (all)) × 5 metrics
    expect(cells).toHaveLength(15);
    const lat = cells.find((c) => c[1] === 'laterality' && c[2] === 'crimson:lexicon')!;
    expect(lat.slice(3)).toEqual(['1', '2', '0.5000', `background:${heatColor(0.5)}`]);
    const all = cells.find((c) => c[1] === '(all)' && c[2] === 'rouge-l')!;
    expect(all[5]).toBe('0.5000');
    const none = cells.find((c) => c[1] === 'negation' && c[2] === 'crimson:lexicon')!;
    expect(none[5]).toBe('');
    expect(none[6]).toBeUndefined();
    expect(heatColor(0)).toBe('hsl(0, 70%, 42%)');
    expect(heatColor(1)).toBe('hsl(120, 70%, 35%)');
  });

  it('has per-case details: scores in actual order, expectations, clinical differences, word diff', async () => {
    const out = await runReporter(createHtmlReporter);
    expect(count(out, /<details class="case"/g)).toBe(3);
    const view = htmlView(sampleReport);
    expect(view.cases.map((c) => [c.id, c.status])).toEqual([
      ['laterality/effusion-side', 'fail'],
      ['negation/no-pneumothorax', 'fail'],
      ['laterality/s-score-left-effusion', 'fail'],
    ]);
    const effusion = view.cases[0]!;
    // rouge-l failed in both suites: one row listing both
    const rouge = effusion.results.find((r) => r.metric === 'rouge-l')!;
    expect(rouge.suites).toEqual(['clinical', 'smoke']);
    expect(rouge.scores.map((s) => `${s.label} ${s.value}`)).toEqual(['exact 0.8123', 'wrong_side 0.8120', 'missed 0.1000']);
    expect(rouge.expected).toBe('exact > wrong_side >= missed');
    expect(rouge.clinical).toContainEqual({ label: 'wrong_side', text: 'laterality: left -> right (pleural effusion)' });
    expect(out).toContain('<del>left</del><ins>right</ins>');
    expect(out).toContain('data-case-id="laterality/effusion-side"');
    expect(out).toContain('<li class="expectation bad" data-holds="false">✗ <code>exact &gt; wrong_side</code> <span class="muted">0.8123 &gt; 0.8120 is false (tolerance 0.001)</span></li>');
  });

  it('has the gates and the laws', async () => {
    const out = await runReporter(createHtmlReporter);
    expect(count(out, /<tr class="gate"/g)).toBe(sampleReport.gates.length);
    expect(out).toContain('<tr class="gate" data-suite="clinical" data-metric="rouge-l" data-passed="false">');
    expect(out).toContain('<tr class="law" data-law="negation-lowers-score">');
    expect(out).toContain('<div class="law-failure" data-law="negation-lowers-score" data-metric="rouge-l">');
    expect(out).toContain('rerun: npx metric-suite --law negation-lowers-score --metric rouge-l --seed 42');
  });

  it('escapes everything a case or a metric may contain', () => {
    const base = sampleReport.results[0]!;
    const evil = '<script>alert(1)</script>"\'&';
    const report: RunReport = {
      ...sampleReport,
      results: [{ ...base, caseId: evil, capability: evil, metric: evil, reason: evil, texts: { reference: evil, candidates: { [evil]: 'x' } } }],
      problems: [{ file: evil, line: 1, column: 1, message: evil }],
    };
    const out = renderHtml(report);
    expect(count(out, /<script>/g)).toBe(1);
    expect(out).not.toContain('<script>alert');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#x27;&amp;');
  });

  it('renders an empty run', () => {
    const out = renderHtml({ summary: { passed: 0, failed: 0, errors: 0, skipped: 0 }, results: [], laws: [], gates: [], problems: [], exitCode: 0, durationMs: 3 });
    expect(out).toContain('<table id="heatmap">');
    expect(out).toContain('Cases (0)');
    expect(out).not.toContain('id="laws"');
  });
});
