import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isErrorOutcome, type ScoreOutcome, type ScoreRequest } from '../../../src/metrics/contract.js';
import { createCrimsonJudge, crimsonProvider, guidelinesFor, scoreJudgeReply } from '../../../src/metrics/crimson/judge.js';
import { MetricUnavailableError } from '../../../src/metrics/provider.js';
import { MetricRegistry } from '../../../src/metrics/registry.js';
import { DiskCache } from '../../../src/runner/cache.js';
import { scoreRequests } from '../../../src/runner/scheduler.js';
import { sequence, startChatServer, type ChatServer, type Script } from '../../llm/_chat-server.js';
import { WRONG_SIDE_SCORE, wrongSideEvaluation } from './_evaluations.js';

let servers: ChatServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});
async function serve(script: Script): Promise<ChatServer> {
  const s = await startChatServer(script);
  servers.push(s);
  return s;
}
function tmp(): string {
  const d = mkdtempSync(path.join(os.tmpdir(), 'ms-crimson-'));
  dirs.push(d);
  return d;
}

const env = { root: process.cwd() };
const request: ScoreRequest = {
  reference: 'Small left pleural effusion. Mild cardiomegaly.',
  candidate: 'Small right pleural effusion.',
  context: { age: 64, indication: 'Dyspnea' },
};
const signal = () => new AbortController().signal;

/** One judge call through the real client against a server answering with `reply`. */
async function judge(script: Script, options: Record<string, unknown> = {}): Promise<{ outcome: ScoreOutcome; server: ChatServer }> {
  const server = await serve(script);
  const metric = createCrimsonJudge({ baseURL: server.url, model: 'test-judge', backoffMs: 1, ...options }, env);
  const [outcome] = await metric.score([request], { signal: signal() });
  return { outcome: outcome!, server };
}
const json = JSON.stringify(wrongSideEvaluation);

