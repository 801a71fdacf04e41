import { describe, expect, it } from 'vitest';
import { renderHtml } from '../../reporters/html.js';
import { findingSummary } from '../../reporters/_internals/finding-summary.js';
import { renderAgreementChart, wilson } from '../../reporters/_internals/plots/agreement-chart.js';
import { BINS, scoreDistributions } from '../../reporters/_internals/plots/distribution.js';
import { ticks } from '../../reporters/_internals/svg.js';
import type { CaseResult, RunReport } from '../../src/runner/results.js';
import { prefAgreement, preferenceReport } from './_fixtures/preference-report.js';
import { sampleReport } from './_fixtures/sample-report.js';

const attr = (tag: string, name: string): string | undefined => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const figure = (out: string, plot: string, key?: string): string => {
  const start = out.indexOf(`<figure class="plot" data-plot="${plot}"${key ? ` ${key}` : ''}`);
  expect(start, `figure ${plot} ${key ?? ''}`).toBeGreaterThanOrEqual(0);
  return out.slice(start, out.indexOf('</figure>', start));
};

const image = (caseId: string, finding: string, metric: string, scores: Record<string, number>, roles?: Record<string, 'faithful' | 'corrupted'>): CaseResult => ({
  suite: 'images', caseId, kind: 'image', capability: 'image-content', tags: [`finding:${finding}`], metric, verdict: 'pass', scores, expectations: [], ...(roles ? { roles } : {}),
});

