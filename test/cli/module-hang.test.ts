import { describe, expect, it } from 'vitest';
import { tmpTree } from '../_support/tmp.js';
import { bin } from './_bin.js';

/**
 * The user path of a TypeScript module metric that hangs on one input (README "Bring your
 * metric"): through the built bin, the hanging case is an error naming the timeout, the others
 * pass, and the process exits (no worker thread is left spinning or alive) with the gate's code.
 */
describe('a TypeScript module metric that hangs on one case, through the bin', () => {
  it('errors that case only and exits 1 promptly', async () => {
    const cwd = tmpTree({
      'package.json': '{ "name": "p", "private": true, "type": "module" }',
      'metric-suite.config.yaml': 'metrics:\n  side: { module: ./side.ts, timeoutMs: 2000 }\n',
      'suites/side.yaml': 'name: side\ncases: [../cases/*.yaml]\nmetrics: [side]\n',
      'cases/c.yaml': [
        'defaults: { kind: ranking, capability: laterality }',
        'cases:',
        ...['effusion', 'HANG', 'pneumothorax'].map((id) => `  - id: ${id}\n    reference: Left ${id}.\n    candidates: { exact: Left ${id}., wrong: Right ${id}. }\n    expect: exact > wrong`),
        '',
      ].join('\n'),
      'side.ts': `const sides = (s: string): string => (s.match(/left|right/gi) ?? []).join(',').toLowerCase();
export default {
  id: 'side', version: '1', description: 'same sides', direction: 'higher' as const, range: [0, 1] as [number, number],
  tieTolerance: 0, deterministic: true, inputs: ['text' as const],
  score: (rs: { reference: string; candidate: string }[]) => rs.map((r) => {
    if (r.candidate.includes('HANG')) for (;;) {}
    return { value: sides(r.reference) === sides(r.candidate) ? 1 : 0 };
  }),
};
`,
    });
    const started = Date.now();
    const r = await bin(['--no-cache'], cwd);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout).toMatch(/ERROR HANG \[side\][\s\S]*side timed out after 2000 ms \(scored alone after its batch of 6 timed out\)/);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 1 failed');
    expect(Date.now() - started).toBeLessThan(40_000);
  }, 60_000);
});
