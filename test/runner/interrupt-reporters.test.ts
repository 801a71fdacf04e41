import { describe, expect, it } from 'vitest';
import { reporters as builtins } from '../../reporters/index.js';
import type { MetricProvider } from '../../src/metrics/provider.js';
import type { Reporter } from '../../src/runner/hooks.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';
import { metric } from './_helpers.js';

/**
 * Issue 14, finding 4: an interrupted run still gives every reporter what completed, marked
 * interrupted. The signal is aborted from a reporter after the third result (no timing), and
 * each built-in reporter's output must carry its interrupted mark and the completed cases.
 */
const N = 30;

function project(): string {
  const cases = Array.from({ length: N }, (_, i) => `  - { id: c${i}, reference: r, candidate: x${i}, expect: { one: { min: 0 } } }\n`).join('');
  return tmpTree({
    'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [one]\n',
    'cases/c.yaml': `defaults: { kind: score }\ncases:\n${cases}`,
  });
}

/** One request per batch, one batch at a time; the third batch sends the interrupt (no timing involved). */
function provider(controller: AbortController): MetricProvider {
  let calls = 0;
  return {
    id: 'one',
    description: 'interrupts the run from its third batch',
    create: () => metric({ id: 'one', batchSize: 1, concurrency: 1, score: async (rs) => {
      if (++calls === 3) controller.abort();
      return rs.map(() => ({ value: 1 }));
    } }),
  };
}

/** The mark each built-in reporter writes for an interrupted run. */
const marks: Record<string, RegExp> = {
  default: /interrupted: the results cover only what completed/,
  verbose: /interrupted: the results cover only what completed/,
  json: /"interrupted": true/,
  junit: /<testsuite name="interrupted"[^>]*>[\s\S]*<error message="interrupted: the results cover only what completed before the signal" type="interrupted">/,
  markdown: /interrupted \(only what completed\)/,
  html: /interrupted: only what completed/,
  'github-actions': /interrupted/,
};

describe('an interrupted run: every reporter writes what completed, marked interrupted', () => {
  it('each built-in reporter', async () => {
    const cwd = project();
    const controller = new AbortController();
    const outputs = new Map<string, string[]>();
    const list: Reporter[] = [];
    for (const name of Object.keys(marks)) {
      const chunks: string[] = [];
      outputs.set(name, chunks);
      list.push(builtins[name]!({ write: (t) => void chunks.push(t), color: false }));
    }
    const report = await runSuites({ cwd, providers: [provider(controller)], cache: false, reporters: list, signal: controller.signal, interruptGraceMs: 30_000 });
    expect(report.interrupted).toBe(true);
    expect(report.exitCode).toBe(130);
    const done = report.results.map((r) => r.caseId);
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(done.length).toBeLessThan(N);
    for (const [name, mark] of Object.entries(marks)) {
      const out = outputs.get(name)!.join('');
      expect(out, name).toMatch(mark);
    }
    // the file formats list every completed case and no case that did not complete
    const json = JSON.parse(outputs.get('json')!.join('')) as { results: { caseId: string }[]; interrupted: boolean };
    expect(json.results.map((r) => r.caseId)).toEqual(done);
    const junit = outputs.get('junit')!.join('');
    for (const id of done) expect(junit).toContain(`name="${id}"`);
    expect(junit).not.toContain(`name="c${N - 1}"`);
  });
});
