import { describe, expect, it, afterEach } from 'vitest';
import { parseRelation } from '../../../src/cases/relations.js';
import { checkRelation } from '../../../src/runner/expectations.js';
import { runSuites } from '../../../src/runner/run.js';
import { tmpTree } from '../../_support/tmp.js';
import { startChatServer, type ChatServer } from '../../llm/_chat-server.js';
import { candidateOf, evaluationWithMatches } from './_evaluations.js';

let servers: ChatServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

/** A judge whose score is set by the candidate text: `n/m` -> m urgent findings, n matched. */
async function fractionJudge(): Promise<ChatServer> {
  const s = await startChatServer((req) => {
    const [n, m] = candidateOf(req.body).split('/').map(Number);
    return { content: JSON.stringify(evaluationWithMatches(m!, n!)) };
  });
  servers.push(s);
  return s;
}

const config = (url: string) => `metrics:\n  crimson:\n    options: { baseURL: "${url}", model: test-judge, backoffMs: 1 }\n`;
const suite = 'name: judge\ncases: [../cases/**/*.yaml]\nmetrics: [crimson]\n';

describe('RadJudge semantics with crimson', () => {
  it('`tolerance: 0.01` on a case gives upstream\'s `=`: scores closer than 0.01 are equal', async () => {
    const server = await fractionJudge();
    const cwd = tmpTree({
      'metric-suite.config.yaml': config(server.url),
      'suites/judge.yaml': suite,
      // 1.0 vs 0.995: equal for RadJudge (|diff| < 0.01), not equal at the metric's own tolerance 0
      'cases/close.yaml': 'kind: ranking\ncapability: paraphrase\ntolerance: 0.01\nreference: r\ncandidates:\n  a: 200/200\n  b: 199/200\nexpect: a = b\n',
      'cases/close-strict.yaml': 'kind: ranking\ncapability: paraphrase\nreference: r\ncandidates:\n  a: 200/200\n  b: 199/200\nexpect: a = b\n',
      // 1.0 vs 0.99: |diff| = 0.010000000000000009 is not < 0.01 upstream, and not <= 0.01 here
      'cases/apart.yaml': 'kind: ranking\ncapability: paraphrase\ntolerance: 0.01\nreference: r\ncandidates:\n  a: 100/100\n  b: 99/100\nexpect: a = b\n',
    });
    const r = await runSuites({ cwd, cache: false });
    expect(r.problems).toEqual([]);
    const verdicts = Object.fromEntries(r.results.map((x) => [x.caseId, x.verdict]));
    expect(verdicts).toEqual({ close: 'pass', 'close-strict': 'fail', apart: 'fail' });
    expect(r.results.find((x) => x.caseId === 'close')!.scores).toEqual({ a: 1, b: 0.995 });
  });

  it('on every pair of 4-place scores in [-1, 1] with 0.01 apart or less, `=` at tolerance 0.01 agrees with upstream `abs(a - b) < 0.01`, except where the float difference is exactly 0.01', () => {
    const [eq] = parseRelation('a = b');
    let compared = 0;
    const boundary: [number, number][] = [];
    for (let i = -10_000; i <= 10_000; i++) {
      for (let d = 0; d <= 101; d++) {
        const j = i - d;
        if (j < -10_000) break;
        const a = i / 1e4;
        const b = j / 1e4;
        const upstream = Math.abs(a - b) < 0.01;
        const ours = checkRelation({ ...eq!, index: 0 }, { a, b }, 'higher', 0.01).holds;
        compared++;
        if (ours !== upstream) boundary.push([a, b]);
      }
    }
    expect(compared).toBeGreaterThan(2_000_000);
    // The only disagreements: decimal gap 0.0100 whose float difference is exactly 0.01; upstream's
    // own verdict there is float noise (other 0.0100 gaps compute as 0.00999... and pass upstream).
    expect(boundary.length).toBeLessThan(300);
    for (const [a, b] of boundary) {
      expect(Math.round((a - b) * 1e4)).toBe(100);
      expect(Math.abs(a - b)).toBe(0.01);
    }
  });
});

describe('crimson in a suite', () => {
  const files = {
    'suites/judge.yaml': suite,
    'cases/lat.yaml': 'kind: ranking\ncapability: laterality\nreference: r\ncandidates:\n  good: 2/2\n  bad: 1/2\nexpect: good > bad\n',
  };

  it('is skipped with the reason when no endpoint is configured, and the run passes', async () => {
    const r = await runSuites({ cwd: tmpTree(files), cache: false });
    expect(r.exitCode).toBe(0);
    expect(r.results).toHaveLength(1);
    expect(r.results[0]).toMatchObject({ metric: 'crimson', verdict: 'skip' });
    expect(r.results[0]!.reason).toMatch(/^crimson unavailable: no judge endpoint configured/);
  });

  it('runs when an endpoint is configured', async () => {
    const server = await fractionJudge();
    const r = await runSuites({ cwd: tmpTree({ ...files, 'metric-suite.config.yaml': config(server.url) }), cache: false });
    expect(r.results[0]).toMatchObject({ metric: 'crimson', verdict: 'pass', scores: { good: 1, bad: 0.5 } });
    expect(server.requests).toHaveLength(2);
  });
});

describe('the built-in crimson suite', () => {
  it('passes its gate offline: crimson:lexicon gated, crimson skipped with the reason', async () => {
    const r = await runSuites({ cwd: process.cwd(), suites: ['crimson'], cache: false });
    expect(r.problems).toEqual([]);
    expect(r.exitCode).toBe(0);
    const lexicon = r.gates.find((g) => g.metric === 'crimson:lexicon')!;
    expect(lexicon.passed).toBe(true);
    expect(lexicon.unexpectedPasses).toEqual([]);
    const llm = r.results.filter((x) => x.metric === 'crimson');
    expect(llm.length).toBeGreaterThan(40);
    expect(llm.every((x) => x.verdict === 'skip' && /^crimson unavailable: no judge endpoint configured/.test(x.reason ?? ''))).toBe(true);
  });
});