describe('crimson: LLM judge over the real client path', () => {
  it('scores a valid reply and keeps the evaluation in the details', async () => {
    const { outcome, server } = await judge(() => ({ content: json }));
    expect(outcome).toMatchObject({ value: WRONG_SIDE_SCORE, details: { N_G: 0.75, correct: 0.25, E_penalty: 0, error_counts: { location_errors: 1, missing_findings: 1 }, judge: 'test-judge' } });
    expect((outcome as { details: Record<string, unknown> }).details.evaluation).toEqual(wrongSideEvaluation);
    expect((outcome as { details: Record<string, unknown> }).details.repairs).toBeUndefined();
    const body = server.requests[0]!.body;
    expect(body).toMatchObject({ model: 'test-judge', temperature: 0, seed: 42, response_format: { type: 'json_object' } });
    const [system, user] = body.messages as { role: string; content: string }[];
    expect(system!.role).toBe('system');
    expect(user!.content).toContain('Small right pleural effusion.');
    expect(user!.content).toContain('- Age: 64');
    expect(user!.content).toContain('- Indication: Dyspnea');
  });

  it('scores a fenced reply with prose around it, and says what it repaired', async () => {
    const { outcome } = await judge(() => ({ content: `Here is my evaluation:\n\`\`\`json\n${json}\n\`\`\`\nThanks.` }));
    expect(outcome).toMatchObject({ value: WRONG_SIDE_SCORE, details: { repairs: ['code fence removed'] } });
  });

  it('repairs a malformed reply (trailing commas, orphan key, duplicated key keeps the first)', async () => {
    const bad = json.replace('"matched_findings":[', '"matched_findings":[{"ref_id":"R1","pred_old","pred_id":"P1"},').replace(/\]\}\}$/, '],}}') .replace('{"reference_findings"', '{"reference_findings":[],"reference_findings"');
    const { outcome } = await judge(() => ({ content: bad }));
    // the first reference_findings ([]) wins, as in the reference implementation: N_G = 0 special case
    expect(isErrorOutcome(outcome)).toBe(false);
    expect((outcome as unknown as { details: { evaluation: { reference_findings: unknown[] } } }).details.evaluation.reference_findings).toEqual([]);
  });

  it('an unusable reply is an error quoting the reply, never a number', async () => {
    const { outcome } = await judge(() => ({ content: '{"reference_findings": [ ::: oops' + ' }}}'.repeat(3) + ' not json at all' }));
    expect(isErrorOutcome(outcome)).toBe(true);
    expect((outcome as { error: string }).error).toMatch(/^crimson: the judge's (reply is not a usable evaluation|JSON is not a CRIMSON evaluation) .*reply: "\{\\"reference_findings\\": \[ ::: oops/);
  });

  it('a refusal in text is an error quoting it', async () => {
    const { outcome } = await judge(() => ({ content: "I'm sorry, but I can't provide medical evaluations." }));
    expect(outcome).toEqual({ error: `crimson: the judge's reply is not a usable evaluation: no JSON object in the reply; reply: "I'm sorry, but I can't provide medical evaluations."` });
  });

  it('a structured refusal is an error quoting it', async () => {
    const { outcome } = await judge(() => ({ content: null, refusal: 'I cannot help with that.' }));
    expect(outcome).toEqual({ error: 'crimson: the judge refused: "I cannot help with that."' });
  });

  it('a reply cut off by the token limit is an error (entries may be lost), unless allowed', async () => {
    const cut = json.slice(0, json.indexOf('"missing_findings"') + 25);
    const { outcome } = await judge(() => ({ content: cut, finishReason: 'length' }));
    expect((outcome as { error: string }).error).toMatch(/^crimson: the judge's reply was cut off mid-JSON \(the judge hit its token limit: raise maxTokens\)/);
    const allowed = await judge(() => ({ content: cut, finishReason: 'length' }), { allowTruncated: true });
    expect(isErrorOutcome(allowed.outcome)).toBe(false);
    expect((allowed.outcome as unknown as { details: { repairs: string[] } }).details.repairs).toContain('truncated JSON closed');
  });

  it('JSON that is not an evaluation is an error naming what is missing', async () => {
    const { outcome } = await judge(() => ({ content: '{"score": 0.9}' }));
    expect((outcome as { error: string }).error).toMatch(/^crimson: the judge's JSON is not a CRIMSON evaluation \(reference_findings: .*; reply: "\{\\"score\\": 0.9\}"/);
  });

  it('retries a 429 and then scores', async () => {
    const { outcome, server } = await judge(sequence({ status: 429, headers: { 'retry-after-ms': '10' } }, { content: json }));
    expect(outcome).toMatchObject({ value: WRONG_SIDE_SCORE });
    expect(server.requests).toHaveLength(2);
  });

  it('a server error that persists is an error outcome after the retries', async () => {
    const { outcome, server } = await judge(() => ({ status: 500, error: 'CUDA out of memory' }), { retries: 2 });
    expect((outcome as { error: string }).error).toMatch(/^crimson: http:\/\/127\.0\.0\.1:\d+\/v1 \(model test-judge\) answered HTTP 500: CUDA out of memory \(after 3 attempts\)$/);
    expect(server.requests).toHaveLength(3);
  });

  it('a judge slower than the timeout is an error outcome', async () => {
    const { outcome } = await judge(() => ({ content: json, delayMs: 3_000 }), { timeoutMs: 100, retries: 0 });
    expect((outcome as { error: string }).error).toMatch(/did not answer within 100 ms/);
  });

  it('normalises labels and ids an LLM writes loosely, and warns about inconsistencies', () => {
    const loose = {
      reference_findings: [{ id: 1, finding: 'effusion', clinical_significance: 'Actionable not urgent' }],
      predicted_findings: [{ id: 'P1', finding: 'effusion', clinical_significance: 'actionable-not-urgent' }, { id: 'P2', finding: 'x', clinical_significance: 'unclear' }],
      matched_findings: [{ ref_id: 1, pred_id: 'P1' }],
      errors: { false_findings: [] },
    };
    const o = scoreJudgeReply(JSON.stringify(loose)) as { value: number; details: { warnings: string[] } };
    expect(o.value).toBe(1);
    expect(o.details.warnings).toEqual(['P2 has unknown clinical_significance "unclear" (weighs 0.25)', 'P2 is neither matched nor false']);
  });
});

describe('crimson: configuration', () => {
  it('is unavailable (skipped by the runner) without an endpoint', () => {
    expect(() => crimsonProvider.create({}, env)).toThrow(MetricUnavailableError);
    expect(() => crimsonProvider.create({}, env)).toThrow(/no judge endpoint configured/);
  });

  it('is unavailable when the named API key variable is unset, and sends the key when set', async () => {
    const name = 'METRIC_SUITE_TEST_CRIMSON_KEY';
    delete process.env[name];
    expect(() => crimsonProvider.create({ baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: name }, env)).toThrow(/METRIC_SUITE_TEST_CRIMSON_KEY \(apiKeyEnv\) is not set/);
    process.env[name] = 'sk-secret';
    try {
      const { server } = await judge(() => ({ content: json }), { apiKeyEnv: name });
      expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-secret');
    } finally {
      delete process.env[name];
    }
  });

  it('rejects unknown or invalid options', () => {
    expect(() => crimsonProvider.create({ baseURL: 'http://x/v1', temprature: 0 }, env)).toThrow(/invalid crimson options: Unrecognized key: "temprature"/);
    expect(() => crimsonProvider.create({ baseURL: 'not a url' }, env)).toThrow(/baseURL/);
  });

  it('declares what the runner needs: remote, not deterministic, one request per batch', () => {
    const m = createCrimsonJudge({ baseURL: 'http://127.0.0.1:9/v1', concurrency: 16, timeoutMs: 1000, retries: 2 }, env);
    expect(m).toMatchObject({ id: 'crimson', remote: true, deterministic: false, batchSize: 1, concurrency: 16, retries: 0, range: [-1, 1], direction: 'higher' });
    expect(m.timeoutMs).toBeGreaterThan(3 * 1000);
  });

  it('omits guidelines for the fine-tuned judge by default, as upstream does', async () => {
    expect(guidelinesFor({ guidelines: 'auto', model: 'rajpurkarlab/medgemma-4b-it-crimson' })).toBe(false);
    expect(guidelinesFor({ guidelines: 'auto', model: 'gpt-4o' })).toBe(true);
    expect(guidelinesFor({ guidelines: true, model: 'rajpurkarlab/medgemma-4b-it-crimson' })).toBe(true);
    const withG = await judge(() => ({ content: json }), { guidelines: true });
    const withoutG = await judge(() => ({ content: json }), { guidelines: false });
    const text = (s: ChatServer) => (s.requests[0]!.body.messages as { content: string }[])[1]!.content;
    expect(text(withG.server)).toContain('Examples (adjust to the patient context)');
    expect(text(withoutG.server)).not.toContain('Examples (adjust to the patient context)');
  });

  it('uses a user template file and system prompt, and a template change changes the version (cache key)', async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, 'upstream.hbs'), 'REF={{reference}} CAND={{candidate}} AGE={{context_object.age}}{{#each context}} [{{key}}]{{/each}}');
    const server = await serve(() => ({ content: json }));
    const a = createCrimsonJudge({ baseURL: server.url, promptTemplate: 'upstream.hbs', systemPrompt: 'You are an expert radiology evaluator.' }, { root: dir });
    await a.score([request], { signal: signal() });
    const messages = server.requests[0]!.body.messages as { role: string; content: string }[];
    expect(messages).toEqual([
      { role: 'system', content: 'You are an expert radiology evaluator.' },
      { role: 'user', content: 'REF=Small left pleural effusion. Mild cardiomegaly. CAND=Small right pleural effusion. AGE=64 [Age] [Indication]' },
    ]);
    writeFileSync(path.join(dir, 'upstream.hbs'), 'changed {{reference}}');
    const b = createCrimsonJudge({ baseURL: server.url, promptTemplate: 'upstream.hbs' }, { root: dir });
    expect(b.version).not.toBe(a.version);
    expect(() => createCrimsonJudge({ baseURL: server.url, promptTemplate: 'missing.hbs' }, { root: dir })).toThrow(/missing\.hbs/);
  });

  it('can leave out the patient context', async () => {
    const { server } = await judge(() => ({ content: json }), { patientContext: false });
    expect((server.requests[0]!.body.messages as { content: string }[])[1]!.content).not.toContain('Patient context');
  });
});

