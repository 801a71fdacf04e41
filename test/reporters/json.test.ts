import { describe, expect, it } from 'vitest';
import { createJsonReporter, reportJson } from '../../reporters/json.js';
import type { RunReport } from '../../src/runner/results.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

const parse = async (report: RunReport = sampleReport): Promise<Record<string, any>> =>
  JSON.parse(await runReporter(createJsonReporter, report)) as Record<string, any>;

describe('json reporter', () => {
  it('matches the golden output', async () => {
    const out = await runReporter(createJsonReporter);
    await expect(out).toMatchFileSnapshot('./__golden__/report.json');
  });

  it('has the contract keys in a fixed order', async () => {
    const json = await parse();
    expect(Object.keys(json)).toEqual(['summary', 'results', 'laws', 'gates', 'gatingSummary', 'problems', 'exitCode', 'durationMs', 'bailed']);
    expect(json.summary).toEqual({ passed: 5, failed: 6, errors: 1, skipped: 1 });
    expect(json.results).toHaveLength(sampleReport.results.length);
    for (const r of json.results) {
      expect(Object.keys(r).slice(0, 8)).toEqual(['suite', 'caseId', 'kind', 'capability', 'metric', 'verdict', 'scores', 'expectations']);
      for (const e of r.expectations) expect(Object.keys(e).slice(0, 2)).toEqual(['relation', 'holds']);
    }
    for (const l of json.laws) expect(Object.keys(l).slice(0, 5)).toEqual(['law', 'metric', 'verdict', 'numRuns', 'seed']);
  });

  it('keeps the values a consumer needs', async () => {
    const json = await parse();
    const first = json.results[0];
    expect(first).toMatchObject({
      suite: 'clinical',
      caseId: 'laterality/effusion-side',
      kind: 'ranking',
      capability: 'laterality',
      metric: 'rouge-l',
      verdict: 'fail',
      scores: { exact: 0.8123, wrong_side: 0.812, missed: 0.1 },
      expectations: [{ relation: 'exact > wrong_side', holds: false }, { relation: 'wrong_side >= missed', holds: true }],
      file: 'cases/ranking/laterality/effusion-side.yaml',
      line: 1,
    });
    expect(first).not.toHaveProperty('reason');
    expect(json.results.find((r: any) => r.verdict === 'skip').reason).toMatch(/not configured/);
    expect(json.results.find((r: any) => r.verdict === 'error').errors).toEqual({
      negated: 'judge timed out after 30000 ms (HTTP 504 <gateway> & "proxy")',
    });
    expect(json.laws[0].counterexample).toEqual({ reference: 'Small right pneumothorax.', candidate: 'No right pneumothorax.' });
    expect(json.laws[1]).not.toHaveProperty('counterexample');
    expect(json.exitCode).toBe(2);
    expect(json.durationMs).toBe(1234);
  });

  it('never writes undefined and survives odd values', async () => {
    const base = sampleReport.results[0]!;
    const odd: RunReport = {
      ...sampleReport,
      results: [{ ...base, capability: undefined, scores: { a: Number.NaN }, details: { a: { big: 10n as unknown, gone: undefined } } }],
      laws: [{ law: 'l', metric: 'm', verdict: 'fail', numRuns: 1, seed: 0, counterexample: (() => { const o: any = { x: 1 }; o.self = o; return o; })() }],
    };
    const text = await runReporter(createJsonReporter, odd);
    const json = JSON.parse(text);
    expect(json.results[0].capability).toBeNull();
    expect(json.results[0].scores).toEqual({ a: null });
    expect(json.results[0].details).toEqual({ a: { big: '10' } });
    expect(json.laws[0].counterexample).toEqual({ x: 1, self: '[Circular]' });
  });
});

describe('json reporter, streamed (issue 14, finding 11)', () => {
  /** Feeds every result through onCaseResult, as a run does, then ends the run. */
  function streamed(report: RunReport): string {
    const chunks: string[] = [];
    const r = createJsonReporter({ write: (t) => void chunks.push(t), color: false });
    for (const x of report.results) r.onCaseResult!(x);
    r.onRunEnd!(report);
    return chunks.join('');
  }

  it('writes the same bytes as one JSON.stringify of the report', () => {
    expect(streamed(sampleReport)).toBe(`${JSON.stringify(reportJson(sampleReport), null, 2)}\n`);
  });

  it('the same for a report larger than its in-memory chunk (spooled to disk, multi-byte text cut at chunk edges)', () => {
    const base = sampleReport.results[0]!;
    const results = Array.from({ length: 6_000 }, (_, i) => ({ ...base, caseId: `c${i}`, reason: `é✓😀 ${'ß'.repeat(i % 97)} ${i}` }));
    const big: RunReport = { ...sampleReport, results };
    const out = streamed(big);
    expect(out.length).toBeGreaterThan(2_000_000);
    expect(out).toBe(`${JSON.stringify(reportJson(big), null, 2)}\n`);
  });

  it('a report that did not stream (merge-reports) is written from its results', () => {
    const chunks: string[] = [];
    createJsonReporter({ write: (t) => void chunks.push(t), color: false }).onRunEnd!(sampleReport);
    expect(chunks.join('')).toBe(`${JSON.stringify(reportJson(sampleReport), null, 2)}\n`);
  });
});
