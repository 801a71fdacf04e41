import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpTree } from '../../_support/tmp.js';

const bin = path.resolve(import.meta.dirname, '../../../dist/src/cli/bin.js');

/**
 * Issue 14, finding 1: a stray rejection or late timer throw from an in-process metric (one
 * defined inline in a JS config) does not end the run with exit 1 and no report: the run
 * finishes, reports, and exits by its gates. Run in a child process (the built CLI), since
 * the test runner itself fails on stray rejections.
 */
describe('the runner guards the process', () => {
  it('ignores stray rejections and timer throws with a warning; the exit code follows the gates', () => {
    const cwd = tmpTree({
      'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [stray]\n',
      'cases/c.yaml': 'defaults: { kind: score }\ncases:\n  - { id: one, reference: r, candidate: a, expect: { stray: { min: 0.5 } } }\n  - { id: two, reference: r, candidate: b, expect: { stray: { min: 0.5 } } }\n',
      'metric-suite.config.mjs': `export default { metrics: { stray: { id: 'stray', version: '1', description: 'leaks errors', direction: 'higher',
  range: [0, 1], tieTolerance: 0, deterministic: true, inputs: ['text'], batchSize: 1,
  async score(rs) {
    Promise.reject(new Error('dangling'));
    setTimeout(() => { throw new Error('late'); }, 1);
    await new Promise((ok) => setTimeout(ok, 30));
    return rs.map(() => ({ value: 1 }));
  } } } };\n`,
    });
    const r = spawnSync(process.execPath, [bin, 'run', '--no-cache'], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(r.stderr).toContain('an unhandled promise rejection was ignored: dangling');
    expect(r.stderr).toContain('an uncaught exception was ignored: late');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed');
    expect(r.status).toBe(0);
  });
});