describe('crimson through the runner', () => {
  it('scores with the configured concurrency, and a warm re-run through the disk cache makes no calls', async () => {
    let active = 0;
    let peak = 0;
    const server = await serve(async () => {
      active++;
      peak = Math.max(peak, active);
      await new Promise((r) => setTimeout(r, 20));
      active--;
      return { content: json };
    });
    const cacheDir = tmp();
    const requests = Array.from({ length: 12 }, (_, i) => ({ ...request, candidate: `Small right pleural effusion ${i}.` }));
    const run = async () => {
      const registry = new MetricRegistry([crimsonProvider], { crimson: { options: { baseURL: server.url, model: 'test-judge', concurrency: 3 } } });
      const reg = await registry.get('crimson');
      const cache = new DiskCache(cacheDir);
      const r = await scoreRequests(reg, requests, { cache });
      await cache.flush();
      return r;
    };
    const cold = await run();
    expect(cold.outcomes.every((o) => !isErrorOutcome(o) && o.value === WRONG_SIDE_SCORE)).toBe(true);
    expect(server.requests).toHaveLength(12);
    expect(peak).toBe(3);
    const warm = await run();
    expect(server.requests).toHaveLength(12); // no new calls
    expect(warm.stats.cacheHits).toBe(12);
    expect(warm.outcomes).toEqual(cold.outcomes);
  });

  it('errors are not cached: the next run asks again', async () => {
    const server = await serve(sequence({ content: 'not json' }, { content: json }));
    const cacheDir = tmp();
    for (const expected of [true, false]) {
      const reg = await new MetricRegistry([crimsonProvider], { crimson: { options: { baseURL: server.url } } }).get('crimson');
      const cache = new DiskCache(cacheDir);
      const { outcomes } = await scoreRequests(reg, [request], { cache });
      await cache.flush();
      expect(isErrorOutcome(outcomes[0]!)).toBe(expected);
    }
    expect(server.requests).toHaveLength(2);
  });

  it('offline, a cache miss is an error and no call is made', async () => {
    const server = await serve(() => ({ content: json }));
    const reg = await new MetricRegistry([crimsonProvider], { crimson: { options: { baseURL: server.url } } }).get('crimson');
    const { outcomes } = await scoreRequests(reg, [request], { cache: new DiskCache(tmp()), offline: true });
    expect((outcomes[0] as { error: string }).error).toMatch(/^offline: no cached score/);
    expect(server.requests).toHaveLength(0);
  });
});
