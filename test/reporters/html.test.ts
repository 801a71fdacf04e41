import { describe, expect, it } from 'vitest';
import { createHtmlReporter, heatColor, htmlView, renderHtml, TONE_COLOR } from '../../reporters/html.js';
import { getReporter } from '../../reporters/index.js';
import type { RunReport } from '../../src/runner/results.js';
import { prefAgreement as agreement, preferenceReport as report } from './_fixtures/preference-report.js';
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

  it('has the heat-map with cells coloured by gate outcome', async () => {
    const out = await runReporter(createHtmlReporter);
    expect(out).toContain('<table id="heatmap">');
    const cells = [...out.matchAll(/<td class="cell[^"]*" data-tone="([^"]*)" data-capability="([^"]*)" data-metric="([^"]*)" data-passed="(\d+)" data-total="(\d+)" data-pass-rate="([^"]*)"(?: style="([^"]*)")?/g)].map((m) => [m[0], ...m.slice(2), m[1]]);
    // 3 rows (laterality, negation, (all)) × 5 metrics
    expect(cells).toHaveLength(15);
    const lat = cells.find((c) => c[1] === 'laterality' && c[2] === 'crimson:lexicon')!;
    // 1 of 2 passes, within the gate's 50%: green, not red
    expect(lat.slice(3)).toEqual(['1', '2', '0.5000', `background:${TONE_COLOR.pass}`, 'pass']);
    expect(cells.find((c) => c[1] === 'laterality' && c[2] === 'rouge-l')!.slice(6)).toEqual([`background:${TONE_COLOR.fail}`, 'fail']);
    expect(cells.find((c) => c[1] === 'laterality' && c[2] === 'bleu')!.slice(6)).toEqual([`background:${TONE_COLOR.informational}`, 'informational']);
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
    expect(view.cases.full.map(({ view: c }) => [c.id, c.status])).toEqual([
      ['laterality/effusion-side', 'fail'],
      ['negation/no-pneumothorax', 'fail'],
      // its crimson:lexicon miss is within the gate (1 of 2 at min 50 %)
      ['laterality/s-score-left-effusion', 'tolerated'],
    ]);
    const effusion = view.cases.full[0]!.view;
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

  it('opens a failing case on its failing relation and its diff, with raw JSON behind a toggle', async () => {
    const out = await runReporter(createHtmlReporter);
    const start = out.indexOf('<details class="case" id="case-laterality-effusion-side"');
    const block = out.slice(start, out.indexOf('</details>\n<details class="case"', start));
    // first in the body: the why block, before the table of every score
    const why = block.indexOf('<div class="why">');
    expect(why).toBeGreaterThan(0);
    expect(why).toBeLessThan(block.indexOf('<table class="results">'));
    const rouge = block.slice(why, block.indexOf('</div>\n<div class="why-item"', why));
    expect(rouge).toContain('<b>rouge-l</b> <span class="verdict-fail">fail</span>');
    expect(rouge).toContain('<li class="failing-relation bad">✗ <code>exact &gt; wrong_side</code> <span class="muted">0.8123 &gt; 0.8120 is false (tolerance 0.001)</span></li>');
    // the diff of the candidates the failing relation names, not of the others
    expect(rouge).toContain('<tr class="word-diff-row" data-label="wrong_side"><td><code>wrong_side</code></td><td class="word-diff mono">Moderate <del>left</del><ins>right</ins> pleural effusion.</td></tr>');
    expect(rouge).not.toContain('data-label="missed"');
    // raw JSON: closed, last
    expect(block).toMatch(/<details class="raw"><summary>raw JSON<\/summary><pre class="raw-json">\[\n  \{\n    &quot;suite&quot;: &quot;clinical&quot;/);
    expect(block.indexOf('<details class="raw">')).toBeGreaterThan(block.indexOf('<table class="results">'));
    // the metric's details JSON is only in the toggle
    const sScore = out.slice(out.indexOf('id="case-laterality-s-score-left-effusion"'));
    expect(sScore.indexOf('wrong_attributes')).toBeGreaterThan(sScore.indexOf('<details class="raw">'));
  });

  it('says each reason once per case, and lists the failing gates before the misses within a gate and informational ones', () => {
    const base = sampleReport.results[7]!; // crimson:lexicon on s-score-left-effusion, within its gate
    const report: RunReport = {
      ...sampleReport,
      results: [
        { ...base, metric: 'bleu', informational: true },
        { ...base, reason: 'candidate >= 0.9: 0.5000 >= 0.9 is false' },
        { ...base, metric: 'rouge-l', verdict: 'error', reason: 'rouge-l failed for 1 of 1 candidates', scores: {}, expectations: [], errors: { candidate: 'tokenizer crashed' } },
      ],
    };
    const out = renderHtml(report);
    const items = [...out.matchAll(/<div class="why-item" data-metric="([^"]*)"/g)].map((m) => m[1]);
    expect(items).toEqual(['rouge-l', 'crimson:lexicon', 'bleu']);
    // a failed relation says why itself: its restating reason is left out; an error's reason stays, once
    expect(out).not.toContain('<div class="reason">candidate &gt;&#x3D; 0.9');
    const shown = out.replace(/<pre class="raw-json">[\s\S]*?<\/pre>/g, '');
    expect(count(shown, /rouge-l failed for 1 of 1 candidates/g)).toBe(1);
    expect(count(shown, /tokenizer crashed/g)).toBe(1);
    expect(out).toMatch(/<details class="case" id="case-laterality-s-score-left-effusion"[^>]*data-status="fail"[^>]* open>/);
    // a skip is no problem: its reason stays in the table
    const skipped = renderHtml(sampleReport);
    expect(skipped).toContain('<td class="verdict-skip">skip<div class="muted reason">s-score is not configured; add it to metric-suite.config.ts</div></td>');
  });

  it('prints the summary line once', async () => {
    const out = await runReporter(createHtmlReporter);
    expect(count(out, /4 passed, 6 failed, 1 skipped/g)).toBe(1);
    expect(out).toContain('<p class="muted" id="run-facts">failed: 4 fail, 1 error, 1 inconclusive · duration 1.23s</p>');
    expect(out).not.toMatch(/\b4 failed\b/);
  });

  it('has the gates and the laws', async () => {
    const out = await runReporter(createHtmlReporter);
    expect(count(out, /<tr class="gate"/g)).toBe(sampleReport.gates.length);
    expect(out).toContain('<tr class="gate" data-suite="clinical" data-metric="rouge-l" data-passed="false" data-state="fail">');
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

describe('html reporter: agreement with raters', () => {

  it('renders one table per suite × metric with majority and per-rater rows', async () => {
    const out = await runReporter(createHtmlReporter, report);
    expect(count(out, /<section id="agreement">/g)).toBe(1);
    expect(out).toContain('Agreement with raters (preference cases)');
    // before the gates, as in the default reporter
    expect(out.indexOf('<section id="agreement">')).toBeLessThan(out.indexOf('<section id="gates">'));
    expect(out).toContain('<table class="agreement-table" data-suite="preference" data-metric="crimson:lexicon" data-cases="1" data-pairs="3">');
    const rows = [...out.matchAll(/<tr class="agreement-row( majority)?" data-suite="([^"]*)" data-metric="([^"]*)" data-rater="([^"]*)" data-accuracy="([^"]*)" data-accuracy-with-ties="([^"]*)" data-tau-b="([^"]*)">(.*?)<\/tr>/g)];
    expect(rows.map((r) => r[4])).toEqual(['majority', 'r1', 'r2', 'r3']);
    expect(rows.every((r) => r[2] === 'preference' && r[3] === 'crimson:lexicon')).toBe(true);
    expect(rows[0]![1]).toBe(' majority');
    // the same values as the default reporter's block (test/reporters/agreement.test.ts):
    // majority 2/2 without ties, 2/2 with, tau-b 0.5 [0.5, 0.5], 1 pair without majority
    expect(rows[0]!.slice(5, 7)).toEqual(['1', '1']);
    expect(Number(rows[0]![7])).toBeCloseTo(0.5, 12);
    expect(rows[0]![8]).toContain('<td class="num">100.0% <span class="muted">(2/2)</span></td>');
    expect(rows[0]![8]).toContain('<td class="num tau-b-ci">[0.500, 0.500]</td>');
    expect(rows[0]![8]).toContain('1 without majority');
    // r2: 2 of 3 pairs, tau-b 0; r3: 2/2 without ties, 2/3 with
    expect(rows[2]!.slice(5, 8)).toEqual([String(2 / 3), String(2 / 3), '0']);
    expect(rows[2]![8]).toContain('66.7% <span class="muted">(2/3)</span>');
    expect(rows[3]![8]).toContain('100.0% <span class="muted">(2/2)</span>');
    expect(rows[3]![8]).toContain('66.7% <span class="muted">(2/3)</span>');
    expect(rows[1]![8]).toContain('<td class="num">0.816</td>');
    // inter-rater agreement: 66.7% with ties, 88.9% without, mean tau-b 0.655
    expect(out).toMatch(/<p class="inter-rater" data-suite="preference" data-metric="crimson:lexicon" data-agreement="[^"]*">inter-rater: agreement 66\.7% · without ties 88\.9% · mean tau-b 0\.655/);
    expect(out).toContain('95% bootstrap CI, 1000 case resamples, seed 0');
  });

  it('lists the minAgreement checks in the gate notes', async () => {
    const out = await runReporter(createHtmlReporter, report);
    expect(out).toMatch(/<tr class="gate" data-suite="preference" data-metric="crimson:lexicon" data-passed="true" data-state="pass">.*agreement: majority 1\.000 ≥ 0\.75/);
  });

  it('has no agreement section when no suite has preference cases', async () => {
    const out = await runReporter(createHtmlReporter);
    expect(out).not.toContain('id="agreement"');
    expect(htmlView(sampleReport).agreement).toEqual([]);
  });

  it('escapes rater and suite names', () => {
    const evil = '<b>"x"</b>';
    const out = renderHtml({ ...report, agreement: [{ ...agreement, suite: evil, raters: agreement.raters.map((r) => ({ ...r, rater: evil })) }] });
    expect(out).not.toContain('<b>"x"</b>');
    expect(out).toContain('data-rater="&lt;b&gt;&quot;x&quot;&lt;/b&gt;"');
  });
});
