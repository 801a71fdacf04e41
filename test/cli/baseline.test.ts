import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBaseline } from '../../src/runner/baseline/file.js';
import { tableConfig, tableProject } from './_table-metric.js';
import { cli } from './_run.js';

// the table metric (its version option changes which of cases a..d fail) is shared with the -u, --watch and --changed tests
const config = tableConfig;
const project = () => tableProject(1);

describe('metric-suite baseline update / run --baseline', () => {
  it('a deliberately changed metric version fails only on the cases it newly breaks', async () => {
    const cwd = project();
    // without a baseline, version 1 fails b and c
    expect((await cli(['run'], cwd)).code).toBe(1);
    const update = await cli(['baseline', 'update'], cwd);
    expect(update.code).toBe(0);
    expect(update.stderr).toMatch(/baseline written: metric-suite\.baseline\.json \(4 results\)/);
    const text = readFileSync(path.join(cwd, 'metric-suite.baseline.json'), 'utf8');
    expect(text).toContain('"version": "1"');
    expect(text).toContain('"b": { "verdict": "fail", "scores": { "bad": 0.9, "good": 0.1 } }');
    expect(parseBaseline(text).suites.s!.mine!.cases.a!.verdict).toBe('pass');

    // the same version against its baseline: the known failures do not fail the gate
    const same = await cli(['run', '--baseline'], cwd);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/newly broken: none/);
    expect(same.stdout).toMatch(/still failing as in the baseline \(not gating\): 2/);

    // version 2 breaks a and fixes b; c still fails, d still passes
    writeFileSync(path.join(cwd, 'metric-suite.config.json'), config(2));
    const changed = await cli(['run', '--baseline', '--reporter', 'default', '--reporter', 'json', '--output-file', 'json=r.json'], cwd);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/mine: version 2 differs from the baseline's 1 \(compared anyway\)/);
    expect(changed.stdout).toMatch(/newly broken \(1\):\n\s+✗ s · mine · a {2}pass -> fail/);
    expect(changed.stdout).toMatch(/newly fixed \(1\):\n\s+✓ s · mine · b {2}fail -> pass/);
    const report = JSON.parse(readFileSync(path.join(cwd, 'r.json'), 'utf8'));
    expect(report.gates[0]).toMatchObject({ passed: false, newlyBroken: ['a'], newlyFixed: ['b'] });
    expect(report.gates[0].reason).toBe("newly broken against the baseline: a; metric version 2 differs from the baseline's 1 (compared anyway)");
    expect(report.baseline.newlyBroken).toEqual([{ suite: 's', metric: 'mine', id: 'a', before: 'pass', after: 'fail' }]);
    expect(report.baseline.versionChanges).toEqual([{ suite: 's', metric: 'mine', baseline: '1', current: '2' }]);

    // accepting the change: update, then the run is green again, and the diff is the changed lines only
    expect((await cli(['baseline', 'update', '--baseline-file', 'custom/b.json'], cwd)).code).toBe(0);
    expect((await cli(['run', '--baseline', 'custom/b.json'], cwd)).code).toBe(0);
    const after = readFileSync(path.join(cwd, 'custom/b.json'), 'utf8').split('\n');
    const before = text.split('\n');
    expect(after.length).toBe(before.length);
    const changedLines = after.filter((l, i) => l !== before[i]).map((l) => l.trim().split(':')[0]);
    expect(changedLines).toEqual(['"version"', '"a"', '"b"', '"c"', '"d"']);
  });

  it('a missing baseline file is a usage error (exit 2)', async () => {
    const cwd = project();
    const r = await cli(['run', '--baseline', 'nope.json'], cwd);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no baseline file .*nope\.json \(record one with `metric-suite baseline update`\)/);
  });

  it('merge-reports applies --baseline to the merged run', async () => {
    const cwd = project();
    expect((await cli(['baseline', 'update'], cwd)).code).toBe(0);
    writeFileSync(path.join(cwd, 'metric-suite.config.json'), config(2));
    for (const i of [1, 2]) expect((await cli(['run', '--shard', `${i}/2`, '--reporter', 'blob', '--output-file', `blob=${i}.json`], cwd)).code).not.toBe(2);
    const merged = await cli(['merge-reports', '1.json', '2.json', '--baseline', '--reporter', 'json'], cwd);
    expect(merged.code).toBe(1);
    expect(JSON.parse(merged.stdout).gates[0]).toMatchObject({ newlyBroken: ['a'], newlyFixed: ['b'] });
  });
});
