/**
 * End to end: import a RadJudge-shaped JSON and a RadPref-shaped folder into a temp dir, write a suite
 * over the imported cases, run it with bleu and crimson:lexicon, and read the agreement table in the
 * default, json and html reporters (issue 9 acceptance).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultReporter } from '../../reporters/default.js';
import { renderHtml, createHtmlReporter } from '../../reporters/html.js';
import { createJsonReporter, reportJson } from '../../reporters/json.js';
import { writeCases } from '../../src/import/common.js';
import { importRadjudge } from '../../src/import/radjudge.js';
import { importRadpref, readRadprefFolder } from '../../src/import/radpref.js';
import type { Reporter } from '../../src/reporting/reporter.js';
import type { RunReport } from '../../src/runner/results.js';
import { runSuites } from '../../src/runner/run.js';

const fixtures = new URL('../fixtures/import/', import.meta.url).pathname;
const schemaFile = new URL('../../schema/case.schema.json', import.meta.url).pathname;

describe('import → suite → run → reporters (RadJudge + RadPref shapes)', () => {
  let dir: string;
  let report: RunReport;
  const out = { default: '', json: '', html: '' };
  const written: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'metric-suite-roundtrip-'));
    const judge = importRadjudge(JSON.parse(readFileSync(path.join(fixtures, 'radjudge.json'), 'utf8')), 'radjudge.json');
    const { items, raters } = readRadprefFolder(path.join(fixtures, 'radpref'));
    const pref = importRadpref(items, raters, 'radpref');
    written.push(...writeCases(judge.cases, path.join(dir, 'cases', 'radjudge'), schemaFile, false).written);
    written.push(...writeCases(pref.cases, path.join(dir, 'cases', 'radpref'), schemaFile, false).written);
    mkdirSync(path.join(dir, 'suites'));
    writeFileSync(
      path.join(dir, 'suites', 'imported.yaml'),
      'name: imported\ncases:\n  - ../cases/**/*.yaml\nmetrics: [bleu, crimson:lexicon]\ngate:\n  bleu: { informational: true }\n  crimson:lexicon: { minPassRate: 0 }\n',
    );
    const chunks = { default: [] as string[], json: [] as string[], html: [] as string[] };
    const reporters: Reporter[] = [
      createDefaultReporter({ write: (t) => void chunks.default.push(t), color: false }),
      createJsonReporter({ write: (t) => void chunks.json.push(t), color: false }),
      createHtmlReporter({ write: (t) => void chunks.html.push(t), color: false }),
    ];
    report = await runSuites({ cwd: dir, cache: false, offline: true, reporters });
    out.default = chunks.default.join('');
    out.json = chunks.json.join('');
    out.html = chunks.html.join('');
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('imports 2 ranking and 2 preference cases and the run loads them without problems', () => {
    expect(written.map((f) => path.relative(dir, f).replace(/\\/g, '/')).sort()).toHaveLength(4);
    expect(report.problems).toEqual([]);
    const kinds = new Map(report.results.map((r) => [r.caseId, r.kind]));
    expect([...kinds.values()].filter((k) => k === 'ranking')).toHaveLength(2);
    expect([...kinds.values()].filter((k) => k === 'preference')).toHaveLength(2);
    // every case × metric ran
    expect(report.results).toHaveLength(4 * 2);
  });

  it('runs the ranking cases to a verdict (pass or fail) with both metrics', () => {
    const ranking = report.results.filter((r) => r.kind === 'ranking');
    expect(ranking).toHaveLength(4);
    for (const r of ranking) {
      expect(['pass', 'fail']).toContain(r.verdict);
      expect(r.expectations.length).toBeGreaterThan(0);
      expect(Object.values(r.scores).every((s) => typeof s === 'number' && Number.isFinite(s))).toBe(true);
    }
    expect(new Set(ranking.map((r) => r.metric))).toEqual(new Set(['bleu', 'crimson:lexicon']));
    // preference cases are scored but never pass or fail alone
    for (const r of report.results.filter((x) => x.kind === 'preference')) expect(r.verdict).toBe('skip');
  });

  it('reports agreement with the raters per suite × metric', () => {
    expect(report.agreement?.map((a) => [a.suite, a.metric])).toEqual([
      ['imported', 'bleu'],
      ['imported', 'crimson:lexicon'],
    ]);
    for (const a of report.agreement!) {
      expect(a.cases).toBe(2);
      expect(a.raters.map((r) => r.rater)).toEqual(['user_1', 'user_2']);
    }
  });

  it('default reporter: one "Agreement with raters" line per metric (verbose has the per-rater table)', () => {
    const lines = out.default.split('\n');
    const at = lines.indexOf('Agreement with raters (preference cases)');
    expect(at).toBeGreaterThan(0);
    expect(out.default).toMatch(/ {2}imported · bleu +majority acc .* \(2 cases, \d+ pairs\)/);
    expect(out.default).toMatch(/ {2}imported · crimson:lexicon +majority acc .* \(2 cases, \d+ pairs\)/);
    expect(out.default).not.toMatch(/ {4}user_1 +acc /);
  });

  it('json reporter: an `agreement` key equal to reportJson(report).agreement', () => {
    const json = JSON.parse(out.json);
    expect(json.agreement).toEqual(reportJson(report).agreement);
    expect(json.agreement.map((a: { metric: string }) => a.metric)).toEqual(['bleu', 'crimson:lexicon']);
    expect(json.agreement[0]).toMatchObject({ suite: 'imported', cases: 2, raters: [{ rater: 'user_1' }, { rater: 'user_2' }] });
    expect(json.results.filter((r: { kind?: string; verdict: string }) => r.verdict === 'pass' || r.verdict === 'fail')).toHaveLength(4);
  });

  it('html reporter: the agreement section with a row per rater and the majority', () => {
    expect(out.html).toBe(renderHtml(report));
    expect(out.html).toContain('<section id="agreement">');
    for (const metric of ['bleu', 'crimson:lexicon']) {
      expect(out.html).toContain(`<table class="agreement-table" data-suite="imported" data-metric="${metric}" data-cases="2"`);
      const raters = [...out.html.matchAll(new RegExp(`<tr class="agreement-row[^"]*" data-suite="imported" data-metric="${metric}" data-rater="([^"]*)"`, 'g'))].map((m) => m[1]);
      expect(raters).toEqual(['majority', 'user_1', 'user_2']);
    }
    expect(out.html).toMatch(/<p class="inter-rater" data-suite="imported" data-metric="crimson:lexicon"/);
  });
});
