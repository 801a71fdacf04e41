import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from './_bin.js';
import { tableConfig, tableProject } from './_table-metric.js';

describe('run --baseline / -u (built bin)', () => {
  it('marks the newly broken results NEWLY BROKEN and prints only those in full', async () => {
    const cwd = tableProject(1);
    expect((await bin(['baseline', 'update'], cwd)).code).toBe(0);
    writeFileSync(path.join(cwd, 'metric-suite.config.json'), tableConfig(2)); // breaks a; c fails in both
    const r = await bin(['run', '--baseline'], cwd);
    expect(r.code).toBe(1);
    expect(r.stdout.match(/NEWLY BROKEN/g)).toHaveLength(1);
    const marked = r.stdout.split('\n').find((l) => l.includes('NEWLY BROKEN'))!;
    expect(marked).toMatch(/^FAIL a \[mine\].*NEWLY BROKEN$/);
    // a in full (its expected relation and the scores), c on one line under "still failing"
    const full = r.stdout.slice(r.stdout.indexOf(marked), r.stdout.indexOf('still failing as in the baseline'));
    expect(full).toContain('good > bad');
    expect(r.stdout).toMatch(/still failing as in the baseline \(not gating\): 1\n.*\bc\b/);
    expect(r.stdout).not.toMatch(/^FAIL c \[mine\]/m);
  }, 60_000);

  it('-u writes the first baseline, then accepts what changed; the next --baseline run is green', async () => {
    const cwd = tableProject(1);
    const file = path.join(cwd, 'metric-suite.baseline.json');
    const first = await bin(['run', '-u'], cwd);
    expect(first.code).toBe(0); // b and c fail, and are now the baseline
    expect(first.stderr).toContain('metric-suite: baseline written: metric-suite.baseline.json (4 results)\n');
    expect(JSON.parse(readFileSync(file, 'utf8')).suites.s.mine.cases.b.verdict).toBe('fail');
    writeFileSync(path.join(cwd, 'metric-suite.config.json'), tableConfig(2));
    expect((await bin(['run', '--baseline'], cwd)).code).toBe(1);
    const update = await bin(['run', '--update'], cwd);
    expect(update.code).toBe(0);
    expect(update.stdout).toContain('NEWLY BROKEN'); // the run still shows what it accepts
    expect(update.stderr).toContain('metric-suite: baseline updated: metric-suite.baseline.json (4 results; 1 newly broken accepted)\n');
    expect(JSON.parse(readFileSync(file, 'utf8')).suites.s.mine.cases.a.verdict).toBe('fail');
    expect((await bin(['run', '--baseline'], cwd)).code).toBe(0);
  }, 90_000);

  it('-u writes nothing when the run has problems, and refuses --shard', async () => {
    const cwd = tableProject(1, { 'cases/broken.yaml': 'kind: ranking\nreference: [\n' });
    const r = await bin(['run', '-u'], cwd);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('metric-suite: the baseline was not written (fix the problems above)');
    expect(existsSync(path.join(cwd, 'metric-suite.baseline.json'))).toBe(false);
    const shard = await bin(['run', '-u', '--shard', '1/2'], cwd);
    expect(shard.code).toBe(2);
    expect(shard.stderr).toMatch(/^metric-suite: -u\/--update records a whole run/);
  }, 60_000);
});
