/**
 * The html report at scale (issue 14): past a few thousand results, failures in full (up to a
 * byte budget, then one line each), passing cases summarised per capability × metric, and the
 * file under 20 MB at 100,000 results. Sizes are asserted, never times.
 */
import { describe, expect, it } from 'vitest';
import { htmlView, renderHtml, renderHtmlView } from '../../reporters/html.js';
import { CASE_LIMITS, casesSection } from '../../reporters/_internals/html-cases.js';
import type { CaseResult, GateResult, RunReport } from '../../src/runner/results.js';
import { sampleReport } from './_fixtures/sample-report.js';

const MB = 1024 * 1024;
const CAPS = ['laterality', 'negation', 'severity', 'uncertainty', 'temporal', 'devices', 'size', 'location'];
const METRICS = ['rouge-l', 'bleu', 'crimson:lexicon', 'radgraph-f1', 's-score:text'];

/** A deterministic run of `cases` × 5 metrics; every `failEvery`-th result of a gating metric fails, bleu (informational) fails 20 %. */
function bigReport(cases: number, failEvery: number, textWords = 40): RunReport {
  const words = (seed: number, n: number) => Array.from({ length: n }, (_, i) => ['left', 'right', 'small', 'moderate', 'pleural', 'effusion', 'no', 'pneumothorax', 'stable', 'opacity'][(seed * 7 + i * 3) % 10]).join(' ');
  const results: CaseResult[] = [];
  for (let c = 0; c < cases; c++) {
    const reference = words(c, textWords);
    const texts = { reference, candidates: { exact: reference, swapped: words(c + 1, textWords), missed: words(c + 2, textWords - 5) } };
    for (let m = 0; m < METRICS.length; m++) {
      const metric = METRICS[m]!;
      const informational = metric === 'bleu';
      const fails = informational ? c % 5 === 0 : Math.imul(c * 8 + m + 1, 2654435761) >>> 0 < 2 ** 32 / failEvery;
      const s = ((c * 31 + m * 17) % 100) / 100;
      results.push({
        suite: 'clinical', caseId: `${CAPS[c % CAPS.length]}/case-${c}`, kind: 'ranking', capability: CAPS[c % CAPS.length], title: `Case ${c}`,
        file: `cases/ranking/${CAPS[c % CAPS.length]}/case-${c}.yaml`, line: 1, column: 1, metric, verdict: fails ? 'fail' : 'pass', ...(informational ? { informational } : {}),
        scores: { exact: 1, swapped: s, missed: s / 2 },
        expectations: [
          { relation: 'exact > swapped', holds: true },
          { relation: 'swapped > missed', holds: !fails, ...(fails ? { detail: `${s.toFixed(4)} > ${(s / 2).toFixed(4)} is false` } : {}) },
        ],
        texts,
        direction: 'higher',
      });
    }
  }
  // rouge-l's gate fails (its misses are FAIL), the others tolerate theirs (FAIL within the gate)
  const gates: GateResult[] = METRICS.map((metric) => ({
    suite: 'clinical', metric, state: metric === 'rouge-l' ? 'fail' : 'pass', passed: metric !== 'rouge-l', informational: metric === 'bleu', passRate: 0.9, minPassRate: 0.5,
    counts: { passed: 0, failed: 0, errors: 0, skipped: 0 }, failedRequired: [], unexpectedPasses: [],
  }));
  return { summary: { passed: 0, failed: 0, errors: 0, skipped: 0 }, results, laws: [], gates, problems: [], exitCode: 0, durationMs: 1 };
}

