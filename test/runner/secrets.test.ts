import { describe, expect, it } from 'vitest';
import { reporters as builtins } from '../../reporters/index.js';
import type { Reporter } from '../../src/runner/hooks.js';
import { runSuites } from '../../src/runner/run.js';
import { tmpTree } from '../_support/tmp.js';
import { cli } from '../cli/_run.js';

/**
 * Issue 14, finding 7, end to end: a password in a metric's URL (`http://user:pass@host`) and
 * a token in its query string were printed in `list` and in every error verdict of every
 * reporter. The endpoint here refuses connections, so every request is an error naming it.
 */
const PASSWORD = 'hunter2-do-not-print';
const TOKEN = 'tok-9f8e7d-do-not-print';

function project(): string {
  const declaration = "{ id: judge, version: '1', description: remote judge, direction: higher, range: [0, 1], tieTolerance: 0, deterministic: true, inputs: [text] }";
  return tmpTree({
    // judge declares itself; fetched asks the endpoint for its declaration (its error names the URL)
    'metric-suite.config.yaml': `metrics:\n  judge:\n    http: { url: 'http://user:${PASSWORD}@127.0.0.1:9/score?api_key=${TOKEN}', retries: 0, timeoutMs: 2000, declaration: ${declaration} }\n` +
      `  fetched:\n    http: { url: 'http://user:${PASSWORD}@127.0.0.1:9/score?api_key=${TOKEN}', retries: 0, timeoutMs: 2000 }\n`,
    'suites/main.yaml': 'name: main\ncases: [../cases/*.yaml]\nmetrics: [judge]\n',
    'cases/c.yaml': 'defaults: { kind: score }\ncases:\n  - { id: a, reference: r, candidate: c1, expect: { judge: { min: 0 } } }\n  - { id: b, reference: r, candidate: c2, expect: { judge: { min: 0 } } }\n',
  });
}

describe('secrets in metric URLs never reach any output', () => {
  it('every built-in reporter, the report object and the problems', async () => {
    const cwd = project();
    const outputs = new Map<string, string[]>();
    const list: Reporter[] = Object.keys(builtins).filter((n) => n !== 'blob').map((name) => {
      const chunks: string[] = [];
      outputs.set(name, chunks);
      return builtins[name]!({ write: (t) => void chunks.push(t), color: false });
    });
    const report = await runSuites({ cwd, cache: false, reporters: list });
    // the run did reach the endpoint's errors (else this test would prove nothing)
    expect(report.results.map((r) => r.verdict)).toEqual(['error', 'error']);
    expect(report.results[0]!.reason).toMatch(/127\.0\.0\.1/);
    const everything = [JSON.stringify(report), ...[...outputs.values()].map((c) => c.join(''))].join('\n');
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(TOKEN);
  });

  it('metric-suite list (text and --json)', async () => {
    for (const args of [['list'], ['list', '--json']]) {
      const r = await cli(args, project());
      const out = r.stdout + r.stderr;
      // both metrics are listed, and the one that could not fetch its declaration names the endpoint
      expect(out).toMatch(/judge@1|"id": "judge"/);
      expect(out).toMatch(/fetched[\s\S]*127\.0\.0\.1/);
      expect(out).not.toContain(PASSWORD);
      expect(out).not.toContain(TOKEN);
    }
  });
});
