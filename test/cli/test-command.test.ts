/**
 * `metric-suite test <metric>`: the built-in cases and laws against one metric (built in or
 * from the config), with its own gate; `run --metric <id>` does the same when no suite names it.
 * Before this command, `--metric my-metric` alone said "no cases to run".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { cli } from './_run.js';

interface Report { results: { suite: string; metric: string; verdict: string; caseId: string }[]; laws: { law: string; metric: string }[] }

/** A module metric: token overlap, and an error for one reference (a metric failure is never a score). */
const metricModule = (failOn?: string) => `export default {
  id: 'overlap', version: '1', description: 'token overlap', direction: 'higher', range: [0, 1], tieTolerance: 1e-9,
  deterministic: true, inputs: ['text'],
  score: (rs) => rs.map((r) => {
    ${failOn ? `if (String(r.reference).includes(${JSON.stringify(failOn)})) return { error: 'cannot score this one' };` : ''}
    const a = new Set(String(r.reference).toLowerCase().split(/\\W+/).filter(Boolean));
    const b = String(r.candidate).toLowerCase().split(/\\W+/).filter(Boolean);
    return { value: b.length ? b.filter((t) => a.has(t)).length / b.length : 0 };
  }),
};
`;
const project = (failOn?: string) => tmpTree({
  'package.json': '{ "name": "p", "private": true }',
  'metric-suite.config.json': JSON.stringify({ metrics: { mine: { module: './overlap.mjs' } } }),
  'overlap.mjs': metricModule(failOn),
});

describe('metric-suite test <metric>', () => {
  it('runs the built-in cases (each case corpus once) and every law against a built-in metric, report only', async () => {
    const r = await cli(['test', 'bleu', '--reporter', 'json', '--no-cache'], tmpTree());
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(new Set(report.results.map((x) => x.metric))).toEqual(new Set(['bleu']));
    const suites = new Set(report.results.map((x) => x.suite));
    expect(suites).toEqual(new Set(['clinical-ranking', 'preference']));
    // the crimson suite holds the same case files as clinical-ranking: not run twice
    const ranking = report.results.filter((x) => x.suite === 'clinical-ranking');
    expect(ranking.length).toBeGreaterThan(100);
    expect(new Set(ranking.map((x) => x.caseId)).size).toBe(ranking.length);
    expect(report.laws.length).toBeGreaterThanOrEqual(14);
    expect(new Set(report.laws.map((l) => l.metric))).toEqual(new Set(['bleu']));
    expect(r.stderr).toMatch(/suite cseval left out: every case skips bleu \(e\.g\. bleu does not take image\+prompt input\)/);
    expect(r.stderr).toMatch(/report only, exit 0 unless a result errors/);
    expect(r.stderr).toMatch(/laws bleu does not satisfy: .*negation-sensitive \(expected\)/);
  });

  it("tests a project's own module metric by id, and gates with --min-pass-rate", async () => {
    const cwd = project();
    const r = await cli(['test', 'mine', '--reporter', 'json', '-t', 'effusion', '--no-cache'], cwd);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.results.length).toBeGreaterThan(3);
    expect(report.results.every((x) => x.metric === 'mine')).toBe(true);
    expect((await cli(['test', 'mine', '-t', 'effusion', '--min-pass-rate', '1', '--no-cache'], cwd)).code).toBe(1);
    expect((await cli(['test', 'mine', '-t', 'effusion', '--min-pass-rate', '0', '--no-cache'], cwd)).code).toBe(0);
    expect((await cli(['test', 'mine', '--min-pass-rate', '1.5'], cwd)).code).toBe(2);
  });

  it('exits 1 when a case errors, even in report-only mode', async () => {
    const r = await cli(['test', 'mine', '-t', 'effusion', '--no-cache'], project('effusion'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\d+ results? of mine errored/);
    // the results and the gate say what the exit code says: no "within the gate" for an error
    const text = await cli(['test', 'mine', '-t', 'effusion', '--no-cache'], project('effusion'));
    expect(text.stdout).toMatch(/^ERROR /m);
    expect(text.stdout).not.toMatch(/^ERROR .*within the gate/m);
    expect(text.stdout).toMatch(/^✗ .* mine .*\d+ results? errored \(at most 0\)/m);
  });

  it('says why a metric cannot run, and rejects unknown ids (exit 2)', async () => {
    const unavailable = await cli(['test', 'crimson'], tmpTree());
    expect(unavailable.code).toBe(2);
    expect(unavailable.stderr).toMatch(/crimson cannot run here: no judge endpoint configured/);
    const unknown = await cli(['test', 'nope'], tmpTree());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown metric "nope"/);
  });

  it('run --metric <id> with no suite naming it runs the same plan', async () => {
    const r = await cli(['run', '--metric', 'mine', '-t', 'effusion', '--reporter', 'json', '--no-cache'], project());
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.results.length).toBeGreaterThan(3);
    expect(report.results.every((x) => x.metric === 'mine' && ['clinical-ranking', 'preference'].includes(x.suite))).toBe(true);
    expect(report.results.some((x) => x.suite === 'clinical-ranking')).toBe(true);
  });

  it('points one law at a metric from the command line: run --metric <id> --law <law>, or test <id> --law <law>', async () => {
    const cwd = project();
    for (const args of [['run', '--metric', 'mine'], ['test', 'mine']]) {
      const r = await cli([...args, '--law', 'bounded', '--num-runs', '5', '--reporter', 'json', '--no-cache'], cwd);
      expect(r.code, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as Report;
      expect(report.results).toEqual([]);
      expect(report.laws.map((l) => `${l.law}/${l.metric}`)).toEqual(['bounded/mine']);
    }
  });

  it('prints a rerun command for a failing law that replays it in a project with suites of its own', async () => {
    const cwd = project();
    // as init makes it: a suites/ folder without a suite called `laws`
    writeFileSync(path.join(cwd, 'cases.yaml'), 'kind: ranking\ncapability: laterality\nreference: Left effusion.\ncandidates: { a: Left effusion., b: Right effusion. }\nexpect: a > b\n');
    mkdirSync(path.join(cwd, 'suites'));
    writeFileSync(path.join(cwd, 'suites/my-metric.yaml'), 'name: my-metric\ncases: [../cases.yaml]\nmetrics: [mine]\n');
    const first = await cli(['test', 'mine', '--law', 'negation-sensitive', '--num-runs', '100', '--reporter', 'verbose', '--no-cache'], cwd);
    const rerun = /rerun: (npx metric-suite .*)/.exec(first.stdout)?.[1];
    expect(rerun, first.stdout).toMatch(/^npx metric-suite test mine --law negation-sensitive --seed -?\d+ --law-path \S+$/);
    const args = rerun!.split(' ').slice(2);
    const again = await cli([...args, '--reporter', 'json', '--no-cache'], cwd);
    expect(again.stderr).not.toMatch(/unknown suite/);
    const laws = (JSON.parse(again.stdout) as { laws: { law: string; metric: string; verdict: string; seed: number; rerun?: string }[] }).laws;
    expect(laws.map((l) => [l.law, l.metric, l.verdict])).toEqual([['negation-sensitive', 'mine', 'fail']]);
    expect(laws[0]!.rerun).toBe(rerun);
  });
});