describe('html plots: score distributions', () => {
  it('counts every finite score of a capability × metric once (a case shared by suites counts once)', () => {
    const d = scoreDistributions(sampleReport.results);
    const h = d.get('laterality', 'rouge-l')!;
    // effusion-side, scored in clinical and smoke: its three candidates once
    expect(h.n).toBe(3);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(h.mean).toBeCloseTo((0.8123 + 0.812 + 0.1) / 3, 12);
    expect([h.lo, h.hi]).toEqual([0, 1]);
    expect(h.counts).toHaveLength(BINS);
    expect(h.counts[2]).toBe(1); // 0.1 in [0.10, 0.15)
    expect(h.counts[16]).toBe(2); // 0.812.. in [0.80, 0.85)
    // the skipped s-score result has no scores: no histogram
    expect(d.get('laterality', 's-score')).toBeUndefined();
    expect(d.capabilities).toEqual(['laterality', 'negation']);
  });

  it('shares a metric range across capabilities and widens it for scores outside [0, 1]', () => {
    const base = sampleReport.results[3]!;
    const d = scoreDistributions([
      { ...base, caseId: 'a', capability: 'x', metric: 'crimson', scores: { a: -0.5, b: 1 } },
      { ...base, caseId: 'b', capability: 'y', metric: 'crimson', scores: { a: 0.25 } },
    ]);
    expect([d.get('x', 'crimson')!.lo, d.get('y', 'crimson')!.lo]).toEqual([-0.5, -0.5]);
    expect(d.get('x', 'crimson')!.counts[0]).toBe(1);
    expect(d.get('x', 'crimson')!.counts[BINS - 1]).toBe(1);
  });

  it('draws one figure per capability with a panel per metric and bars that add up to n', () => {
    const out = renderHtml(sampleReport);
    expect(out.match(/<figure class="plot" data-plot="distribution"/g)).toHaveLength(2);
    const lat = figure(out, 'distribution', 'data-capability="laterality"');
    expect(lat).toContain('<svg viewBox=');
    const panel = lat.slice(lat.indexOf('<g class="panel" data-metric="rouge-l"'), lat.indexOf('</g>', lat.indexOf('data-metric="rouge-l"')));
    expect(attr(panel, 'data-n')).toBe('3');
    const counts = [...panel.matchAll(/<rect class="bar"[^>]*data-count="(\d+)"/g)].map((m) => Number(m[1]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    // a metric with scores somewhere has a panel in every row (columns line up); s-score scored nothing
    expect(figure(out, 'distribution', 'data-capability="negation"')).toContain('<g class="panel empty" data-metric="crimson:lexicon">');
    expect(lat).not.toContain('data-metric="s-score"');
  });
});

describe('html plots: agreement with raters', () => {
  it('has the Wilson interval of textbook examples', () => {
    const w = wilson(8, 10)!;
    expect(w.low).toBeCloseTo(0.4902, 4);
    expect(w.high).toBeCloseTo(0.9433, 4);
    expect(wilson(2, 2)!.low).toBeCloseTo(0.3424, 4);
    expect(wilson(2, 2)!.high).toBe(1);
    expect(wilson(0, 0)).toBeNull();
  });

  it('draws accuracy with its interval and tau-b with its bootstrap CI, one row per metric', () => {
    const out = renderHtml(preferenceReport);
    const fig = figure(out, 'agreement', 'data-suite="preference"');
    const row = fig.match(/<g class="row"[^>]*>/)![0];
    expect(attr(row, 'data-metric')).toBe('crimson:lexicon');
    // majority: 2 of 2 untied pairs, tau-b 0.5 [0.5, 0.5] (the tables' numbers)
    expect(attr(row, 'data-accuracy')).toBe('1');
    expect(Number(attr(row, 'data-low'))).toBeCloseTo(wilson(2, 2)!.low, 12);
    expect(attr(row, 'data-high')).toBe('1');
    expect(Number(attr(row, 'data-tau-b'))).toBeCloseTo(0.5, 12);
    expect(Number(attr(row, 'data-tau-b-low'))).toBeCloseTo(0.5, 12);
    expect(Number(attr(row, 'data-tau-b-high'))).toBeCloseTo(0.5, 12);
    expect(fig).toContain('<circle class="point accuracy"');
    expect(fig).toContain('<rect class="point tau-b"');
    expect(fig).toContain('95% Wilson interval over pairs');
    const two = renderAgreementChart('s', [prefAgreement, { ...prefAgreement, metric: 'bleu' }]);
    expect(two.match(/<g class="row"/g)).toHaveLength(2);
  });

  it('has no agreement figure without preference suites', () => {
    expect(renderHtml(sampleReport)).not.toContain('data-plot="agreement"');
  });
});

describe('html plots: per-finding chart of image suites (CSEval Table 2)', () => {
  const results = [
    image('img/cardio-1', 'cardiomegaly', 'cseval', { s0: 0.8, s1: 0.6 }),
    image('img/cardio-1', 'cardiomegaly', 'biovil', { s0: 0.4, s1: 0.5 }),
    image('img/ptx-1', 'pneumothorax', 'cseval', { s0: 0.2, s1: 0.1, bad: 0.9 }, { s0: 'faithful', s1: 'faithful', bad: 'corrupted' }),
    image('img/ptx-1', 'pneumothorax', 'biovil', { s0: 0.45, s1: 0.5 }),
  ];
  const report: RunReport = { ...sampleReport, results: [...sampleReport.results, ...results] };

  it('draws one bar per finding × metric at the table mean, with ± sd whiskers', () => {
    const out = renderHtml(report);
    const fig = figure(out, 'findings');
    const bars = [...fig.matchAll(/<g class="bar-group"[^>]*>/g)].map((m) => m[0]);
    const rows = findingSummary(report.results);
    expect(bars).toHaveLength(rows.length);
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      const bar = bars.find((b) => attr(b, 'data-metric') === r.metric && attr(b, 'data-finding') === r.finding)!;
      expect(Number(attr(bar, 'data-mean'))).toBeCloseTo(r.mean, 12);
      expect(Number(attr(bar, 'data-sd'))).toBeCloseTo(r.sd, 12);
    }
    // the corrupted image stays out: pneumothorax × cseval is the mean of 0.2 and 0.1
    const ptx = bars.find((b) => attr(b, 'data-finding') === 'pneumothorax' && attr(b, 'data-metric') === 'cseval')!;
    expect(Number(attr(ptx, 'data-mean'))).toBeCloseTo(0.15, 12);
    expect(fig).toMatch(/<text[^>]*>0\.15<\/text>/);
    expect(fig.match(/<line class="whisker"/g)).toHaveLength(12);
  });

  it('has no finding chart without image results', () => {
    expect(renderHtml(sampleReport)).not.toContain('data-plot="findings"');
  });
});

describe('html plots: self-contained and escaped', () => {
  it('uses inline SVG only: no external reference, no second script', () => {
    const out = renderHtml(preferenceReport);
    const plots = out.slice(out.indexOf('<section id="plots">'), out.indexOf('</section>', out.indexOf('<section id="plots">')));
    expect(plots).not.toMatch(/<(img|image|use|foreignObject|script|link)\b/i);
    expect(plots).not.toMatch(/(?:href|src)\s*=/i);
    expect(plots).not.toMatch(/url\(/i);
  });

  it('escapes metric and capability names in the SVG', () => {
    const evil = '<script>alert(1)</script>"&';
    const base = sampleReport.results[3]!;
    const out = renderHtml({ ...sampleReport, results: [{ ...base, metric: evil, capability: evil }], laws: [], gates: [] });
    expect(out.match(/<script>/g)).toHaveLength(1);
    expect(out).toContain('data-capability="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;"');
  });

  it('picks round ticks', () => {
    expect(ticks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(ticks(-0.3, 1.2, 5)).toEqual([0, 0.5, 1]);
    expect(ticks(-1, 1, 4)).toEqual([-1, -0.5, 0, 0.5, 1]);
  });
});
