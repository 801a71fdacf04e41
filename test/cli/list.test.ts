/**
 * `metric-suite list` in a new project: RadEval's built-in metrics, which nobody configured,
 * are one line saying RadEval is not installed (one cheap probe, no worker per metric and no
 * Python traceback per metric); unconfigured judges say "not configured", not "error".
 */
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { bin } from './_bin.js';

describe('metric-suite list', () => {
  it('shows the unconfigured radeval:* metrics once as not installed, and no Python errors', { timeout: 60_000 }, async () => {
    const cwd = tmpTree({ 'package.json': '{}' });
    const r = await bin(['list'], cwd, { NO_COLOR: '1' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/No module named|ModuleNotFoundError/);
    const radeval = r.stdout.split('\n').filter((l) => l.includes('radeval:'));
    expect(radeval).toHaveLength(1);
    expect(radeval[0]).toMatch(/^ {2}radeval:\* {2}16 RadEval metrics \(bertscore, bleu, .*\): not installed \(the RadEval Python package is not installed in python3; pip install RadEval/);
    expect(r.stdout).toMatch(/^ {2}crimson {2}not configured: no judge endpoint configured/m);
    expect(r.stdout).toMatch(/^ {2}bleu@\S+ {2}higher is better/m);
    const json = JSON.parse((await bin(['list', '--json'], cwd)).stdout) as { metrics: { id: string; installed?: boolean; direction?: string }[] };
    const bertscore = json.metrics.find((m) => m.id === 'radeval:bertscore');
    expect(bertscore).toMatchObject({ installed: false, direction: 'higher' });
  });
});