describe('html report at scale', () => {
  it('lists every case in full below the aggregation threshold', () => {
    const report = bigReport(200, 10);
    const view = htmlView(report);
    expect(report.results.length).toBeLessThanOrEqual(CASE_LIMITS.aggregateAbove);
    expect(view.cases.aggregated).toBe(false);
    expect(view.cases.full).toHaveLength(200);
    expect(view.cases.lines).toEqual([]);
  });

  it('at 100,000 results: under 20 MB, failures in full then one line each, passes summarised per capability × metric', { timeout: 120_000 }, () => {
    const report = bigReport(20_000, 20);
    expect(report.results).toHaveLength(100_000);
    const view = htmlView(report);
    const out = renderHtmlView(view);
    const size = Buffer.byteLength(out);
    expect(size).toBeLessThan(20 * MB);
    console.log(`html report of 100,000 results: ${(size / MB).toFixed(2)} MB`);

    const notPassing = new Set(report.results.filter((r) => r.verdict !== 'pass').map((r) => r.caseId));
    const gatingFails = new Set(report.results.filter((r) => r.verdict === 'fail' && !r.informational).map((r) => r.caseId));
    // every not-passing case is in full or on a line, none lost, gating failures first
    expect(view.cases.full.length + view.cases.lines.length + view.cases.omitted).toBe(notPassing.size);
    expect(view.cases.omitted).toBe(0);
    expect(view.cases.full.length).toBeGreaterThan(100);
    // in full: gating failures only (failing gates first, then misses within a gate); then the
    // rest of them, then the not-gating ones, a line each
    const rank = { fail: 0, tolerated: 1, warn: 2, pass: 3, skip: 4 } as const;
    expect(view.cases.full.every((f) => f.view.status === 'fail' || f.view.status === 'tolerated')).toBe(true);
    const order = [...view.cases.full.map((f) => f.view.status), ...view.cases.lines.map((l) => l.status)];
    expect(order.every((s, i) => i === 0 || rank[order[i - 1]!] <= rank[s])).toBe(true);
    expect(new Set(order)).toEqual(new Set(['fail', 'tolerated', 'warn']));
    expect(order.filter((s) => s !== 'warn')).toHaveLength(gatingFails.size);
    // passing cases summarised: the counts add up to the passing cases' results
    expect(view.cases.aggregated).toBe(true);
    const passingCases = 20_000 - notPassing.size;
    expect(view.cases.summarised).toBe(passingCases);
    expect(view.cases.summary.reduce((n, r) => n + r.passed + r.skipped, 0)).toBe(passingCases * METRICS.length);
    expect(view.cases.summary.every((r) => r.notPassing === 0)).toBe(true);
    expect(view.cases.summary).toHaveLength(CAPS.length * METRICS.length);
    expect(out.includes(`<div id="passing-summary" data-cases="${passingCases}" data-omitted="0">`)).toBe(true);
    // the matrix and the plots still count every result
    const all = [...out.matchAll(/<td class="cell[^"]*" data-tone="[^"]*" data-capability="\(all\)" data-metric="rouge-l" data-passed="(\d+)" data-total="(\d+)"/g)][0]!;
    expect(Number(all[2])).toBe(20_000);
    expect(out.match(/<figure class="plot" data-plot="distribution"/g)).toHaveLength(CAPS.length);
    // a line says what failed and where
    const line = view.cases.lines[0]!;
    expect(line.what).toMatch(/^[a-z:-]+: swapped > missed/);
    expect(out.includes(`<li class="case case-line" data-case-id="${line.id}"`)).toBe(true);
  });

  it('stays under 20 MB when all 100,000 results fail, with long reports: past both limits cases are only counted', { timeout: 120_000 }, () => {
    const report = bigReport(20_000, 1, 150);
    for (const r of report.results) {
      r.verdict = 'fail';
      delete r.informational;
      r.details = { exact: { note: 'x'.repeat(400) } };
    }
    const view = htmlView(report);
    const out = renderHtmlView(view);
    expect(Buffer.byteLength(out)).toBeLessThan(20 * MB);
    expect(view.cases.full.length + view.cases.lines.length + view.cases.omitted).toBe(20_000);
    expect(view.cases.lines).toHaveLength(CASE_LIMITS.maxLines);
    expect(view.cases.omitted).toBeGreaterThan(0);
    expect(out.includes(`<p class="warn" id="omitted">${view.cases.omitted} more cases not passing are left out of this file (counted in the summary below): see the json reporter</p>`)).toBe(true);
    // the left-out cases are counted, none lost
    expect(view.cases.summary.reduce((n, r) => n + r.notPassing, 0)).toBe(view.cases.omitted * METRICS.length);
  });

  it('cuts long raw JSON and honours custom limits', () => {
    const base = sampleReport.results[7]!;
    const big = { ...base, details: { candidate: { blob: 'y'.repeat(50_000) } } };
    const section = casesSection([big, base], () => 'x'.repeat(10), { aggregateAbove: 1, fullBytes: 5, maxLines: 0, rawChars: 1_000 });
    expect(section.full).toHaveLength(1);
    expect(section.full[0]!.view.raw.length).toBeLessThan(1_100);
    expect(section.full[0]!.view.raw).toMatch(/… \(\d+ more characters: see the json reporter\)$/);
  });
});
