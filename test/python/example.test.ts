/**
 * The Python helper and the example metric: a RadEval-style token-F1 metric wrapped with
 * python/metric_suite.py runs the built-in clinical ranking cases through runSuites.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';

const repo = path.resolve(import.meta.dirname, '../..');
const example = path.join(repo, 'examples/python-metric');

/** Runs a Python script with the helper on PYTHONPATH, feeding it NDJSON lines. */
function talk(script: string, lines: unknown[]): { out: unknown[]; stderr: string; status: number | null } {
  const dir = tmpTree({ 'm.py': script });
  const r = spawnSync('python3', ['m.py'], { cwd: dir, input: lines.map((l) => JSON.stringify(l)).join('\n') + '\n', encoding: 'utf8', env: { ...process.env, PYTHONPATH: path.join(repo, 'python') } });
  return { out: r.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)), stderr: r.stderr, status: r.status };
}

describe('python helper (python/metric_suite.py)', () => {
  it('serves score_one: per-request exceptions, prints to stderr, options, callable declarations, shutdown', () => {
    const r = talk(`
from metric_suite import serve, options
def decl(opts): return {"id": "x", "version": opts["v"]}
def one(r):
    print("debug output")
    if r["candidate"] == "bad": raise ValueError("cannot score this")
    if r["candidate"] == "nan": return float("nan")
    return len(r["candidate"]) * options["scale"], {"n": len(r["candidate"])}
raise SystemExit(serve(decl, score_one=one))
`, [
      { type: 'hello', protocol: 1, options: { v: '7', scale: 0.1 } },
      { type: 'score', id: 1, requests: [{ reference: 'r', candidate: 'ab' }, { reference: 'r', candidate: 'bad' }, { reference: 'r', candidate: 'nan' }] },
      { type: 'shutdown' },
      { type: 'score', id: 2, requests: [] },
    ]);
    expect(r.status).toBe(0);
    expect(r.out).toEqual([
      { type: 'hello', protocol: 1, declaration: { id: 'x', version: '7' } },
      { type: 'result', id: 1, outcomes: [{ value: 0.2, details: { n: 2 } }, { error: 'ValueError: cannot score this' }, { error: 'the metric returned a non-finite value (nan)' }] },
    ]);
    expect(r.stderr).toContain('debug output');
    expect(r.stderr).toContain('Traceback');
  });

  it('refuses values that are not numbers by type (a str is never parsed), keeps numbers and numeric scalars', () => {
    const r = talk(`
from fractions import Fraction
from metric_suite import serve
values = ["0.5", True, None, [1], {"value": "0.7"}, {"x": 1}, 1, Fraction(1, 4), (0.5, {"n": 1})]
def batch(requests): return values[:len(requests)]
raise SystemExit(serve({"id": "x", "version": "1"}, batch))
`, [
      { type: 'hello', protocol: 1, options: {} },
      { type: 'score', id: 1, requests: Array.from({ length: 9 }, () => ({ reference: 'r', candidate: 'c' })) },
      { type: 'shutdown' },
    ]);
    expect(r.status).toBe(0);
    expect((r.out[1] as { outcomes: unknown[] }).outcomes).toEqual([
      { error: "the metric returned a str ('0.5'), not a number" },
      { error: 'the metric returned a bool (True), not a number' },
      { error: 'the metric returned None, not a number' },
      { error: 'the metric returned a list ([1]), not a number' },
      { error: "the metric returned a str ('0.7'), not a number" },
      { error: "the metric returned a dict without \"value\" or \"error\": {'x': 1}" },
      { value: 1 },
      { value: 0.25 },
      { value: 0.5, details: { n: 1 } },
    ]);
  });

  it('the example token-F1 metric answers the protocol', () => {
    const r = talk(`import runpy, sys; sys.path.insert(0, ${JSON.stringify(example)}); runpy.run_path(${JSON.stringify(path.join(example, 'token_f1.py'))}, run_name="__main__")`, [
      { type: 'hello', protocol: 1, options: {} },
      { type: 'score', id: 1, requests: [{ reference: 'Small left effusion.', candidate: 'Small right effusion.' }, { reference: 'a b', candidate: 'a b' }] },
    ]);
    expect((r.out[0] as { declaration: { id: string } }).declaration.id).toBe('token-f1');
    const outcomes = (r.out[1] as { outcomes: { value: number }[] }).outcomes;
    expect(outcomes.map((o) => o.value)).toEqual([2 / 3, 1]);
  });
});

describe('examples/python-metric', () => {
  it('runs the built-in clinical ranking cases through runSuites', async () => {
    const cwd = tmpTree();
    for (const f of readdirSync(example)) cpSync(path.join(example, f), path.join(cwd, f), { recursive: true });
    const report = await runSuites({ cwd, cases: [path.join(repo, 'cases/ranking/**/*.yaml')], metrics: ['token-f1'], cache: false });
    expect(report.problems).toEqual([]);
    expect(report.results.length).toBeGreaterThan(20);
    expect(report.results.every((r) => r.metric === 'token-f1')).toBe(true);
    expect(report.results.filter((r) => r.verdict === 'error')).toEqual([]);
    // A lexical metric passes some clinical cases and misses others, like BLEU.
    expect(report.summary.passed).toBeGreaterThan(0);
    expect(report.summary.failed).toBeGreaterThan(0);
  }, 60_000);
});
