import { describe, expect, it } from 'vitest';
import type { MetricProvider } from '../../src/metrics/provider.js';
import { formatProblem } from '../../src/runner/results.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';
import { metric } from './_helpers.js';

/**
 * Issue 14, finding 2, for suite files: an alias with no anchor, an alias bomb or 3,000-deep
 * nesting in one suite file was one unlocated line and the end of the run. Now it is a
 * `file:line:col` problem for that file (exit 2), and the other suites still run.
 */
const provider: MetricProvider = { id: 'one', description: 'constant', create: () => metric({ id: 'one' }) };
const good = 'name: good\ncases: [../cases/*.yaml]\nmetrics: [one]\n';
const caseFile = 'kind: score\nreference: r\ncandidate: c\nexpect: { one: { min: 0 } }\n';

const bad: Record<string, string> = {
  'an alias with no anchor': 'name: bad\ncases: [*a]\nmetrics: [one]\n',
  'an alias bomb': `name: bad\n${Array.from({ length: 9 }, (_, i) => `b${i}: &b${i} [${i === 0 ? '1,1,1,1,1,1,1,1,1' : Array(9).fill(`*b${i - 1}`).join(',')}]`).join('\n')}\ncases: [../cases/*.yaml]\nmetrics: [one]\n`,
  '3,000-deep nesting': `name: bad\ncases: ${'['.repeat(3000)}\nmetrics: [one]\n`,
};

describe('a hostile suite file costs only itself', () => {
  for (const [what, text] of Object.entries(bad)) {
    it(`${what}: a located problem for that file; the other suite runs`, async () => {
      const cwd = tmpTree({ 'suites/a-bad.yaml': text, 'suites/b-good.yaml': good, 'cases/c.yaml': caseFile });
      const r = await runSuites({ cwd, providers: [provider], cache: false });
      const lines = r.problems.map(formatProblem);
      expect(lines.some((l) => /^suites\/a-bad\.yaml:\d+:\d+: invalid YAML: /.test(l)), lines.join('\n')).toBe(true);
      expect(r.results.map((x) => [x.suite, x.verdict])).toEqual([['good', 'pass']]);
      expect(r.exitCode).toBe(2);
    });
  }
});
