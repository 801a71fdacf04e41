/** End to end: the built-in laws suite, and rerunning one failure exactly from what it prints. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/util/package-root.js';
import { cli } from '../cli/_run.js';

const root = packageRoot();

describe('metric-suite --suite laws', () => {
  it('passes its gates with the honest expected: fail marks (exit 0) and writes laws in the JSON contract', async () => {
    const r = await cli(['--suite', 'laws', '--no-cache', '--reporter', 'json'], root);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout);
    expect(report.problems).toEqual([]);
    expect(r.code).toBe(0);
    expect(report.laws.length).toBeGreaterThanOrEqual(14 * 3);
    for (const l of report.laws) expect(Object.keys(l).slice(0, 5)).toEqual(['law', 'metric', 'verdict', 'numRuns', 'seed']);
    const bleuNegation = report.laws.find((l: { law: string; metric: string }) => l.law === 'negation-sensitive' && l.metric === 'bleu');
    expect(bleuNegation).toMatchObject({ verdict: 'fail', expected: 'fail' });
    expect(report.summary.passed + report.summary.failed + report.summary.skipped).toBe(report.laws.length);
  }, 60_000);

  it('prints seed, path and a rerun command that replays the same counterexample', async () => {
    const first = await cli(['--suite', 'laws', '--no-cache', '--law', 'negation-sensitive', '--metric', 'rouge-l', '--reporter', 'verbose'], root);
    expect(first.code).toBe(0);
    const m = /seed (\d+), path ([\d:]+)/.exec(first.stdout);
    expect(m, first.stdout).not.toBeNull();
    const again = await cli(['--suite', 'laws', '--no-cache', '--law', 'negation-sensitive', '--metric', 'rouge-l', '--seed', m![1]!, '--law-path', m![2]!, '--reporter', 'json'], root);
    const law = JSON.parse(again.stdout).laws[0];
    expect(law).toMatchObject({ verdict: 'fail', seed: Number(m![1]), path: m![2] });
    expect(law.counterexample.edit).toMatchObject({ op: 'negate' });
  }, 60_000);

  it('rejects a non-integer --seed or --num-runs as a usage error', async () => {
    expect((await cli(['--suite', 'laws', '--seed', 'x'], root)).code).toBe(2);
    expect((await cli(['--suite', 'laws', '--num-runs', '0'], root)).code).toBe(2);
    expect(path.isAbsolute(root)).toBe(true);
  });
});
